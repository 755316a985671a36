import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { PublicRead, PublicReads } from './public-reads';

/**
 * What the app reads from the server, for one visit (the browser: main.tsx) or one page (the prerender:
 * entry-server.tsx). Only types of react-query here: its code loads with QueryScope, not with the frame.
 */
export interface ServerData {
  /** The reads of the frame and the home page (public-reads.ts), shown without react-query. */
  publicReads: PublicReads;
  /**
   * react-query's client. The prerender makes its own per page; in the browser the first QueryScope to
   * render makes it, from `prerenderedQueries`, and it then lasts for the visit.
   */
  queryClient?: QueryClient;
  /** The queries the prerendered page was rendered with. */
  prerenderedQueries?: DehydratedState;
}

const ServerDataContext = createContext<ServerData | null>(null);

export function ServerDataProvider({ value, children }: { value: ServerData; children: ReactNode }) {
  return <ServerDataContext value={value}>{children}</ServerDataContext>;
}

export function useServerData(): ServerData {
  const serverData = use(ServerDataContext);
  if (!serverData) throw new Error('useServerData() needs a <ServerDataProvider> above it');
  return serverData;
}

/**
 * Shaped like react-query's results, so that a reader reads both alike. `isFetching` is set only while a
 * failed read is asked again (a Retry): a refresh of a read that has data does not re-render its readers.
 */
export type PublicReadResult<T> = { refetch(): Promise<void>; isFetching: boolean } & (
  | { isPending: true; isError: false; data: undefined }
  | { isPending: false; isError: true; data: T | undefined }
  | { isPending: false; isError: false; data: T }
);

/**
 * The public read of `path` (an API path: '/menu/'), fetched again when shown if older than `maxAgeMs`
 * (after hydration: the first render is the prerendered page's).
 */
export function usePublicRead<T>(path: string, maxAgeMs: number): PublicReadResult<T> {
  const { publicReads } = useServerData();
  const read = useSyncExternalStore(
    publicReads.subscribe,
    () => publicReads.get(path),
    () => publicReads.get(path),
  ) as PublicRead<T>;
  useEffect(() => {
    void publicReads.refresh(path, maxAgeMs);
  }, [publicReads, path, maxAgeMs]);
  const refetch = () => publicReads.refresh(path);
  if (read.status === 'pending') return { isPending: true, isError: false, data: undefined, refetch, isFetching: true };
  if (read.status === 'error') {
    return { isPending: false, isError: true, data: read.data, refetch, isFetching: read.retrying === true };
  }
  return { isPending: false, isError: false, data: read.data, refetch, isFetching: false };
}
