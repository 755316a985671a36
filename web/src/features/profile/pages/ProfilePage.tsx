import { useId } from 'react';
import { MySubscriptions } from '../../billing/components/MySubscriptions';
import { PurchaseHistory } from '../../billing/components/PurchaseHistory';
import container from '../../../shared/ui/container.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PersonalInformation } from '../components/PersonalInformation';
import styles from '../../../shared/ui/account-page.module.css';

/**
 * /profile (spec part 2, section 2), behind the guard. The subscriptions and purchase history sections
 * are the anchors the header links to (#subscriptions, #purchase-history); billing's components fill them.
 */
export function ProfilePage() {
  useDocumentTitle('My Profile');
  const subscriptionsId = useId();
  const purchasesId = useId();
  return (
    <div className={`${container.container} ${styles.page}`}>
      <h1 className={styles.title}>My Profile</h1>
      <PersonalInformation className={styles.section} />
      <section id="subscriptions" className={styles.section} aria-labelledby={subscriptionsId}>
        <h2 id={subscriptionsId}>My Subscriptions</h2>
        <MySubscriptions />
      </section>
      <section id="purchase-history" className={styles.section} aria-labelledby={purchasesId}>
        <h2 id={purchasesId}>Purchase History</h2>
        <PurchaseHistory />
      </section>
    </div>
  );
}
