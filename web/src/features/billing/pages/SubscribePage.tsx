import {
  ALREADY_SUBSCRIBED,
  fixedPriceCents,
  type CreateSubscriptionReply,
  type PackageReply,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api';
import { serverDetail } from '../../../shared/api/server-detail';
import { openSessionStorage } from '../../../shared/storage/storage';
import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { useRedirectAfter } from '../hooks/use-redirect-after';
import { getPackage } from '../../services/api';
import { trialText } from '../../services/package-display';
import { createSubscription } from '../api';
import { errorMessage, subscriptionOutcome, SUCCESS_REDIRECT_MS } from '../checkout';
import { CheckoutForm } from '../components/CheckoutForm';
import { PageLoadingStatus, PageMessage, PaymentSuccess } from '../components/PageMessage';
import { PaymentsProvider } from '../components/PaymentsProvider';
import styles from '../components/Billing.module.css';
import { CHECKOUT_QUERY, useRefreshBilling, useSubscriptions } from '../hooks/use-billing';
import { BILLING_MESSAGES, billingPeriodLabel } from '../labels';
import { formatAmount, formatDate } from '../money';
import { clearPendingAttempt } from '../pending-attempt';
import { hadTrial, holdsPackage, offeredTrialDays, trialDaysFromQuery, trialEndsOn } from '../trial';

const MY_SUBSCRIPTIONS = `${ROUTES.profile}#subscriptions`;

/** /subscribe?package={id}&trial={0|1 or days} (spec part 2, section 2), behind the sign-in guard. */
export function SubscribePage() {
  const [params] = useSearchParams();
  const packageId = params.get('package')?.trim() ?? '';
  useDocumentTitle('Subscribe');
  if (!packageId) {
    return (
      <PageMessage title="Subscribe" action={<ButtonLink to={ROUTES.books}>Back to Packages</ButtonLink>}>
        {BILLING_MESSAGES.noPackage}
      </PageMessage>
    );
  }
  return <Subscribe packageId={packageId} requestedDays={trialDaysFromQuery(params.get('trial'))} />;
}

function Subscribe({ packageId, requestedDays }: { packageId: string; requestedDays: number }) {
  const navigate = useNavigate();
  const delayedNavigate = useRedirectAfter();
  const refresh = useRefreshBilling();
  const pkg = useQuery({
    queryKey: ['billing', 'package', packageId],
    queryFn: ({ signal }) => getPackage(packageId, signal),
    ...CHECKOUT_QUERY,
  });
  const subscriptions = useSubscriptions(CHECKOUT_QUERY);
  const [subscribed, setSubscribed] = useState<CreateSubscriptionReply | null>(null);
  const [passedUp, setPassedUp] = useState<unknown>(null);
  const held = Boolean(subscriptions.data && holdsPackage(subscriptions.data, packageId));

  // Already subscribed to it: the profile shows the subscription (an attempt of it left without an
  // answer has its answer now).
  useEffect(() => {
    if (!held || subscribed) return;
    clearPendingAttempt(openSessionStorage(), { kind: 'package', id: packageId });
    void navigate(MY_SUBSCRIPTIONS, { replace: true });
  }, [held, subscribed, navigate, packageId]);

  const back = <ButtonLink to={ROUTES.books}>Back to Packages</ButtonLink>;
  if (pkg.isPending || subscriptions.isPending || (held && !subscribed)) {
    return <PageLoadingStatus />;
  }
  // The package or the user's subscriptions could not be read (spec part 2, section 8: subscription load).
  // Only when nothing was loaded: a failed refresh keeps the checkout and what was typed in it.
  if (pkg.isLoadingError || subscriptions.isLoadingError) {
    return (
      <PageMessage title="Subscribe" tone="error" action={back}>
        {BILLING_MESSAGES.subscriptionLoad}
      </PageMessage>
    );
  }
  if (passedUp) {
    return (
      <PageMessage title={`Subscribe to ${pkg.data.title}`} tone="error" action={back}>
        {errorMessage(passedUp, BILLING_MESSAGES.subscriptionProcessing)}
      </PageMessage>
    );
  }

  const trialDays = offeredTrialDays(
    requestedDays,
    pkg.data.trial_period_days,
    hadTrial(subscriptions.data, packageId),
  );
  // Null for a price sold after a call (the cards' rule, and billing's).
  const monthlyCents = fixedPriceCents(pkg.data.price, pkg.data.amount_cents, 'package');

  async function pay(paymentMethodId: string, key: string) {
    return subscriptionOutcome(
      await createSubscription(
        { package_id: packageId, payment_method_id: paymentMethodId, trial_period_days: trialDays },
        key,
      ),
    );
  }

  function onSuccess(reply: CreateSubscriptionReply) {
    setSubscribed(reply);
    refresh();
    delayedNavigate(`${ROUTES.subscriptionConfirmation}?id=${encodeURIComponent(reply.id)}`, SUCCESS_REDIRECT_MS);
  }

  function onError(error: unknown) {
    // Subscribed meanwhile (another tab): the profile shows it. Any other refusal is said as it is.
    if (error instanceof ApiError && error.status === 409 && serverDetail(error) === ALREADY_SUBSCRIBED) {
      void navigate(MY_SUBSCRIPTIONS, { replace: true });
    } else setPassedUp(error);
  }

  return (
    <div className={`${container.container} ${styles.page}`}>
      <h1 className={styles.title}>Subscribe to {pkg.data.title}</h1>
      <div className={styles.checkout}>
        <PackageSummary pkg={pkg.data} trialDays={trialDays} monthlyCents={monthlyCents} />
        <section className={styles.panel} aria-label="Payment details">
          {subscribed ? (
            <PaymentSuccess title={BILLING_MESSAGES.subscriptionSuccessful}>
              {subscribed.status === 'trialing'
                ? `Your free trial has started. Your card will not be charged until ${formatDate(subscribed.trial_end_date)}.`
                : `You are subscribed to ${subscribed.package_name}.`}
            </PaymentSuccess>
          ) : monthlyCents === null ? (
            <p>This package is priced after a call with us and cannot be bought online.</p>
          ) : (
            <PaymentsProvider>
              <CheckoutForm
                submitLabel={
                  trialDays > 0 ? 'Start Free Trial' : `Subscribe for ${formatAmount(monthlyCents / 100)}/month`
                }
                pay={pay}
                onSuccess={onSuccess}
                onError={onError}
                failureMessage={BILLING_MESSAGES.subscriptionProcessing}
                charge={{
                  item: { kind: 'package', id: packageId, trialDays },
                  outcomeUnknown: BILLING_MESSAGES.subscriptionOutcomeUnknown,
                }}
              />
            </PaymentsProvider>
          )}
        </section>
      </div>
    </div>
  );
}

/** `monthlyCents`: null for a price sold after a call, shown as written ('$1,500+/month'), no charge promised. */
function PackageSummary({
  pkg,
  trialDays,
  monthlyCents,
}: {
  pkg: PackageReply;
  trialDays: number;
  monthlyCents: number | null;
}) {
  const monthly = monthlyCents === null ? null : formatAmount(monthlyCents / 100);
  const trial = trialText(pkg.attributes);
  return (
    <section className={styles.panel} aria-labelledby="package-summary">
      <h2 id="package-summary" className={styles.panelTitle}>
        {pkg.title}
      </h2>
      <p className={styles.price}>
        {monthly === null ? (
          pkg.price
        ) : (
          <>
            {monthly} <span className={styles.per}>/ month</span>
          </>
        )}
      </p>
      <dl className={styles.facts}>
        <dt>Billing period</dt>
        <dd>{billingPeriodLabel(pkg.billing_cycle)}</dd>
        {trial && (
          <>
            <dt>Trial</dt>
            <dd>{trial}</dd>
          </>
        )}
      </dl>
      {monthly === null ? null : trialDays > 0 ? (
        <p>
          Your first {trialDays} days are free. Your card will not be charged until{' '}
          {formatDate(trialEndsOn(trialDays, new Date()).toISOString())}; cancel before then and you pay nothing.
        </p>
      ) : (
        <p>Your card is charged {monthly} today, then every month until you cancel.</p>
      )}
      <p className={styles.note}>{pkg.description}</p>
    </section>
  );
}
