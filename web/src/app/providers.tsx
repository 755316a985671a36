import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider, sessionStore } from '../shared/session';

/**
 * App-wide state: server data (react-query) and the signed-in session. The query client is the
 * caller's: the browser keeps one for the visit, the prerender makes one per page.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={sessionStore}>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
