import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../routes';
import { useSession } from './SessionProvider';

/**
 * Keeps this tab's session the one the browser stores, which every tab shares (and the API client sends
 * the stored token, whoever's page this is). Signed out in another tab: this tab signs out too, as the
 * account menu's Sign Out does (to the home page, in one render; the cached data goes with the session),
 * without a call of its own. Another user signed in there: this tab reloads, so that nothing of the
 * previous user's (an open form, cached data) is shown or sent with the new user's token. The same user's
 * new token or details are simply taken.
 */
export function useFollowOtherTabs(): void {
  const navigate = useNavigate();
  const { followStorage } = useSession();
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      flushSync(() => {
        const change = followStorage(event.key);
        if (change === 'signed-out') void navigate(ROUTES.home);
        if (change === 'other-user') window.location.reload();
      });
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [followStorage, navigate]);
}
