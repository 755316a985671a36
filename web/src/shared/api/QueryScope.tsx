import { hydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { createQueryClient } from './query-client';
import { useServerData, type ServerData } from './server-data';

/**
 * Gives react-query's client to what it wraps: the routes below it (site-routes.tsx: every page but the
 * home page) or a part loaded on its own (the home page's services tab, the contact modal). It is loaded
 * with them, so react-query's code (10 KiB gzip) comes with the first page that reads through it rather
 * than with the frame, and `/` hydrates without it (the frame and the home page read through
 * public-reads.ts).
 */
export function QueryScope({ children = <Outlet /> }: { children?: ReactNode }) {
  return <QueryClientProvider client={queryClientOf(useServerData())}>{children}</QueryClientProvider>;
}

/** The visit's client, made on first use from the prerendered page's queries. */
function queryClientOf(serverData: ServerData): QueryClient {
  if (!serverData.queryClient) {
    const client = createQueryClient();
    if (serverData.prerenderedQueries) {
      hydrate(client, serverData.prerenderedQueries);
      // The data is the build's: shown as is for hydration, then fetched again by whatever shows it, so
      // that a catalog changed since the build appears moments later.
      void client.invalidateQueries({ refetchType: 'none' });
    }
    serverData.queryClient = client;
  }
  return serverData.queryClient;
}
