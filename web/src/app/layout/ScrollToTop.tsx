import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

// Spec part 1, section 9. The target of a hash may render only after the page's code and data arrive,
// hence the wait; it is longer on the first load, when nothing has been fetched yet.
const HASH_SCROLL_DELAY_ON_LOAD_MS = 500;
const HASH_SCROLL_DELAY_ON_CHANGE_MS = 100;

/**
 * A new page starts at the top (spec part 1, section 2), the first one where the browser put it; a
 * location with a hash (/profile#subscriptions) scrolls to that element instead. A change of query
 * alone (a filter, say) keeps the scroll position.
 */
export function ScrollToTop() {
  const { pathname, hash, key } = useLocation();
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    const firstLoad = previousPathname.current === null;
    const pathChanged = previousPathname.current !== pathname;
    previousPathname.current = pathname;

    // A new page starts at the top, with or without a hash (its target may never come, or come late).
    // Not on the first load: the browser has placed it already, and a visitor may have scrolled the
    // prerendered page while its script loaded; hydrating must not throw them back to the top.
    if (pathChanged && !firstLoad) window.scrollTo(0, 0);
    if (hash) {
      const delay = firstLoad ? HASH_SCROLL_DELAY_ON_LOAD_MS : HASH_SCROLL_DELAY_ON_CHANGE_MS;
      const timer = window.setTimeout(() => scrollToFragment(hash), delay);
      return () => window.clearTimeout(timer);
    }
    // `key` is a dependency so that following the same #link twice scrolls again.
  }, [pathname, hash, key]);

  return null;
}

function scrollToFragment(hash: string): void {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // Not valid percent-encoding: look the id up as written.
  }
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.getElementById(id)?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
}
