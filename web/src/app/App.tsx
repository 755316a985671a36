import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import type { ServerData } from '../shared/api/server-data';
import { preloadPages, usePreloadOnIntent } from './lazy-page';
import { AppProviders } from './providers';
import { RouteError } from './RouteError';
import { routes } from './routes';

/** The app's pages, under the caller's router (the browser's below, a static one in the prerender). */
export function AppRoutes() {
  // The code of the address's lazy routes as early as possible, rather than each as its parent renders (a
  // signed-in page would wait for TwoFactorGate's). A failure shows where that route renders.
  preloadPages(routes, useLocation()).catch(() => undefined);
  usePreloadOnIntent(routes);
  // Catches errors of the layout itself; a page's errors are caught inside the layout.
  return <ErrorBoundary FallbackComponent={RouteError}>{useRoutes(routes)}</ErrorBoundary>;
}

export function App({ serverData }: { serverData: ServerData }) {
  return (
    <AppProviders serverData={serverData}>
      {/* Not as transitions: the page shown always belongs to the address, even while its code loads. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
