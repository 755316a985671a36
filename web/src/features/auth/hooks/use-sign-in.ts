import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginUser, normalizeUser, useSession, type User } from '../../../shared/session';
import { login } from '../api';
import type { SignInValues } from '../validation';

/** Logs in and stores the session; resolves with the signed-in user for the page to move on. */
export function useSignIn() {
  const { signIn } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password }: SignInValues): Promise<User> => {
      const reply = await login(email, password);
      // Nothing cached for a previous visitor of this tab may show for the new user.
      queryClient.clear();
      const user = loginUser(reply);
      signIn(user, reply.access_token);
      return normalizeUser(user);
    },
  });
}
