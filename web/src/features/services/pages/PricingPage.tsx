import container from '../../../shared/ui/container.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PackageList } from '../components/PackageList';
import { useAreaServices } from '../hooks/use-area-services';
import { packageMessages, SERVICE_PAGE_ORDER, SERVICE_PAGES, type ServicePageContent } from '../service-pages';

/** /pricing (in the mobile menu): every area's packages, each shown by its own page's rules. */
export function PricingPage() {
  useDocumentTitle('Pricing');
  return (
    <>
      <section className={page.hero} aria-labelledby="pricing-title">
        <div className={container.container}>
          <h1 id="pricing-title" className={page.title}>
            Pricing
          </h1>
          <p className={page.lead}>
            Every plan and service in one place. Monthly plans start with a free trial where offered; one-time services
            are paid once, with state filing fees on top.
          </p>
        </div>
      </section>
      {SERVICE_PAGE_ORDER.map((key) => (
        <AreaPricing key={key} content={SERVICE_PAGES[key]} />
      ))}
    </>
  );
}

function AreaPricing({ content }: { content: ServicePageContent }) {
  const { services, inArea, attributeOrder } = useAreaServices(content.path);
  const titleId = `pricing-${content.key}`;
  return (
    <section className={`${container.container} ${page.section}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={page.sectionTitle}>
        {content.name}
      </h2>
      <PackageList
        query={services}
        services={inArea}
        attributeOrder={attributeOrder}
        mode={content.mode}
        messages={packageMessages(content.noun)}
      />
    </section>
  );
}
