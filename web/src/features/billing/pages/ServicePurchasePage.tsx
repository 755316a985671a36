import type { PaymentReply } from '@portal/contracts';
import type { ServiceConfirmationState } from '../confirmation';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { getService } from '../../services/api';
import { subscribePath } from '../../services/package-display';
import { payForService } from '../api';
import { errorMessage, paymentOutcome, SUCCESS_REDIRECT_MS } from '../checkout';
import styles from '../components/Billing.module.css';
import { CheckoutForm } from '../components/CheckoutForm';
import { PageMessage, PaymentSuccess } from '../components/PageMessage';
import { PaymentsProvider } from '../components/PaymentsProvider';
import { useRefreshBilling } from '../hooks/use-billing';
import { BILLING_MESSAGES } from '../labels';
import { formatAmount } from '../money';

/** The service page a purchase came from (`type`), else the company services. */
function servicesPath(type: string | null): string {
  const pages: Record<string, string> = {
    books: ROUTES.books,
    company: ROUTES.company,
    compliance: ROUTES.compliance,
    people: ROUTES.people,
    tax: ROUTES.tax,
    equity: ROUTES.equity,
  };
  return pages[(type ?? '').toLowerCase()] ?? ROUTES.company;
}

/** /service-purchase?service={id}&type={type} (spec part 2, section 2), behind the sign-in guard. */
export function ServicePurchasePage() {
  const [params] = useSearchParams();
  const serviceId = params.get('service')?.trim() ?? '';
  const back = <ButtonLink to={servicesPath(params.get('type'))}>Back to Services</ButtonLink>;
  useDocumentTitle('Purchase');
  if (!serviceId) {
    return (
      <PageMessage title="Purchase a Service" action={back}>
        {BILLING_MESSAGES.noService}
      </PageMessage>
    );
  }
  return <ServicePurchase serviceId={serviceId} back={back} />;
}

function ServicePurchase({ serviceId, back }: { serviceId: string; back: React.ReactNode }) {
  const delayedNavigate = useRedirectAfter();
  const refresh = useRefreshBilling();
  const service = useQuery({
    queryKey: ['billing', 'service', serviceId],
    queryFn: ({ signal }) => getService(serviceId, signal),
  });
  const [paid, setPaid] = useState<PaymentReply | null>(null);
  const [passedUp, setPassedUp] = useState<unknown>(null);

  if (service.isPending) {
    return (
      <p role="status" className={`${container.container} ${styles.page}`}>
        Loading…
      </p>
    );
  }
  if (service.isError) {
    return (
      <PageMessage title="Purchase a Service" tone="error" action={back}>
        {BILLING_MESSAGES.serviceLoad}
      </PageMessage>
    );
  }
  if (passedUp) {
    return (
      <PageMessage title={service.data.title} tone="error" action={back}>
        {errorMessage(passedUp, BILLING_MESSAGES.paymentErrorPassedUp)}
      </PageMessage>
    );
  }
  const data = service.data;
  if (data.billing_cycle === 'monthly') {
    return (
      <PageMessage title={data.title} action={<ButtonLink to={subscribePath(data)}>Subscribe</ButtonLink>}>
        This is a monthly package: subscribe to it instead.
      </PageMessage>
    );
  }
  const amount = data.amount_cents === null ? null : data.amount_cents / 100;

  function onSuccess(payment: PaymentReply) {
    setPaid(payment);
    refresh();
    const state: ServiceConfirmationState = { payment, service: { id: data.id, title: data.title, price: data.price } };
    delayedNavigate(ROUTES.serviceConfirmation, SUCCESS_REDIRECT_MS, state);
  }

  return (
    <div className={`${container.container} ${styles.page}`}>
      <h1 className={styles.title}>{data.title}</h1>
      <div className={styles.checkout}>
        <section className={styles.panel} aria-labelledby="service-summary">
          <h2 id="service-summary" className={styles.panelTitle}>
            Order summary
          </h2>
          <p className={styles.price}>{amount === null ? data.price : formatAmount(amount)}</p>
          <p className={styles.muted}>{data.price}</p>
          <p>This is a one-time payment. State filing fees are not included and are billed separately.</p>
          <p className={styles.note}>{data.description}</p>
        </section>
        <section className={styles.panel} aria-label="Payment details">
          {paid ? (
            <PaymentSuccess title={BILLING_MESSAGES.paymentSuccessful}>
              {formatAmount(paid.amount)} paid for {data.title}.
            </PaymentSuccess>
          ) : amount === null ? (
            <p>This service is priced by quote and cannot be bought online. Please book a call with us.</p>
          ) : (
            <PaymentsProvider>
              <CheckoutForm
                submitLabel={`Pay ${formatAmount(amount)}`}
                pay={async (paymentMethodId, key) =>
                  paymentOutcome(await payForService({ service_id: data.id, payment_method_id: paymentMethodId }, key))
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
