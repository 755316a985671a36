import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../shared/api/query-client';
import { SessionProvider, sessionStore } from '../shared/session';

const queryClient = createQueryClient();

/** App-wide state: server data (react-query) and the signed-in session. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={sessionStore}>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
