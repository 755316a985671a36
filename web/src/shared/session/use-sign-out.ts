import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../routes';
import { useSession } from './SessionProvider';

/**
 * Signs out and goes to `to` (the home page from the account menu, the sign-in page after "sign out
 * everywhere"), in one render: the guarded page the user is on never sees them signed out, which would
 * send them to sign in with a redirect back. The cached data goes with the session (AppProviders).
 */
export function useSignOut(): (to?: string) => void {
  const navigate = useNavigate();
  const { signOut } = useSession();
  return (to = ROUTES.home) => {
    flushSync(() => {
      void navigate(to);
      signOut();
    });
  };
}
