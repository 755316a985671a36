import type { MessageReply } from '@portal/contracts';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { apiClient } from '../api';
import { ROUTES } from '../routes';
import { clearUserDrafts, openDraftStorage } from '../storage/drafts';
import { confirmLeaving } from '../ui/use-leave-guard';
import { useSession } from './SessionProvider';

/**
 * Signs out and goes to `to` (the home page from the account menu, the sign-in page after "sign out
 * everywhere"), in one render: the guarded page the user is on never sees them signed out, which would
 * send them to sign in with a redirect back. The cached data goes with the session (AppProviders).
 *
 * The token stops working on the server too (POST /auth/logout, sent with it before it is forgotten
 * here, and kept alive should the tab be closed at once), unless `endedOnServer` says it has already.
 * The browser does not wait for that call: a failure leaves a token nobody holds any more, which
 * expires on its own.
 *
 * What the user kept in the tab to finish after signing in again (a profile edit the end of the session
 * interrupted) goes too: signing out on purpose is leaving, perhaps a shared computer.
 */
export function useSignOut(): (to?: string, options?: { endedOnServer?: boolean }) => void {
  const navigate = useNavigate();
  const { signOut, current } = useSession();
  return (to = ROUTES.home, { endedOnServer = false } = {}) => {
    // A page that asks before it is left (an upload under way) asks here too; told to stay, nothing
    // happens. A session the server has ended already is left whatever the answer.
    if (!endedOnServer && !confirmLeaving()) return;
    if (!endedOnServer)
      apiClient.post<MessageReply>('/auth/logout', undefined, { keepalive: true }).catch(() => undefined);
    const { user } = current();
    if (user?.id) clearUserDrafts(openDraftStorage(), user.id);
    flushSync(() => {
      void navigate(to);
      signOut();
    });
  };
}
