import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ROUTES } from '../shared/routes';
import { PageLoading } from '../shared/ui/PageLoading';
import { Layout } from './layout/Layout';
import { RouteError } from './RouteError';

/**
 * A page whose code is fetched only when its route is first visited. The loading state shows inside the
 * layout, so the header and footer appear at once on a first visit.
 */
function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return { lazy: async () => ({ Component: await load() }), HydrateFallback: PageLoading };
}

export const router = createBrowserRouter([
  {
    Component: Layout,
    // Catches errors of the layout itself; page errors are caught below, inside the layout.
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          {
            path: ROUTES.home,
            ...lazyPage(async () => (await import('../features/home/pages/HomePage')).HomePage),
          },
          {
            path: '*',
            ...lazyPage(async () => (await import('../features/not-found/pages/NotFoundPage')).NotFoundPage),
          },
        ],
      },
    ],
  },
]);
