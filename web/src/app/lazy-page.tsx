import { createElement, use, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';

/** What a route made by `lazyPage` carries in its `handle`: how to fetch its page's code ahead of rendering. */
export interface LazyPageHandle {
  preload: () => Promise<unknown>;
}

/**
 * A route whose page code is fetched only when it is first shown. Until then the page suspends and the
 * layout's Suspense boundary shows the loading state. Once fetched — or preloaded through
 * `handle.preload`, as main.tsx and the prerender do for the page being hydrated or rendered — it renders
 * at once, so hydration meets the prerendered markup without suspending.
 */
export function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  let page: ReactElement | undefined;
  let pending: Promise<ReactElement> | undefined;
  const preload = (): Promise<ReactElement> => {
    pending ??= load().then(
      (component) => (page = createElement(component)),
      (error: unknown) => {
        // The next render tries again (a network blip, or a reload after a deployment).
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  function LazyPage() {
    return page ?? use(preload());
  }
  const handle: LazyPageHandle = { preload };
  return { element: <LazyPage />, handle };
}

/** Fetches the code of every lazy page that `matches` would show. */
export async function preloadPages(matches: { route: RouteObject }[] | null): Promise<void> {
  const handles = (matches ?? []).map(({ route }) => route.handle as LazyPageHandle | undefined);
  await Promise.all(handles.filter((handle) => handle !== undefined).map((handle) => handle.preload()));
}
