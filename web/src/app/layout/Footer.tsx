import { Link } from 'react-router-dom';
import { BRAND_NAME } from '../../shared/brand';
import { ROUTES } from '../../shared/routes';
import container from '../../shared/ui/container.module.css';
import styles from './Footer.module.css';

// A first set; the newsletter, social links, service, tool and filing links come with their features.
const FOOTER_LINKS = [
  { label: 'About', to: ROUTES.about },
  { label: 'Careers', to: ROUTES.careers },
  { label: 'Contact', to: ROUTES.contact },
  { label: 'Privacy Policy', to: ROUTES.privacyPolicy },
  { label: 'Terms of Service', to: ROUTES.termsOfService },
];

// Read once when the app loads, not on every render.
const YEAR = new Date().getFullYear();

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={`${container.container} ${styles.inner}`}>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.link}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.copyright}>
          © {YEAR} {BRAND_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
