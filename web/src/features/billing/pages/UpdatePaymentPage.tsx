import type { SubscriptionReply } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { Alert } from '../../../shared/ui/Alert';
import container from '../../../shared/ui/container.module.css';
import { LoadError } from '../../../shared/ui/LoadError';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { updatePaymentMethod } from '../api';
import { errorMessage, SUCCESS_REDIRECT_MS } from '../checkout';
import styles from '../components/Billing.module.css';
import { CheckoutForm } from '../components/CheckoutForm';
import { PaymentsProvider } from '../components/PaymentsProvider';
import { useSubscription } from '../hooks/use-billing';
import { billingKeys } from '../hooks/query-keys';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { BILLING_MESSAGES, cardLabel, subscriptionStatusLabel } from '../labels';

/** Only the name is checked on this form (spec part 2, section 5); the others are marked required. */
const CHECKED_FIELDS = ['name'] as const;

/** /subscription/{id}/payment (spec part 2, section 2): a new card, then back to the profile after 2 s. */
export function UpdatePaymentPage() {
  const { id = '' } = useParams();
  const subscription = useSubscription(id);
  const queryClient = useQueryClient();
  const redirect = useRedirectAfter();
  const [updated, setUpdated] = useState<SubscriptionReply | null>(null);
  useDocumentTitle('Update Payment Method');

  function onSuccess(reply: SubscriptionReply) {
    setUpdated(reply);
    queryClient.setQueryData(billingKeys.subscription(reply.id), reply);
    void queryClient.invalidateQueries({ queryKey: ['billing'] });
    redirect(ROUTES.profile, SUCCESS_REDIRECT_MS);
  }

  return (
    <div className={`${container.container} ${styles.page}`}>
      <Link to={`${ROUTES.profile}#subscriptions`} className={styles.back}>
        ← Back to Profile
      </Link>
      <h1 className={styles.title}>Update Payment Method</h1>
      {subscription.isPending && <p role="status">Loading…</p>}
      {/* Only when nothing was loaded: a failed refresh keeps the form and what was typed in it. */}
      {subscription.isLoadingError && (
        <LoadError
          message={errorMessage(subscription.error, BILLING_MESSAGES.paymentPageLoad)}
          onRetry={() => void subscription.refetch()}
          retrying={subscription.isFetching}
        />
      )}
      {subscription.data && (
        <div className={styles.checkout}>
          <section className={styles.panel} aria-labelledby="current-card">
            <h2 id="current-card" className={styles.panelTitle}>
              {subscription.data.package_name}
            </h2>
            <dl className={styles.facts}>
              <dt>Status</dt>
              <dd>{subscriptionStatusLabel(subscription.data)}</dd>
              <dt>Current card</dt>
              <dd>{cardLabel((updated ?? subscription.data).payment_method?.details)}</dd>
              {subscription.data.payment_method && (
                <>
                  <dt>Expires</dt>
                  <dd>
                    {String(subscription.data.payment_method.exp_month).padStart(2, '0')}/
                    {subscription.data.payment_method.exp_year}
                  </dd>
                </>
              )}
            </dl>
            {subscription.data.status === 'past_due' && (
              <p>Your last payment failed. The unpaid invoice is charged to the new card as soon as you save it.</p>
            )}
          </section>
          <section className={styles.panel} aria-label="New card">
            {updated ? (
              <Alert tone="success">
                <p>Your payment method has been updated. Taking you back to your profile…</p>
              </Alert>
            ) : (
              <PaymentsProvider>
                <CheckoutForm
                  submitLabel="Update Payment Method"
                  requiredFields={CHECKED_FIELDS}
                  pay={async (paymentMethodId) => ({
                    status: 'done',
                    result: await updatePaymentMethod(id, { payment_method_id: paymentMethodId }),
                  })}
                  onSuccess={onSuccess}
                  failureMessage={BILLING_MESSAGES.updatePaymentMethod}
                />
              </PaymentsProvider>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
