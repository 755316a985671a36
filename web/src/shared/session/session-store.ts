import { SESSION_KEYS, type StorageLike } from '../storage/storage';
import { applyUserPatch, normalizeUser, type RawUser, type User } from './user';

export interface SessionSnapshot {
  readonly user: User | null;
  readonly token: string | null;
}

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
  };
}

/** Spec part 1, section 4: the session comes back from storage; a user that is not valid JSON ends it. */
function restore(storage: StorageLike): SessionSnapshot {
  const storedUser = storage.getItem(SESSION_KEYS.user);
  const token = storage.getItem(SESSION_KEYS.token);
  if (storedUser === null && token === null) return SIGNED_OUT;
  let parsed: unknown;
  try {
    parsed = JSON.parse(storedUser ?? '');
  } catch {
    parsed = undefined;
  }
  // Half a session is no session: a token without a user would be sent on every call while the
  // header shows "Sign in", and a user without a token would look signed in but get 401s.
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !token) {
    clear(storage);
    return SIGNED_OUT;
  }
  return { user: normalizeUser(parsed as RawUser), token };
}

function clear(storage: StorageLike): void {
  storage.removeItem(SESSION_KEYS.user);
  storage.removeItem(SESSION_KEYS.token);
}
