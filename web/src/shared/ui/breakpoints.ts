import { useSyncExternalStore } from 'react';

/** Below this width (px) the site shows its mobile layout and menu (spec part 1, section 9). */
export const MOBILE_BREAKPOINT = 992;

// Written out in the CSS media queries too (a custom property cannot be used there): keep them equal.
// 991.98 rather than 991 so that fractional widths (zoom, high-DPI) fall on exactly one side.
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

let mobileQuery: MediaQueryList | undefined;

// Created on first use, not at import, so that importing this module needs no window.
function getMobileQuery(): MediaQueryList {
  mobileQuery ??= window.matchMedia(MOBILE_QUERY);
  return mobileQuery;
}

function subscribe(onChange: () => void): () => void {
  const query = getMobileQuery();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * True while the viewport is narrower than MOBILE_BREAKPOINT; follows resizes and rotations. Null while
 * the width is unknown: in prerendered HTML and during its hydration, where a component renders both
 * layouts and lets the CSS media queries pick one (so neither a mobile nor a desktop visitor sees a shift).
 */
export function useIsMobile(): boolean | null {
  return useSyncExternalStore(subscribe, () => getMobileQuery().matches, unknownWidth);
}

const unknownWidth = (): null => null;
