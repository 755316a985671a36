import { Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import styles from './HomePage.module.css';

// A placeholder pitch: the hero, the services tab and the marketing blocks come with the home issue.
const SERVICE_AREAS = [
  { title: 'Books', to: ROUTES.books, text: 'Monthly bookkeeping, reconciliations and AI dashboards.' },
  { title: 'Tax', to: ROUTES.tax, text: 'Business and personal returns, extensions and planning.' },
  { title: 'Compliance', to: ROUTES.compliance, text: 'Annual reports, registered agents and state filings.' },
  { title: 'Company', to: ROUTES.company, text: 'Company formation, changes and dissolution.' },
  { title: 'People', to: ROUTES.people, text: 'Payroll, HR and recruiting.' },
  { title: 'Equity', to: ROUTES.equity, text: 'Cap tables, 409A valuations and fund management.' },
];

export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={container.container}>
          <h1 id="home-title" className={styles.title}>
            Your business, books, equity, payroll, taxes and compliance, handled by one team
          </h1>
          <p className={styles.lead}>
            A dedicated team for founders, startups and small businesses. Try us free for 3 months, with no obligation.
          </p>
          <div className={styles.actions}>
            <ButtonLink to={`${ROUTES.home}#services`}>Get Started</ButtonLink>
          </div>
        </div>
      </section>

      <section id="services" className={styles.services} aria-labelledby="services-title">
        <div className={container.container}>
          <h2 id="services-title">Services</h2>
          <ul className={styles.serviceGrid}>
            {SERVICE_AREAS.map((area) => (
              <li key={area.to} className={styles.serviceCard}>
                <h3 className={styles.serviceTitle}>
                  <Link to={area.to}>{area.title}</Link>
                </h3>
                <p className={styles.serviceText}>{area.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
