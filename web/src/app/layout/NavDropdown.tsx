import type { ReactNode } from 'react';
import styles from './Header.module.css';
import { useDropdown } from './use-dropdown';

interface NavDropdownProps {
  label: string;
  /** The menu's <li> items; `close` is for their click handlers. */
  children: (close: () => void) => ReactNode;
  /** A wider panel (the Services menu, with descriptions). */
  wide?: boolean;
}

/** A section of the main navigation that opens a panel of links (keyboard behaviour in useDropdown). */
export function NavDropdown({ label, children, wide = false }: NavDropdownProps) {
  const { open, close, panelId, listRef, rootProps, buttonProps } = useDropdown();
  return (
    <div className={styles.dropdown} {...rootProps}>
      <button className={styles.navButton} {...buttonProps}>
        {label}
        <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <div id={panelId} className={wide ? `${styles.panel} ${styles.panelWide}` : styles.panel} hidden={!open}>
        <ul ref={listRef} className={styles.panelList}>
          {children(close)}
        </ul>
      </div>
    </div>
  );
}
