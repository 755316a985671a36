import type { QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AppProviders } from './providers';
import { RouteError } from './RouteError';
import { routes } from './routes';

/** The app's pages, under the caller's router (the browser's below, a static one in the prerender). */
export function AppRoutes() {
  // Catches errors of the layout itself; a page's errors are caught inside the layout.
  return <ErrorBoundary FallbackComponent={RouteError}>{useRoutes(routes)}</ErrorBoundary>;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      {/* Not as transitions: the page shown always belongs to the address, even while its code loads. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
