import { Link, NavLink, useLocation } from 'react-router-dom';
import { BRAND_NAME } from '../../shared/brand';
import { ROUTES, signInPath } from '../../shared/routes';
import { useSession } from '../../shared/session';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import container from '../../shared/ui/container.module.css';
import styles from './Header.module.css';
import { ProfileMenu } from './ProfileMenu';

// Placeholders until the menu call fills the Services dropdown and About gets its submenu.
const SECTION_LINKS = [
  { label: 'Filings', to: ROUTES.filings },
  { label: 'About', to: ROUTES.about },
];

export function Header() {
  const { user } = useSession();
  return (
    <header className={styles.header}>
      <div className={`${container.container} ${styles.bar}`}>
        <Link to={ROUTES.home} className={styles.brand}>
          <BrandMark />
          {BRAND_NAME}
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <ul className={styles.navList}>
            <li>
              {/* A plain Link: a section of the home page is not "the current page" there. */}
              <Link to={`${ROUTES.home}#services`} className={styles.navLink}>
                Services
              </Link>
            </li>
            {SECTION_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.navLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.account}>{user ? <ProfileMenu user={user} /> : <SignInLink />}</div>
      </div>
    </header>
  );
}

/** Carries the whole current location so that signing in returns the visitor to it. */
function SignInLink() {
  const { pathname, search, hash } = useLocation();
  return (
    <ButtonLink to={signInPath(pathname + search + hash)} variant="secondary">
      Sign in
    </ButtonLink>
  );
}

function BrandMark() {
  return (
    <svg className={styles.brandMark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path d="M9 22V10h3v4.6h8V10h3v12h-3v-4.6h-8V22z" fill="var(--teal-300)" />
    </svg>
  );
}
