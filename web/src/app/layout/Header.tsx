import type { ReactNode } from 'react';
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
  // Null in prerendered HTML and while it hydrates: both layouts are rendered and the CSS shows one.
  const isMobile = useIsMobile();
  const unknownWidth = isMobile === null;
  return (
    <header className={styles.header}>
      <div className={`${container.container} ${styles.bar}`}>
        <Link to={ROUTES.home} className={styles.brand}>
          <BrandMark />
          <span className={styles.brandName}>{BRAND_NAME}</span>
        </Link>
        {isMobile !== true && (
          <nav aria-label="Main" className={unknownWidth ? `${styles.nav} ${styles.desktopOnly}` : styles.nav}>
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
          {user ? (
            <ProfileMenu user={user} />
          ) : (
            isMobile !== true && (
              <OnlyOn layout="desktop" when={unknownWidth}>
                <SignInLink />
              </OnlyOn>
            )
          )}
          {isMobile !== false && (
            <OnlyOn layout="mobile" when={unknownWidth}>
              <MobileMenu />
            </OnlyOn>
          )}
        </div>
      </div>
    </header>
  );
}

/** While the width is unknown, shows its children only on one layout (by CSS); otherwise adds nothing. */
function OnlyOn({ layout, when, children }: { layout: 'desktop' | 'mobile'; when: boolean; children: ReactNode }) {
  if (!when) return children;
  return <span className={layout === 'desktop' ? styles.desktopOnly : styles.mobileOnly}>{children}</span>;
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
