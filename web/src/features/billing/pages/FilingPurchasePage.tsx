import { fixedPriceCents } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { getForm } from '../../filings/api';
import { payForForm } from '../api';
import type { FilingConfirmationState } from '../confirmation';
import styles from '../components/Billing.module.css';
import { OneTimeCheckout } from '../components/OneTimeCheckout';
import { PageLoadingStatus, PageMessage } from '../components/PageMessage';
import { CHECKOUT_QUERY } from '../hooks/use-billing';
import { BILLING_MESSAGES } from '../labels';

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
  const form = useQuery({
    queryKey: ['billing', 'form', filingId],
    queryFn: ({ signal }) => getForm(filingId, signal),
    ...CHECKOUT_QUERY,
  });

  if (form.isPending) return <PageLoadingStatus />;
  // Only when nothing was loaded: a failed refresh keeps the checkout and what was typed in it.
  if (form.isLoadingError) {
    return (
      <PageMessage title="Purchase a Filing" tone="error" action={back}>
        {BILLING_MESSAGES.formLoad}
      </PageMessage>
    );
  }
  const data = form.data;
  const cents = fixedPriceCents(data.estimated_fee, data.estimated_fee_cents, 'form');
  return (
    <OneTimeCheckout
      name={data.form_name}
      item={{ kind: 'form', id: data.id }}
      summary={
        <>
          <p className={styles.price}>{data.estimated_fee}</p>
          {data.short_description && <p>{data.short_description}</p>}
          <p className={styles.muted}>
            This is a one-time payment for our preparation and filing. Government fees, where any apply, are billed at
            cost.
          </p>
        </>
      }
      amount={cents === null ? null : cents / 100}
      quoteMessage="This filing is priced by quote and cannot be bought online. Please contact us."
      back={back}
      pay={(paymentMethodId, key) => payForForm({ form_id: data.id, payment_method_id: paymentMethodId }, key)}
      confirmation={{
        path: ROUTES.filingConfirmation,
        state: (payment): FilingConfirmationState => ({
          payment,
          form: { id: data.id, form_name: data.form_name, estimated_fee: data.estimated_fee },
        }),
      }}
    />
  );
}
