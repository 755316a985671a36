import container from '../../../shared/ui/container.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PackageList } from '../components/PackageList';
import { ServicePageHero } from '../components/ServicePageHero';
import { useAreaServices } from '../hooks/use-area-services';
import { splitCompanyServices } from '../package-display';
import { COMPANY_FEE_NOTES, packageMessages, SERVICE_PAGES, type ServicePageContent } from '../service-pages';
import styles from './ServicePages.module.css';

/** A monthly-package page: /books, /compliance, /people, /tax, /equity. */
function PackagesPage({ content }: { content: ServicePageContent }) {
  useDocumentTitle(content.name);
  const { services, inArea, attributeOrder } = useAreaServices(content.path);
  return (
    <>
      <ServicePageHero content={content} />
      <section
        id="packages"
        className={`${container.container} ${page.section} ${styles.packages}`}
        aria-labelledby="packages-title"
      >
        <h2 id="packages-title" className={page.sectionTitle}>
          Plans and pricing
        </h2>
        <p className={page.sectionLead}>
          Monthly plans are billed monthly; a plan with a trial is free for its trial months and your card is not
          charged until the trial ends. One-time services are paid once.
        </p>
        <PackageList
          query={services}
          services={inArea}
          attributeOrder={attributeOrder}
          mode="packages"
          messages={packageMessages(content.noun)}
        />
      </section>
    </>
  );
}

/** /company: formation services, then dissolution in a section of its own (spec part 2, section 9). */
export function CompanyPage() {
  const content = SERVICE_PAGES.company;
  useDocumentTitle(content.name);
  const { services, inArea, attributeOrder } = useAreaServices(content.path);
  const { formation, dissolution } = splitCompanyServices(inArea);
  const messages = packageMessages(content.noun);
  const loaded = services.isSuccess && inArea.length > 0;
  return (
    <>
      <ServicePageHero content={content} />
      <section
        id="packages"
        className={`${container.container} ${page.section} ${styles.packages}`}
        aria-labelledby="packages-title"
      >
        <h2 id="packages-title" className={page.sectionTitle}>
          Company formation
        </h2>
        <ul className={styles.notes}>
          {COMPANY_FEE_NOTES.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
        <PackageList
          query={services}
          services={loaded ? formation : inArea}
          attributeOrder={attributeOrder}
          mode="company"
          messages={messages}
        />
      </section>
      {loaded && dissolution.length > 0 && (
        <section className={`${container.container} ${page.section}`} aria-labelledby="dissolution-title">
          <h2 id="dissolution-title" className={page.sectionTitle}>
            Dissolution
          </h2>
          <p className={page.sectionLead}>
            Closing a company properly ends its state filing and tax obligations. We prepare and file the articles of
            dissolution and the final returns.
          </p>
          <PackageList
            query={services}
            services={dissolution}
            attributeOrder={attributeOrder}
            mode="company"
            messages={messages}
          />
        </section>
      )}
    </>
  );
}

export const BooksPage = () => <PackagesPage content={SERVICE_PAGES.books} />;
export const CompliancePage = () => <PackagesPage content={SERVICE_PAGES.compliance} />;
export const PeoplePage = () => <PackagesPage content={SERVICE_PAGES.people} />;
export const TaxPage = () => <PackagesPage content={SERVICE_PAGES.tax} />;
export const EquityPage = () => <PackagesPage content={SERVICE_PAGES.equity} />;
