import { Link, NavLink, useLocation } from 'react-router-dom';
import { BRAND_NAME } from '../../shared/brand';
import { ROUTES, signInPath } from '../../shared/routes';
import { useSession } from '../../shared/session';
import { useIsMobile } from '../../shared/ui/breakpoints';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import container from '../../shared/ui/container.module.css';
import styles from './Header.module.css';
import { MobileMenu } from './MobileMenu';
import { ABOUT_LINKS } from './nav-links';
import { NavDropdown } from './NavDropdown';
import { ProfileMenu } from './ProfileMenu';
import { ServicesMenuItems } from './ServicesMenuItems';

export function Header() {
  const { user } = useSession();
  const isMobile = useIsMobile();
  return (
    <header className={styles.header}>
      <div className={`${container.container} ${styles.bar}`}>
        <Link to={ROUTES.home} className={styles.brand}>
          <BrandMark />
          <span className={styles.brandName}>{BRAND_NAME}</span>
        </Link>
        {!isMobile && (
          <nav aria-label="Main" className={styles.nav}>
            <ul className={styles.navList}>
              <li>
                <NavDropdown label="Services" wide>
                  {(close) => <ServicesMenuItems onNavigate={close} />}
                </NavDropdown>
              </li>
              <li>
                <NavLink to={ROUTES.filings} className={styles.navLink}>
                  Filings
                </NavLink>
              </li>
              <li>
                <NavDropdown label="About">
                  {(close) =>
                    ABOUT_LINKS.map((link) => (
                      <li key={link.to}>
                        <Link to={link.to} className={styles.panelLink} onClick={close}>
                          {link.label}
                        </Link>
                      </li>
                    ))
                  }
                </NavDropdown>
              </li>
            </ul>
          </nav>
        )}
        <div className={styles.account}>
          {user ? <ProfileMenu user={user} /> : !isMobile && <SignInLink />}
          {isMobile && <MobileMenu />}
        </div>
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
