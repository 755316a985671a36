import { useState, useSyncExternalStore } from 'react';

/** When the prerendered HTML being hydrated was rendered (main.tsx), or the prerender's own clock. */
let renderedAt: Date | undefined;

/** Tells useToday the moment prerendered HTML shows: the prerender and the hydration of its pages. */
export function setRenderedAt(date: Date): void {
  renderedAt = date;
}

const noSubscription = () => () => undefined;

/**
 * The current date, read once per component. Prerendered HTML and its hydration use the date the page
 * was rendered, so that hydration matches the HTML; React renders today's right after.
 */
export function useToday(): Date {
  const [now] = useState(() => new Date());
  return useSyncExternalStore(
    noSubscription,
    () => now,
    () => renderedAt ?? now,
  );
}
