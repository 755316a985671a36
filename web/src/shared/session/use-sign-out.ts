import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../routes';
import { useSession } from './SessionProvider';

/**
 * Signs out and goes to `to` (the home page from the account menu, the sign-in page after "sign out
 * everywhere"). The session ends at once; the guarded page the user is on shows nothing meanwhile rather
 * than sending them to sign in (RequireAuth), and the cached data goes with the session (AppProviders).
 */
export function useSignOut(): (to?: string) => void {
  const navigate = useNavigate();
  const { signOut } = useSession();
  return (to = ROUTES.home) => {
    signOut({ leaving: true });
    void navigate(to);
  };
}
