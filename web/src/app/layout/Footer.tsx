import { Link } from 'react-router-dom';
import { useToday } from '../../shared/ui/use-today';
import { FOOTER_FILING_NAMES, formPath } from '../../features/filings/slug';
import { NewsletterForm } from '../../features/newsletter/components/NewsletterForm';
import { BRAND_NAME } from '../../shared/brand';
import { ROUTES } from '../../shared/routes';
import container from '../../shared/ui/container.module.css';
import styles from './Footer.module.css';
import { ReviewBadge } from './ReviewBadge';
import { SocialLinks } from './SocialLinks';

// The footer's links (spec part 1, section 2), grouped.
const LINK_GROUPS = [
  {
    title: 'Services',
    links: [
      { label: 'Books', to: ROUTES.books },
      { label: 'Tax', to: ROUTES.tax },
      { label: 'Compliance', to: ROUTES.compliance },
      { label: 'Company', to: ROUTES.company },
      { label: 'People', to: ROUTES.people },
      { label: 'Equity', to: ROUTES.equity },
    ],
  },
  {
    title: 'Free tools',
    links: [
      { label: 'Deadline Alerts', to: ROUTES.deadlineAlerts },
      { label: 'Currency Converter', to: ROUTES.currencyConverter },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Blog', to: ROUTES.blog },
      { label: 'Products We Support', to: ROUTES.productSheets },
      { label: 'Perks', to: ROUTES.perks },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: ROUTES.about },
      { label: 'Careers', to: ROUTES.careers },
      { label: 'Contact', to: ROUTES.contact },
      { label: 'Privacy Policy', to: ROUTES.privacyPolicy },
      { label: 'Terms of Service', to: ROUTES.termsOfService },
    ],
  },
];

export function Footer() {
  const year = useToday().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={`${container.container} ${styles.inner}`}>
        <div className={styles.top}>
          <div className={styles.about}>
            <p className={styles.brand}>{BRAND_NAME}</p>
            <p className={styles.pitch}>
              Bookkeeping, tax, compliance, payroll and equity for founders, startups and small businesses.
            </p>
            <SocialLinks />
            <ReviewBadge />
          </div>
          <NewsletterForm />
        </div>

        <nav aria-label="Footer" className={styles.groups}>
          {LINK_GROUPS.map((group) => (
            <div key={group.title}>
              <h2 className={styles.groupTitle}>{group.title}</h2>
              <ul className={styles.links}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={styles.link}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>

        <nav aria-label="Filings" className={styles.filings}>
          <h2 className={styles.groupTitle}>Filings</h2>
          <ul className={styles.filingLinks}>
            {FOOTER_FILING_NAMES.map((name) => (
              <li key={name}>
                <Link to={formPath(name)} className={styles.link}>
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <p className={styles.copyright}>
          © {year} {BRAND_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
