import type { MouseEvent } from 'react';
import styles from './SkipLink.module.css';

/**
 * The first stop for keyboard users: jumps past the header to the page content. It moves focus itself
 * rather than following the fragment, so the URL (which the router owns) keeps no '#main-content'.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  }
  return (
    <a href={`#${targetId}`} className={styles.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}
