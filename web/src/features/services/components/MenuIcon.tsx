import { useMemo } from 'react';
import { safeSvgIcon } from '../menu-icon';
import styles from './MenuIcon.module.css';

/** A menu entry's icon: the catalog's SVG when it is a plain drawing, else the default marker. */
export function MenuIcon({ markup }: { markup?: string | null }) {
  const svg = useMemo(() => safeSvgIcon(markup), [markup]);
  if (!svg) {
    return (
      <span className={styles.icon} aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <rect x="5" y="5" width="14" height="14" rx="4" fill="currentColor" opacity="0.25" />
          <circle cx="12" cy="12" r="3.5" fill="currentColor" />
        </svg>
      </span>
    );
  }
  // Checked by safeSvgIcon: one <svg> without scripts, handlers or external references.
  return <span className={styles.icon} aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />;
}
