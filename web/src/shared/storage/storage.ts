/** The part of the Web Storage API the app uses, so Node tests can pass an in-memory one. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Keys of the stored session (spec part 1, section 3); the API client and the session store share them. */
export const SESSION_KEYS = { user: 'user', token: 'token' } as const;

export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

/**
 * `localStorage`, or memory when the browser refuses it (site data blocked, some private modes throw on
 * access): the visitor can still use the site for the life of the tab instead of facing a blank page.
 */
export function openBrowserStorage(): StorageLike {
  try {
    const storage = window.localStorage;
    const probe = '__storage_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}

/**
 * The tab's `sessionStorage` (never shared with another tab, gone when the tab closes), or null where
 * there is none (prerendering) or the browser refuses it: what a form keeps through a reload.
 */
export function openSessionStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
