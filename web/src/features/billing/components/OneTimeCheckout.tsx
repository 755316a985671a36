import type { PaymentReply } from '@portal/contracts';
import { useId, useState, type ReactNode } from 'react';
import container from '../../../shared/ui/container.module.css';
import { errorMessage, paymentOutcome, SUCCESS_REDIRECT_MS } from '../checkout';
import { useRefreshBilling } from '../hooks/use-billing';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { BILLING_MESSAGES } from '../labels';
import { formatAmount } from '../money';
import styles from './Billing.module.css';
import { CheckoutForm } from './CheckoutForm';
import { PageMessage, PaymentSuccess } from './PageMessage';
import { PaymentsProvider } from './PaymentsProvider';
import type { CheckoutItem } from '../pending-attempt';

interface OneTimeCheckoutProps {
  /** What is bought: the page's heading and the success line. */
  name: string;
  /** What is bought, as the attempt kept while its outcome is unknown names it. */
  item: CheckoutItem;
  /** The order summary below its heading: the price as the catalog words it, what it covers. */
  summary: ReactNode;
  /** The amount charged, in dollars; null for an item priced by quote (not sold online). */
  amount: number | null;
  /** Said instead of the card form when `amount` is null. */
  quoteMessage: string;
  /** The way back (a link), offered when the payment fails for good. */
  back: ReactNode;
  /** Pays with the confirmed card (the server prices the item), under the attempt's idempotency key. */
  pay(paymentMethodId: string, idempotencyKey: string): Promise<PaymentReply>;
  /** The confirmation page and what it is handed, a moment after the success shows. */
  confirmation: { path: string; state(payment: PaymentReply): unknown };
}

/**
 * A one-time purchase (a service, a filing): the order summary beside the card form; on success the
 * amount paid, billing data refreshed, then the confirmation page. An error the form cannot show
 * beside the card replaces the page with a message and the way back.
 */
export function OneTimeCheckout({
  name,
  item,
  summary,
  amount,
  quoteMessage,
  back,
  pay,
  confirmation,
}: OneTimeCheckoutProps) {
  const summaryId = useId();
  const redirect = useRedirectAfter();
  const refresh = useRefreshBilling();
  const [paid, setPaid] = useState<PaymentReply | null>(null);
  const [passedUp, setPassedUp] = useState<unknown>(null);

  if (passedUp) {
    return (
      <PageMessage title={name} tone="error" action={back}>
        {errorMessage(passedUp, BILLING_MESSAGES.paymentErrorPassedUp)}
      </PageMessage>
    );
  }

  function onSuccess(payment: PaymentReply) {
    setPaid(payment);
    refresh();
    redirect(confirmation.path, SUCCESS_REDIRECT_MS, confirmation.state(payment));
  }

  return (
    <div className={`${container.container} ${styles.page}`}>
      <h1 className={styles.title}>{name}</h1>
      <div className={styles.checkout}>
        <section className={styles.panel} aria-labelledby={summaryId}>
          <h2 id={summaryId} className={styles.panelTitle}>
            Order summary
          </h2>
          {summary}
        </section>
        <section className={styles.panel} aria-label="Payment details">
          {paid ? (
            <PaymentSuccess title={BILLING_MESSAGES.paymentSuccessful}>
              {formatAmount(paid.amount)} paid for {name}.
            </PaymentSuccess>
          ) : amount === null ? (
            <p>{quoteMessage}</p>
          ) : (
            <PaymentsProvider>
              <CheckoutForm
                submitLabel={`Pay ${formatAmount(amount)}`}
                pay={async (paymentMethodId, key) => paymentOutcome(await pay(paymentMethodId, key))}
                onSuccess={onSuccess}
                onError={setPassedUp}
                failureMessage={BILLING_MESSAGES.paymentFailed}
                charge={{ item, outcomeUnknown: BILLING_MESSAGES.paymentOutcomeUnknown }}
              />
            </PaymentsProvider>
          )}
        </section>
      </div>
    </div>
  );
}
