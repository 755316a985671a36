import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates prerendered HTML (and in the prerender itself), true from the render right
 * after, and at once for a page rendered in the browser from scratch. A prerendered page shows what depends
 * on the visit (the query string, say) only when this is true, so that hydration meets the HTML as built.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
