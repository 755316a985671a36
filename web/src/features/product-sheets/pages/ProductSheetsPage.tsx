import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PLATFORM_GROUPS, platformLogoPath } from '../platforms';
import styles from './ProductSheetsPage.module.css';

/** /product-sheets, 'Products We Support' (spec part 2, section 2): 25 platforms, logos loaded lazily. */
export function ProductSheetsPage() {
  useDocumentTitle('Products We Support');
  return (
    <>
      <section className={page.hero} aria-labelledby="products-title">
        <div className={container.container}>
          <p className={page.eyebrow}>Integrations</p>
          <h1 id="products-title" className={page.title}>
            Products We Support
          </h1>
          <p className={page.lead}>
            Keep the tools you already use. Our team works in 25 accounting, spend, payroll, payments and equity
            platforms, or in our own client portal if you prefer.
          </p>
        </div>
      </section>
      {PLATFORM_GROUPS.map((group) => (
        <section
          key={group.title}
          className={`${container.container} ${page.section}`}
          aria-labelledby={`platforms-${group.title}`}
        >
          <h2 id={`platforms-${group.title}`} className={page.sectionTitle}>
            {group.title}
          </h2>
          <ul className={styles.platforms}>
            {group.platforms.map((name) => (
              <li key={name} className={styles.platform}>
                <img src={platformLogoPath(name)} alt="" width={48} height={48} loading="lazy" decoding="async" />
                <span>{name}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className={`${container.container} ${page.section}`} aria-labelledby="platforms-missing">
        <div className={styles.missing}>
          <h2 id="platforms-missing" className={page.sectionTitle}>
            Don’t see your platform?
          </h2>
          <p className={page.muted}>Tell us what you use. We add new platforms for our clients all the time.</p>
          <ButtonLink to={ROUTES.contact}>Contact us</ButtonLink>
        </div>
      </section>
    </>
  );
}
