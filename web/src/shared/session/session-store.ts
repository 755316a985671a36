import { SESSION_KEYS, type StorageLike } from '../storage/storage';
import { applyUserPatch, normalizeUser, type RawUser, type User } from './user';

export interface SessionSnapshot {
  readonly user: User | null;
  readonly token: string | null;
}

/**
 * What another tab did to the stored session, as followStorage saw it: `signed-out` and `signed-in` (this
 * tab was signed out) and `updated` (the same user: a new token, a changed name) are taken over; `other-user`
 * is not, since this tab's pages, forms and cached data are the previous user's (the caller reloads).
 */
export type StoredSessionChange = 'none' | 'signed-out' | 'signed-in' | 'updated' | 'other-user';

/** The session kept in browser storage, observable for React's useSyncExternalStore. */
export interface SessionStore {
  /** The same object until the session changes. */
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** Stores the (normalised) user and the access token after a successful login. */
  signIn(user: RawUser, token: string): void;
  signOut(): void;
  /** Changes the signed-in user (after a profile save or an e-mail verification); ignored when signed out. */
  updateUser(patch: Partial<User>): void;
  /**
   * Follows a change another tab made to the stored session (`key` of its `storage` event; null when that
   * tab cleared the whole storage). It never writes storage: the other tab may be midway through writing it.
   */
  followStorage(key: string | null): StoredSessionChange;
}

/** No one signed in; also what prerendered pages are rendered as (SessionProvider's server snapshot). */
export const SIGNED_OUT: SessionSnapshot = Object.freeze({ user: null, token: null });

export function createSessionStore(storage: StorageLike): SessionStore {
  let snapshot = restore(storage);
  const listeners = new Set<() => void>();

  function set(next: SessionSnapshot): void {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(rawUser, token) {
      if (!token) throw new Error('signIn needs the access token of the login reply');
      const user = normalizeUser(rawUser);
      storage.setItem(SESSION_KEYS.user, JSON.stringify(user));
      storage.setItem(SESSION_KEYS.token, token);
      set({ user, token });
    },
    signOut() {
      clear(storage);
      set(SIGNED_OUT);
    },
    updateUser(patch) {
      if (!snapshot.user) return;
      const user = applyUserPatch(snapshot.user, patch);
      storage.setItem(SESSION_KEYS.user, JSON.stringify(user));
      set({ ...snapshot, user });
    },
    followStorage(key) {
      if (key !== null && key !== SESSION_KEYS.user && key !== SESSION_KEYS.token) return 'none';
      // Half a session (a sign-in or sign-out half written) counts as none, as it does when restoring.
      const stored = readStored(storage) ?? SIGNED_OUT;
      const { user, token } = snapshot;
      if (!stored.user) {
        if (!user) return 'none';
        set(SIGNED_OUT);
        return 'signed-out';
      }
      if (!user) {
        set(stored);
        return 'signed-in';
      }
      if (stored.user.id !== user.id) return 'other-user';
      if (stored.token === token && JSON.stringify(stored.user) === JSON.stringify(user)) return 'none';
      set(stored);
      return 'updated';
    },
  };
}

/** Spec part 1, section 4: the session comes back from storage; a user that is not valid JSON ends it. */
function restore(storage: StorageLike): SessionSnapshot {
  const stored = readStored(storage);
  // Half a session is no session: a token without a user would be sent on every call while the
  // header shows "Sign in", and a user without a token would look signed in but get 401s.
  if (!stored) clear(storage);
  return stored ?? SIGNED_OUT;
}

/** The stored session; null when only half of it is there or the user is not a JSON object. */
function readStored(storage: StorageLike): SessionSnapshot | null {
  const storedUser = storage.getItem(SESSION_KEYS.user);
  const token = storage.getItem(SESSION_KEYS.token);
  if (storedUser === null && token === null) return SIGNED_OUT;
  let parsed: unknown;
  try {
    parsed = JSON.parse(storedUser ?? '');
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !token) return null;
  return { user: normalizeUser(parsed as RawUser), token };
}

function clear(storage: StorageLike): void {
  storage.removeItem(SESSION_KEYS.user);
  storage.removeItem(SESSION_KEYS.token);
}
