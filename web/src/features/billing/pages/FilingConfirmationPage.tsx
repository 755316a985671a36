import { Link, Navigate, useLocation } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import styles from '../components/Billing.module.css';
import { filingStatusOf, orderIdOf, purchaseDateOf, readFilingConfirmation } from '../confirmation';
import { formatAmount, formatDate } from '../money';

/** /filing-confirmation (spec part 2, section 2): shown with the payment the purchase page passed. */
export function FilingConfirmationPage() {
  const location = useLocation();
  const confirmation = readFilingConfirmation(location.state);
  useDocumentTitle('Filing Confirmed');
  if (!confirmation) return <Navigate to={ROUTES.home} replace />;
  const { payment, form } = confirmation;
  return (
    <section className={`${container.container} ${styles.page}`} aria-labelledby="confirmation-title">
      <div className={styles.panel}>
        <h1 id="confirmation-title" className={styles.title}>
          Filing Purchase Confirmed
        </h1>
        <p className={styles.muted}>
          Thank you. Our team will prepare your filing and contact you if we need anything else.
        </p>
        <dl className={styles.facts}>
          <dt>Form</dt>
          <dd>{form.form_name}</dd>
          <dt>Amount</dt>
          <dd>{formatAmount(payment.amount, payment.currency)}</dd>
          <dt>Order ID</dt>
          <dd>{orderIdOf(payment)}</dd>
          <dt>Purchase date</dt>
          <dd>{formatDate(purchaseDateOf(payment))}</dd>
          <dt>Status</dt>
          <dd>{filingStatusOf(payment)}</dd>
        </dl>
        <div className={styles.actions}>
          <ButtonLink to={ROUTES.profile}>Go to Profile</ButtonLink>
          <Link to={ROUTES.filings}>Back to Filings</Link>
        </div>
      </div>
    </section>
  );
}
