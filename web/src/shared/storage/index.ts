import { openBrowserStorage } from './storage';

/** The one storage the API client and the session store share (a memory fallback must be the same object). */
export const appStorage = openBrowserStorage();
