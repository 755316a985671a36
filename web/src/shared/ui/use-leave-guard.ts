import { useEffect } from 'react';

interface Guard {
  question: string;
  /** React Router's number (state.idx) of the history entry the page is on, and the page's address. */
  entry: number | null;
  page: string;
}

/** The page that asks before it is left, if one does: at most one at a time. */
let guard: Guard | null = null;
/** A declined Back or Forward is being undone: the next history move is ours. */
let undoing = false;

/**
 * While `active`, leaving the page asks first: closing or reloading the tab (the browser's own "Leave
 * site?" prompt), following a link within the site, Back or Forward (`question`, answered OK to leave),
 * and the app's own navigations that call confirmLeaving. React Router's own blocker (useBlocker) needs
 * a data router; the app's BrowserRouter has none, so a link's click is stopped before the router sees
 * it, and a history move the user declines is undone before the router sees it (installLeaveGuard).
 */
export function useLeaveGuard(active: boolean, question: string): void {
  useEffect(() => {
    if (!active) return;
    guard = { question, entry: entryIndex(window.history.state), page: pageOf(window.location) };
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      if (inAppNavigation(event) && !window.confirm(question)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Captured at the window: before React's listeners at the root, among them the link's own.
    window.addEventListener('click', onClick, true);
    return () => {
      guard = null;
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
    };
  }, [active, question]);
}

/**
 * Whether the app may leave the page by its own navigation (a button's navigate(), such as Sign Out):
 * true when no page guards itself, else the user's answer to its question.
 */
export function confirmLeaving(): boolean {
  return !guard || window.confirm(guard.question);
}

/**
 * Called once before the app renders: a window's listeners of an event run in the order they were added,
 * so this one runs before the router's and can keep a declined Back or Forward from it.
 */
export function installLeaveGuard(): void {
  window.addEventListener('popstate', onPopState, true);
}

function onPopState(event: PopStateEvent): void {
  if (undoing) {
    undoing = false;
    event.stopImmediatePropagation();
    return;
  }
  if (!guard) return;
  const entry = entryIndex(event.state);
  // A hash of the same page (the skip link's #main) leaves nothing.
  if (pageOf(window.location) === guard.page || window.confirm(guard.question)) {
    guard.entry = entry;
    guard.page = pageOf(window.location);
    return;
  }
  event.stopImmediatePropagation();
  undoing = true;
  window.history.go(guard.entry !== null && entry !== null ? guard.entry - entry : 1);
}

/** The link a plain click follows to another page of this site, if it is one (not a new tab, a download, a hash). */
export function inAppNavigation(event: MouseEvent): HTMLAnchorElement | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const to = new URL(link.href, window.location.href);
  // Another site: the browser's own prompt asks. The same page (a hash): nothing is left.
  if (to.origin !== window.location.origin || pageOf(to) === pageOf(window.location)) return null;
  return link;
}

const pageOf = (url: { pathname: string; search: string }) => url.pathname + url.search;

function entryIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}
