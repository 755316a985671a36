import { createElement, use, useEffect, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type Location, type RouteObject } from 'react-router-dom';

/**
 * What a route made by `lazyPage` or `lazyRoutes` carries in its `handle`: how to fetch its code ahead of
 * rendering, and (lazyRoutes) the routes below it once fetched.
 */
export interface LazyPageHandle {
  preload: () => Promise<unknown>;
  childRoutes?: () => RouteObject[] | undefined;
}

/**
 * Memoises `load`: a failure is forgotten, so that the next render tries again (a network blip, or a
 * reload after a deployment).
 */
function once<T>(load: () => Promise<T>): { preload: () => Promise<T>; loaded: () => T | undefined } {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const preload = (): Promise<T> => {
    pending ??= load().then(
      (loaded) => (value = loaded),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return { preload, loaded: () => value };
}

/**
 * A route whose page code is fetched only when it is first shown (a page's, or a layout route's such as
 * TwoFactorGate). Until then the page suspends and the layout's Suspense boundary shows the loading state.
 * Once fetched — or preloaded through `handle.preload`, as main.tsx and the prerender do for the page being
 * hydrated or rendered — it renders at once, so hydration meets the prerendered markup without suspending.
 */
export function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  const page = once(async () => createElement(await load()));
  function LazyPage() {
    return page.loaded() ?? use(page.preload());
  }
  const handle: LazyPageHandle = { preload: page.preload };
  return { element: <LazyPage />, handle };
}

/**
 * A splat route (`path: '*'`) whose child routes are fetched only when one of them is first shown (the
 * pages of site-routes.tsx), then rendered as descendant routes; like lazyPage, it renders at once when
 * preloaded.
 */
export function lazyRoutes(load: () => Promise<RouteObject[]>): Pick<RouteObject, 'element' | 'handle'> {
  const routes = once(load);
  function LazyRoutes() {
    return useRoutes(routes.loaded() ?? use(routes.preload()));
  }
  const handle: LazyPageHandle = { preload: routes.preload, childRoutes: routes.loaded };
  return { element: <LazyRoutes />, handle };
}

/**
 * Fetches the code of every lazy route that `location` would show, descendant routes included, and
 * returns the routes it matches, outermost first (none when nothing matches).
 */
export async function preloadPages(
  routes: RouteObject[],
  location: Partial<Location> | string,
  basename = '/',
): Promise<RouteObject[]> {
  const matches = matchRoutes(routes, location, basename) ?? [];
  const lazy = matches.filter((match) => match.route.handle !== undefined);
  await Promise.all(lazy.map(({ route }) => (route.handle as LazyPageHandle).preload()));
  const matched = matches.map(({ route }) => route);
  for (const { route, pathnameBase } of lazy) {
    const childRoutes = (route.handle as LazyPageHandle).childRoutes?.();
    if (childRoutes) return [...matched, ...(await preloadPages(childRoutes, location, pathnameBase))];
  }
  return matched;
}

/** What shows that a visitor is about to open a link: a pointer over it, a touch on it, the focus on it. */
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * Fetches the code of a page as soon as the visitor shows they are about to open a link to it, so that the
 * click finds it there: the first page after the home page also brings the other pages' table and
 * react-query (site-routes.tsx), one round trip more than a page alone. Data is not fetched ahead.
 */
export function usePreloadOnIntent(routes: RouteObject[]): void {
  useEffect(() => {
    const started = new Set<string>();
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      const { pathname, search } = link;
      if (started.has(pathname)) return;
      started.add(pathname);
      // A failure is tried again at the next sign of intent, and shows only if the page is opened.
      preloadPages(routes, { pathname, search }).catch(() => started.delete(pathname));
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent);
    };
  }, [routes]);
}
