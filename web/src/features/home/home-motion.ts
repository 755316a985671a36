/**
 * The home page's scroll-linked motion (spec part 1, section 9), as pure functions of the scroll
 * position so that the numbers are tested and the page only applies them.
 */

export const HERO_FADE_DISTANCE_PX = 300;
export const HERO_SCALE_DISTANCE_PX = 600;
export const HERO_MIN_SCALE = 0.8;
export const SERVICES_FADE_START_PX = 200;
export const SERVICES_FADE_END_PX = 500;
/** The services section loads when this share of it is visible. */
export const SERVICES_VISIBLE_THRESHOLD = 0.2;
/** Get Started stops this far above the services section (below the sticky header). */
export const SERVICES_SCROLL_OFFSET_PX = -20;
/** Image stagger: the first image starts at once, the second 150 ms later, each next one 250 ms after that. */
export const STAGGER_FIRST_STEP_MS = 150;
export const STAGGER_NEXT_STEP_MS = 250;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** 1 at the top, 0 after 300 px of scrolling. */
export function heroOpacity(scrollY: number): number {
  return 1 - clamp(scrollY / HERO_FADE_DISTANCE_PX, 0, 1);
}

/** 1 at the top, shrinking evenly to the 0.8 floor over 600 px. */
export function heroScale(scrollY: number): number {
  return 1 - (1 - HERO_MIN_SCALE) * clamp(scrollY / HERO_SCALE_DISTANCE_PX, 0, 1);
}

/** 0 until 200 px of scrolling, 1 from 500 px. */
export function servicesOpacity(scrollY: number): number {
  return clamp((scrollY - SERVICES_FADE_START_PX) / (SERVICES_FADE_END_PX - SERVICES_FADE_START_PX), 0, 1);
}

/** Delay of the image at `index`: 0, 150, 400, 650 ms... */
export function staggerDelayMs(index: number): number {
  if (index <= 0) return 0;
  return STAGGER_FIRST_STEP_MS + (index - 1) * STAGGER_NEXT_STEP_MS;
}

/** Where to scroll for Get Started: the section's top, minus the sticky header, minus 20 px. */
export function servicesScrollTop(sectionTopInPage: number, headerHeight: number): number {
  return Math.max(0, sectionTopInPage - headerHeight + SERVICES_SCROLL_OFFSET_PX);
}
