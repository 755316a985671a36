import { createContext, use, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { SIGNED_OUT, type SessionSnapshot, type SessionStore } from './session-store';

const SessionContext = createContext<SessionStore | null>(null);

/** Makes a session store available to useSession; tests and previews can pass their own. */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext value={store}>{children}</SessionContext>;
}

export interface Session extends SessionSnapshot {
  signIn: SessionStore['signIn'];
  signOut: SessionStore['signOut'];
  updateUser: SessionStore['updateUser'];
  followStorage: SessionStore['followStorage'];
  /** The session as it is now, even while a prerendered page hydrates (when `user` is still nobody). */
  current: SessionStore['getSnapshot'];
}

const signedOut = (): SessionSnapshot => SIGNED_OUT;

/** The current user and token, re-rendering on sign-in, sign-out and user updates. */
export function useSession(): Session {
  const store = use(SessionContext);
  if (!store) throw new Error('useSession() needs a <SessionProvider> above it');
  // Prerendered HTML shows a visitor who is not signed in; hydration starts from that too, then React
  // renders the stored session right after (no mismatch for a signed-in visitor).
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, signedOut);
  return useMemo(
    () => ({
      ...snapshot,
      signIn: store.signIn,
      signOut: store.signOut,
      updateUser: store.updateUser,
      followStorage: store.followStorage,
      current: store.getSnapshot,
    }),
    [snapshot, store],
  );
}
