import { appStorage } from '../storage';
import { createSessionStore } from './session-store';

export { RequireAuth } from './RequireAuth';
export { useFollowOtherTabs } from './use-follow-other-tabs';
export { useSignOut } from './use-sign-out';
export { SessionProvider, useSession } from './SessionProvider';
export { isAdmin, loginUser, normalizeUser, userInitials, type User } from './user';

/** The app's session, restored from browser storage when the app starts. */
export const sessionStore = createSessionStore(appStorage);
