import { Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PerkProviderForm } from '../components/PerkProviderForm';
import styles from '../components/Perks.module.css';

/** /perks (spec part 2): what perks are, the provider form, and the way to become a client (/books). */
export function PerksPage() {
  useDocumentTitle('Perks');
  return (
    <>
      <section className={page.hero} aria-labelledby="perks-title">
        <div className={container.container}>
          <p className={page.eyebrow}>Perks</p>
          <h1 id="perks-title" className={page.title}>
            Savings on the tools founders use, for our clients
          </h1>
          <p className={page.lead}>
            Our bookkeeping clients get discounts and credits from software, banking and service providers we trust.
            Offer yours to a few thousand growing businesses: tell us about your perk below.
          </p>
          <div className={page.actions}>
            <ButtonLink to={ROUTES.books}>Become a client to get the perks</ButtonLink>
          </div>
        </div>
      </section>
      <div className={`${container.container} ${styles.layout}`}>
        <section aria-labelledby="provider-title">
          <h2 id="provider-title" className={page.sectionTitle}>
            Become a perk provider
          </h2>
          <PerkProviderForm />
        </section>
        <aside className={styles.aside} aria-label="About perks">
          <h2>How it works</h2>
          <ol className={styles.list}>
            <li>Send your offer with the form.</li>
            <li>We review it within a few business days and confirm the details with you.</li>
            <li>Your perk appears in our clients&apos; dashboard with your redemption instructions.</li>
          </ol>
          <h2>Looking for the perks?</h2>
          <p>
            They come with our bookkeeping plans. <Link to={ROUTES.books}>See the plans</Link>
          </p>
        </aside>
      </div>
    </>
  );
}
