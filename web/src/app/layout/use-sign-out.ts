import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../shared/routes';
import { useSession } from '../../shared/session';

/** Signs out from a menu: leaves for the home page first, then drops the session and cached data. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signOut } = useSession();
  return async () => {
    // Leave first: signing out on a guarded page would send the guard to the sign-in page instead.
    await navigate(ROUTES.home);
    signOut();
    queryClient.clear();
  };
}
