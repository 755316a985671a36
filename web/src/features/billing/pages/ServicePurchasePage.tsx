import { fixedPriceCents } from '@portal/contracts';
import type { ServiceConfirmationState } from '../confirmation';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { getService } from '../../services/api';
import { servicePageOf } from '../../services/catalog';
import { subscribePath } from '../../services/package-display';
import { payForService } from '../api';
import styles from '../components/Billing.module.css';
import { OneTimeCheckout } from '../components/OneTimeCheckout';
import { PageLoadingStatus, PageMessage } from '../components/PageMessage';
import { CHECKOUT_QUERY } from '../hooks/use-billing';
import { BILLING_MESSAGES } from '../labels';
import { formatAmount } from '../money';

/** The service page of the purchase's category (`type`), else the company services. */
function servicesPath(type: string | null): string {
  return servicePageOf(type ?? '') ?? ROUTES.company;
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
  const service = useQuery({
    queryKey: ['billing', 'service', serviceId],
    queryFn: ({ signal }) => getService(serviceId, signal),
    ...CHECKOUT_QUERY,
  });

  if (service.isPending) return <PageLoadingStatus />;
  // Only when nothing was loaded: a failed refresh keeps the checkout and what was typed in it.
  if (service.isLoadingError) {
    return (
      <PageMessage title="Purchase a Service" tone="error" action={back}>
        {BILLING_MESSAGES.serviceLoad}
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
  const cents = fixedPriceCents(data.price, data.amount_cents, 'service');
  const amount = cents === null ? null : cents / 100;
  return (
    <OneTimeCheckout
      name={data.title}
      item={{ kind: 'service', id: data.id }}
      summary={
        <>
          <p className={styles.price}>{amount === null ? data.price : formatAmount(amount)}</p>
          <p className={styles.muted}>{data.price}</p>
          <p>This is a one-time payment. State filing fees are not included and are billed separately.</p>
          <p className={styles.note}>{data.description}</p>
        </>
      }
      amount={amount}
      quoteMessage="This service is priced by quote and cannot be bought online. Please book a call with us."
      back={back}
      pay={(paymentMethodId, key) => payForService({ service_id: data.id, payment_method_id: paymentMethodId }, key)}
      confirmation={{
        path: ROUTES.serviceConfirmation,
        state: (payment): ServiceConfirmationState => ({
          payment,
          service: { id: data.id, title: data.title, price: data.price },
        }),
      }}
    />
  );
}
