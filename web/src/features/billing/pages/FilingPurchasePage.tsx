import type { PaymentReply } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { getForm } from '../../filings/api';
import { payForForm } from '../api';
import { errorMessage, paymentOutcome, SUCCESS_REDIRECT_MS } from '../checkout';
import type { FilingConfirmationState } from '../confirmation';
import styles from '../components/Billing.module.css';
import { CheckoutForm } from '../components/CheckoutForm';
import { PageMessage, PaymentSuccess } from '../components/PageMessage';
import { PaymentsProvider } from '../components/PaymentsProvider';
import { useRefreshBilling } from '../hooks/use-billing';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { BILLING_MESSAGES } from '../labels';
import { formatAmount } from '../money';

/** /filing-purchase?filing={id} (spec part 2, section 2), behind the sign-in guard. */
export function FilingPurchasePage() {
  const [params] = useSearchParams();
  const filingId = params.get('filing')?.trim() ?? '';
  useDocumentTitle('Purchase a Filing');
  const back = <ButtonLink to={ROUTES.filings}>Back to Filings</ButtonLink>;
  if (!filingId) {
    return (
      <PageMessage title="Purchase a Filing" action={back}>
        {BILLING_MESSAGES.noFiling}
      </PageMessage>
    );
  }
  return <FilingPurchase filingId={filingId} back={back} />;
}

function FilingPurchase({ filingId, back }: { filingId: string; back: React.ReactNode }) {
  const redirect = useRedirectAfter();
  const refresh = useRefreshBilling();
  const form = useQuery({
    queryKey: ['billing', 'form', filingId],
    queryFn: ({ signal }) => getForm(filingId, signal),
  });
  const [paid, setPaid] = useState<PaymentReply | null>(null);
  const [passedUp, setPassedUp] = useState<unknown>(null);

  if (form.isPending) {
    return (
      <p role="status" className={`${container.container} ${styles.page}`}>
        Loading…
      </p>
    );
  }
  if (form.isError) {
    return (
      <PageMessage title="Purchase a Filing" tone="error" action={back}>
        {BILLING_MESSAGES.formLoad}
      </PageMessage>
    );
  }
  if (passedUp) {
    return (
      <PageMessage title={form.data.form_name} tone="error" action={back}>
        {errorMessage(passedUp, BILLING_MESSAGES.paymentErrorPassedUp)}
      </PageMessage>
    );
  }
  const data = form.data;
  const amount = data.estimated_fee_cents === null ? null : data.estimated_fee_cents / 100;

  function onSuccess(payment: PaymentReply) {
    setPaid(payment);
    refresh();
    const state: FilingConfirmationState = {
      payment,
      form: { id: data.id, form_name: data.form_name, estimated_fee: data.estimated_fee },
    };
    redirect(ROUTES.filingConfirmation, SUCCESS_REDIRECT_MS, state);
  }

  return (
    <div className={`${container.container} ${styles.page}`}>
      <h1 className={styles.title}>{data.form_name}</h1>
      <div className={styles.checkout}>
        <section className={styles.panel} aria-labelledby="filing-summary">
          <h2 id="filing-summary" className={styles.panelTitle}>
            Order summary
          </h2>
          <p className={styles.price}>{data.estimated_fee}</p>
          {data.short_description && <p>{data.short_description}</p>}
          <p className={styles.muted}>
            This is a one-time payment for our preparation and filing. Government fees, where any apply, are billed at
            cost.
          </p>
        </section>
        <section className={styles.panel} aria-label="Payment details">
          {paid ? (
            <PaymentSuccess title={BILLING_MESSAGES.paymentSuccessful}>
              {formatAmount(paid.amount)} paid for {data.form_name}.
            </PaymentSuccess>
          ) : amount === null ? (
            <p>This filing is priced by quote and cannot be bought online. Please contact us.</p>
          ) : (
            <PaymentsProvider>
              <CheckoutForm
                submitLabel={`Pay ${formatAmount(amount)}`}
                pay={async (paymentMethodId, key) =>
                  paymentOutcome(await payForForm({ form_id: data.id, payment_method_id: paymentMethodId }, key))
                }
                onSuccess={onSuccess}
                onError={setPassedUp}
                failureMessage={BILLING_MESSAGES.paymentFailed}
              />
            </PaymentsProvider>
          )}
        </section>
      </div>
    </div>
  );
}
