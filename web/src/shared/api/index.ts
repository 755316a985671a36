import { appStorage } from '../storage';
import { createApiClient } from './client';

export { ApiError } from './client';
export { serverDetail } from './server-detail';

/** The app's API client. Feature `api.ts` files call it; tests build their own with createApiClient. */
export const apiClient = createApiClient({
  storage: appStorage,
  // A full page load, not a router navigation: it also drops the expired user's in-memory session and
  // cached queries, so nothing of theirs survives on the sign-in page.
  navigate: (url) => window.location.assign(url),
  // Read on use, not at import: the prerender (entry-server.tsx) imports this in Node, with no window.
  location: {
    get pathname() {
      return window.location.pathname;
    },
    get search() {
      return window.location.search;
    },
    get hash() {
      return window.location.hash;
    },
  },
  fetch: (input, init) => fetch(input, init),
});
