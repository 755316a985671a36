import { appStorage } from '../storage';
import { createSessionStore } from './session-store';

export { guardRedirect, type GuardLocation, type GuardOptions } from './guard';
export { RequireAuth } from './RequireAuth';
export { safeRedirect } from './safe-redirect';
export { SessionProvider, useSession, type Session } from './SessionProvider';
export type { SessionSnapshot, SessionStore } from './session-store';
export { isAdmin, loginUser, normalizeUser, userInitials, type RawUser, type User } from './user';

/** The app's session, restored from browser storage when the app starts. */
export const sessionStore = createSessionStore(appStorage);
