import type { SubscriptionReply } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import buttonStyles from '../../../shared/ui/button.module.css';
import { QueryLoadError } from '../../../shared/ui/LoadError';
import { useSubscriptions } from '../hooks/use-billing';
import {
  BILLING_MESSAGES,
  billingPeriodLabel,
  canCancel,
  canReactivate,
  cardLabel,
  subscriptionStatusLabel,
} from '../labels';
import { formatAmount, formatDate } from '../money';
import { isTrialActive } from '../trial';
import styles from './Billing.module.css';
import { CancelDialog, ReactivateDialog } from './SubscriptionDialogs';

type Open = { kind: 'cancel' | 'reactivate'; subscription: SubscriptionReply } | null;

/** The button that takes the focus after a change: the one that replaced the button that opened the dialog. */
type FocusAfter = { id: string; button: 'cancel' | 'reactivate' } | null;

/** The profile's My Subscriptions (spec part 2, sections 2 and 4). */
export function MySubscriptions() {
  const subscriptions = useSubscriptions();
  const [open, setOpen] = useState<Open>(null);
  const [focusAfter, setFocusAfter] = useState<FocusAfter>(null);
  const [now] = useState(() => new Date());

  if (subscriptions.isPending) return <p role="status">Loading your subscriptions…</p>;
  // Also above the list when a reload failed: the list stays, and may be out of date.
  const loadError = <QueryLoadError query={subscriptions} message={BILLING_MESSAGES.subscriptionsLoad} />;
  if (!subscriptions.data) return loadError;
  if (subscriptions.data.length === 0) {
    return (
      <>
        {loadError}
        <p className={styles.muted}>
          You have no subscriptions yet. <Link to={ROUTES.books}>Browse our bookkeeping packages</Link>.
        </p>
      </>
    );
  }
  return (
    <>
      {loadError}
      <ul className={styles.list}>
        {subscriptions.data.map((subscription) => (
          <SubscriptionItem
            key={subscription.id}
            subscription={subscription}
            now={now}
            onCancel={() => setOpen({ kind: 'cancel', subscription })}
            onReactivate={() => setOpen({ kind: 'reactivate', subscription })}
            focus={focusAfter?.id === subscription.id ? focusAfter.button : null}
            onFocused={() => setFocusAfter(null)}
          />
        ))}
      </ul>
      {open?.kind === 'cancel' && (
        <CancelDialog
          subscription={open.subscription}
          now={now}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            setFocusAfter({ id: open.subscription.id, button: 'reactivate' });
          }}
        />
      )}
      {open?.kind === 'reactivate' && (
        <ReactivateDialog
          subscription={open.subscription}
          now={now}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            setFocusAfter({ id: open.subscription.id, button: 'cancel' });
          }}
        />
      )}
    </>
  );
}

interface SubscriptionItemProps {
  subscription: SubscriptionReply;
  now: Date;
  onCancel(): void;
  onReactivate(): void;
  /** The button to focus once it is rendered (the subscription's new state may arrive a moment later). */
  focus: 'cancel' | 'reactivate' | null;
  onFocused(): void;
}

function SubscriptionItem({ subscription, now, onCancel, onReactivate, focus, onFocused }: SubscriptionItemProps) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  const reactivateButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = focus === 'cancel' ? cancelButton.current : focus === 'reactivate' ? reactivateButton.current : null;
    if (!button) return;
    button.focus();
    onFocused();
  });
  const trial = isTrialActive(subscription, now);
  const status = subscriptionStatusLabel(subscription);
  const attention = status === 'PAST_DUE' || status === 'UNPAID' || status === 'CANCELING';
  const headingId = `subscription-${subscription.id}`;
  return (
    <li className={styles.item} aria-labelledby={headingId}>
      <div className={styles.itemHead}>
        <h3 id={headingId} className={styles.itemTitle}>
          {subscription.package?.name ?? subscription.package_name}
        </h3>
        <span className={attention ? `${styles.status} ${styles.warning}` : styles.status}>{status}</span>
      </div>
      <dl className={styles.facts}>
        <dt>Price</dt>
        <dd>
          {formatAmount(subscription.package?.price ?? subscription.price)} ·{' '}
          {billingPeriodLabel(subscription.package?.billing_cycle)}
        </dd>
        {trial && (
          <>
            <dt>Free trial</dt>
            <dd>Active until {formatDate(subscription.trial_end_date)}</dd>
          </>
        )}
        <dt>Started</dt>
        <dd>{formatDate(subscription.start_date)}</dd>
        {subscription.cancel_at_period_end ? (
          <>
            <dt>Ends on</dt>
            <dd>{formatDate(subscription.current_period_end)}</dd>
          </>
        ) : (
          subscription.renewal_date && (
            <>
              <dt>{trial ? 'First charge' : 'Renews on'}</dt>
              <dd>{formatDate(subscription.renewal_date)}</dd>
            </>
          )
        )}
        <dt>Card</dt>
        <dd>{cardLabel(subscription.payment_method?.details)}</dd>
      </dl>
      <div className={styles.actions}>
        <Link to={`/subscription/${encodeURIComponent(subscription.id)}/invoices`}>View Invoices</Link>
        <Link to={`/subscription/${encodeURIComponent(subscription.id)}/payment`}>Update Payment Method</Link>
        {canCancel(subscription) && (
          <button
            ref={cancelButton}
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onClick={onCancel}
          >
            Cancel
          </button>
        )}
        {canReactivate(subscription) && (
          <button
            ref={reactivateButton}
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.primary}`}
            onClick={onReactivate}
          >
            Re-Activate
          </button>
        )}
      </div>
    </li>
  );
}
