import { Link, useLocation } from 'react-router-dom';
import { BookingLink } from '../../features/contact/components/BookingLink';
import { ROUTES, signInPath } from '../../shared/routes';
import { useSession } from '../../shared/session';
import styles from './Header.module.css';
import { ABOUT_LINKS } from './nav-links';
import { ServicesMenuItems } from './ServicesMenuItems';
import { useDropdown } from './use-dropdown';

/**
 * The menu below 992px (spec part 1, section 2): the header's items, /pricing (only here), sign-in for a
 * visitor, and 'Book a demo'. Closes like the other menus (useDropdown) and on following a link.
 */
export function MobileMenu() {
  const { open, close, panelId, listRef, rootProps, buttonProps } = useDropdown();
  const { user } = useSession();
  const { pathname, search, hash } = useLocation();

  return (
    <div className={styles.mobile} {...rootProps}>
      <button className={styles.menuButton} {...buttonProps}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          {open ? (
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        <span className="visually-hidden">Menu</span>
      </button>
      <nav id={panelId} className={styles.mobilePanel} aria-label="Mobile" hidden={!open}>
        <ul ref={listRef} className={styles.mobileList}>
          <li>
            <p className={styles.mobileHeading} id={`${panelId}-services`}>
              Services
            </p>
            <ul className={styles.mobileGroup} aria-labelledby={`${panelId}-services`}>
              <ServicesMenuItems onNavigate={close} compact />
            </ul>
          </li>
          <li>
            <Link to={ROUTES.pricing} className={styles.mobileLink} onClick={close}>
              Pricing
            </Link>
          </li>
          <li>
            <Link to={ROUTES.filings} className={styles.mobileLink} onClick={close}>
              Filings
            </Link>
          </li>
          <li>
            <p className={styles.mobileHeading} id={`${panelId}-about`}>
              About
            </p>
            <ul className={styles.mobileGroup} aria-labelledby={`${panelId}-about`}>
              {ABOUT_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={styles.mobileLink} onClick={close}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
          {!user && (
            <li>
              <Link to={signInPath(pathname + search + hash)} className={styles.mobileLink} onClick={close}>
                Sign in
              </Link>
            </li>
          )}
          <li className={styles.mobileCta}>
            <BookingLink onClick={close}>Book a demo</BookingLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}
