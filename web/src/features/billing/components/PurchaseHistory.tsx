import { Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { QueryLoadError } from '../../../shared/ui/LoadError';
import { usePurchaseHistory } from '../hooks/use-billing';
import { BILLING_MESSAGES, cardLabel, purchaseName, purchaseStatusLabel, refundLabel } from '../labels';
import { formatAmount, formatDate } from '../money';
import styles from './Billing.module.css';

const KIND_LABELS = { subscription: 'Subscription payment', service: 'Service', form: 'Filing' } as const;

/** The profile's Purchase History (spec part 2, section 2): purchases and subscription payments, newest first. */
export function PurchaseHistory() {
  const purchases = usePurchaseHistory();
  if (purchases.isPending) return <p role="status">Loading your purchases…</p>;
  // Also above the list when a reload failed: the list stays, and may be out of date.
  const loadError = <QueryLoadError query={purchases} message={BILLING_MESSAGES.purchasesLoad} />;
  if (!purchases.data) return loadError;
  if (purchases.data.length === 0) {
    return (
      <>
        {loadError}
        <p className={styles.muted}>
          You have not bought anything yet. <Link to={ROUTES.company}>See our company services</Link>.
        </p>
      </>
    );
  }
  return (
    <>
      {loadError}
      <ul className={styles.list}>
        {purchases.data.map((purchase) => {
          const refund = refundLabel(purchase);
          return (
            <li key={purchase.id} className={styles.item}>
              <div className={styles.itemHead}>
                <h3 className={styles.itemTitle}>{purchaseName(purchase)}</h3>
                <span className={styles.badges}>
                  <span className={styles.status}>{purchaseStatusLabel(purchase)}</span>
                  {refund && <span className={`${styles.status} ${styles.warning}`}>{refund}</span>}
                </span>
              </div>
              <dl className={styles.facts}>
                <dt>Type</dt>
                <dd>{KIND_LABELS[purchase.kind] ?? purchase.kind}</dd>
                <dt>Amount</dt>
                <dd className={styles.amount}>{formatAmount(purchase.amount, purchase.currency)}</dd>
                <dt>Date</dt>
                <dd>{formatDate(purchase.created_at)}</dd>
                {refund && (
                  <>
                    <dt>Refund</dt>
                    <dd>
                      <span className={styles.amount}>{formatAmount(purchase.amount_refunded, purchase.currency)}</span>{' '}
                      on {formatDate(purchase.refunded_at)}
                    </dd>
                  </>
                )}
                {purchase.billing_period_start && purchase.billing_period_end && (
                  <>
                    <dt>Period</dt>
                    <dd>
                      {formatDate(purchase.billing_period_start)} – {formatDate(purchase.billing_period_end)}
                    </dd>
                  </>
                )}
                {purchase.payment_method && (
                  <>
                    <dt>Card</dt>
                    <dd>{cardLabel(purchase.payment_method.details)}</dd>
                  </>
                )}
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}
