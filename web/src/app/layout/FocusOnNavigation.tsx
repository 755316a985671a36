import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a move to another page within the app, the focus goes to the page's content (`targetId`, the
 * <main>), as a full page load would start there: a screen reader reads the new page, and the next Tab
 * is in it rather than on the link that was followed, or at the top of the document when that link is
 * gone. Not on the first load (the browser's own start), not for a change of query or hash alone (the same
 * page), and not when the new page has put the focus in itself already (a field it focuses on arrival).
 */
export function FocusOnNavigation({ targetId }: { targetId: string }) {
  const { pathname } = useLocation();
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    const previous = previousPathname.current;
    previousPathname.current = pathname;
    if (previous === null || previous === pathname) return;
    const target = document.getElementById(targetId);
    const focused = document.activeElement;
    if (!target || (focused && focused !== document.body && target.contains(focused))) return;
    // ScrollToTop places the page (the top, or the hash's target).
    target.focus({ preventScroll: true });
  }, [pathname, targetId]);

  return null;
}
