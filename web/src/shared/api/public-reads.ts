import { retryDelayMs as defaultRetryDelayMs, shouldRetry } from './retry';

/**
 * The few public reads that the app's frame and the home page show (the catalog's menu and site pages),
 * kept without react-query so that `/` hydrates without loading it (README, "Web app: prerendered
 * pages"); every other read goes through react-query (QueryScope). A store per visit in the browser and
 * per page in the prerender, observable for useSyncExternalStore (usePublicRead in server-data.tsx):
 *
 * - it starts from what the prerendered page was rendered with, so that hydration meets the same data;
 * - a read is fetched when shown unless fetched less than `maxAgeMs` ago; data from the build counts as
 *   never fetched, so a catalog changed since the build appears moments after the page loads;
 * - a failed fetch is retried as react-query retries (shouldRetry, retryDelayMs), then shows as an error,
 *   with the data fetched before if any (as react-query keeps it), until a later fetch succeeds; while
 *   it is asked again, the error says so (`retrying`, for a Retry button's busy state).
 *
 * The price of leaving react-query out of `/` (10 KiB gzip): these reads are not fetched again on window
 * focus or reconnection, nor shared with react-query's cache. Keep it to what the frame and the home page
 * show; anything else belongs in react-query.
 */

export type PublicRead<T = unknown> =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; data?: T; retrying?: true }
  | { status: 'success'; data: T };

export interface PublicReads {
  /** The read of `path`: the same object until it changes. Asking for it records it (see `unanswered`). */
  get(path: string): PublicRead;
  subscribe(listener: () => void): () => void;
  /** Fetches `path` unless fetched less than `maxAgeMs` ago or already on its way; never rejects. */
  refresh(path: string, maxAgeMs?: number): Promise<void>;
  /** The reads asked for without an answer yet (never fetched, or failed): what the prerender fetches. */
  unanswered(): string[];
  /** The answered reads, by path: what a prerendered page carries for its hydration. */
  snapshot(): Record<string, unknown>;
}

export interface PublicReadsOptions {
  /** What the prerendered page was rendered with (its `snapshot()`). */
  initial?: Record<string, unknown>;
  now?: () => number;
  retryDelayMs?: (failureCount: number) => number;
}

interface Entry {
  read: PublicRead;
  /** When its data was fetched; -Infinity for none, or data from the build. */
  fetchedAt: number;
  inFlight?: Promise<void>;
}

const PENDING: PublicRead = Object.freeze({ status: 'pending' });

export function createPublicReads(
  fetchPath: (path: string) => Promise<unknown>,
  { initial = {}, now = Date.now, retryDelayMs = defaultRetryDelayMs }: PublicReadsOptions = {},
): PublicReads {
  const entries = new Map<string, Entry>(
    Object.entries(initial).map(([path, data]) => [path, { read: { status: 'success', data }, fetchedAt: -Infinity }]),
  );
  const listeners = new Set<() => void>();

  function entryOf(path: string): Entry {
    let entry = entries.get(path);
    if (!entry) {
      entry = { read: PENDING, fetchedAt: -Infinity };
      entries.set(path, entry);
    }
    return entry;
  }

  function change(entry: Entry, read: PublicRead): void {
    entry.read = read;
    for (const listener of listeners) listener();
  }

  function settle(entry: Entry, read: PublicRead): void {
    entry.inFlight = undefined;
    change(entry, read);
  }

  async function fetchWithRetries(path: string): Promise<unknown> {
    for (let failures = 0; ; failures += 1) {
      try {
        return await fetchPath(path);
      } catch (error) {
        if (!shouldRetry(failures, error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(failures)));
      }
    }
  }

  return {
    get: (path) => entryOf(path).read,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh(path, maxAgeMs = 0) {
      const entry = entryOf(path);
      if (entry.inFlight) return entry.inFlight;
      if (now() - entry.fetchedAt < maxAgeMs) return Promise.resolve();
      if (entry.read.status === 'error') change(entry, { ...entry.read, retrying: true });
      entry.inFlight = fetchWithRetries(path).then(
        (data) => {
          entry.fetchedAt = now();
          settle(entry, { status: 'success', data });
        },
        (error: unknown) => {
          const data = 'data' in entry.read ? entry.read.data : undefined;
          settle(entry, { status: 'error', error, data });
        },
      );
      return entry.inFlight;
    },
    unanswered: () => [...entries].filter(([, entry]) => entry.read.status !== 'success').map(([path]) => path),
    snapshot: () =>
      Object.fromEntries(
        [...entries].flatMap(([path, { read }]) => (read.status === 'success' ? [[path, read.data]] : [])),
      ),
  };
}
