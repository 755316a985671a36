import type { RouteObject } from 'react-router-dom';
import { ROUTES } from '../shared/routes';
import { Layout } from './layout/Layout';
import { lazyPage, lazyRoutes } from './lazy-page';

/**
 * Every route of the app: the browser (App.tsx) and the prerender (entry-server.tsx) share them. The frame
 * and the home page are here; every other page is in site-routes.tsx, fetched with the first of them
 * (lazyRoutes), with react-query (QueryScope): the frame and the home page read the catalog without it,
 * so that `/` loads less code. Each page's code is its own chunk, fetched when the page is first shown
 * (lazyPage); the layout shows the loading state and catches a page's errors.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        path: ROUTES.home,
        ...lazyPage(async () => (await import('../features/home/pages/HomePage')).HomePage),
      },
      {
        path: '*',
        ...lazyRoutes(async () => (await import('./site-routes')).siteRoutes),
      },
    ],
  },
];
