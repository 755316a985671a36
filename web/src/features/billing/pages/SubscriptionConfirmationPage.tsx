import { useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import styles from '../components/Billing.module.css';
import { PageLoadingStatus, PageMessage } from '../components/PageMessage';
import { useSubscription } from '../hooks/use-billing';
import { BILLING_MESSAGES, billingPeriodLabel, cardLabel, subscriptionStatusLabel } from '../labels';
import { formatAmount, formatDate } from '../money';
import { isTrialActive } from '../trial';

/** /subscription/confirmation?id={subscriptionId} (spec part 2, section 2). */
export function SubscriptionConfirmationPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const subscription = useSubscription(id);
  useDocumentTitle('Subscription Confirmed');
  const toProfile = <ButtonLink to={ROUTES.profile}>Go to Profile</ButtonLink>;

  // A failed first load only: a refresh that fails later (the tab focused again) keeps the confirmation shown.
  if (!id || subscription.isLoadingError) {
    return (
      <PageMessage title="Subscription" tone="error" action={toProfile}>
        {BILLING_MESSAGES.confirmationLoad}
      </PageMessage>
    );
  }
  if (subscription.isPending) {
    return <PageLoadingStatus />;
  }
  const data = subscription.data;
  const trial = isTrialActive(data, new Date());
  return (
    <section className={`${container.container} ${styles.page}`} aria-labelledby="confirmation-title">
      <div className={styles.panel}>
        <h1 id="confirmation-title" className={styles.title}>
          Subscription Confirmed
        </h1>
        <p className={styles.muted}>
          Thank you for subscribing to {data.package_name}.{' '}
          {trial
            ? `Your free trial runs until ${formatDate(data.trial_end_date)}: your card will not be charged before then.`
            : 'A receipt is on its way to your e-mail.'}
        </p>
        <dl className={styles.facts}>
          <dt>Package</dt>
          <dd>{data.package?.name ?? data.package_name}</dd>
          <dt>Status</dt>
          <dd>{subscriptionStatusLabel(data)}</dd>
          <dt>Price</dt>
          <dd>
            {formatAmount(data.package?.price ?? data.price)} /{' '}
            {billingPeriodLabel(data.package?.billing_cycle).toLowerCase()}
          </dd>
          {trial && (
            <>
              <dt>Trial ends</dt>
              <dd>{formatDate(data.trial_end_date)}</dd>
            </>
          )}
          <dt>Start date</dt>
          <dd>{formatDate(data.start_date)}</dd>
          <dt>{trial ? 'First charge' : 'Next renewal'}</dt>
          <dd>{formatDate(data.renewal_date)}</dd>
          <dt>Card</dt>
          <dd>{cardLabel(data.payment_method?.details)}</dd>
          <dt>Billed to</dt>
          <dd>{[data.customer_name, data.customer_email].filter(Boolean).join(' · ')}</dd>
        </dl>
        <div className={styles.actions}>
          <ButtonLink to={`${ROUTES.profile}#subscriptions`}>View My Subscriptions</ButtonLink>
          <ButtonLink to={ROUTES.home} variant="secondary">
            Back to Home
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
