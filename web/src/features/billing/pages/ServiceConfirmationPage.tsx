import { Link, Navigate, useLocation } from 'react-router-dom';
import { siteConfig } from '../../../shared/config';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/session';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import styles from '../components/Billing.module.css';
import { orderIdOf, purchaseDateOf, readServiceConfirmation } from '../confirmation';
import { formatAmount, formatDate } from '../money';
import { serviceGroupName, SERVICE_NEXT_STEPS } from '../service-name';

/** /service-confirmation (spec part 2, section 2): shown with the payment the purchase page passed. */
export function ServiceConfirmationPage() {
  const location = useLocation();
  const { user } = useSession();
  const confirmation = readServiceConfirmation(location.state);
  useDocumentTitle('Purchase Confirmed');
  if (!confirmation) return <Navigate to={ROUTES.home} replace />;
  const { payment, service } = confirmation;
  return (
    <section className={`${container.container} ${styles.page}`} aria-labelledby="confirmation-title">
      <div className={styles.panel}>
        <h1 id="confirmation-title" className={styles.title}>
          Purchase Confirmed
        </h1>
        <p className={styles.muted}>Thank you for your purchase: {serviceGroupName(service.title)}.</p>
        <dl className={styles.facts}>
          <dt>Email</dt>
          <dd>{user?.email}</dd>
          <dt>Service</dt>
          <dd>{service.title}</dd>
          <dt>Amount paid</dt>
          <dd>{formatAmount(payment.amount, payment.currency)} plus filing fees</dd>
          <dt>Order ID</dt>
          <dd>{orderIdOf(payment)}</dd>
          <dt>Purchase date</dt>
          <dd>{formatDate(purchaseDateOf(payment))}</dd>
        </dl>
        <h2 className={styles.panelTitle}>What happens next</h2>
        <ol className={styles.steps}>
          {SERVICE_NEXT_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p>
          Questions? Write to us at <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>.
        </p>
        <div className={styles.actions}>
          <ButtonLink to={ROUTES.profile}>Go to Profile</ButtonLink>
          <Link to={ROUTES.home}>Back to Home</Link>
        </div>
      </div>
    </section>
  );
}
