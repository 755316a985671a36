import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isTwoFactorChallenge, type SessionReply } from '@portal/contracts';
import { isAdmin, loginUser, normalizeUser, useSession, type User } from '../../../shared/session';
import { getTwoFactorStatus } from '../../settings/api';
import { login, verifyTwoFactor } from '../api';
import type { SignInValues } from '../validation';

/** A signed-in user, and whether they must set up two-factor first (an admin without it). */
export interface SignedIn {
  user: User;
  mustSetUpTwoFactor: boolean;
}

/** The password step's outcome: signed in, or a code step to do with this challenge. */
export type SignInOutcome = ({ kind: 'signed-in' } & SignedIn) | { kind: 'two-factor'; challenge: string };

/** Stores the session of a login reply; an admin's two-factor state is asked for (it decides where they go). */
function useStartSession() {
  const { signIn } = useSession();
  const queryClient = useQueryClient();
  return async (reply: SessionReply): Promise<SignedIn> => {
    // Nothing cached for a previous visitor of this tab may show for the new user.
    queryClient.clear();
    const raw = loginUser(reply);
    signIn(raw, reply.access_token);
    const user = normalizeUser(raw);
    if (!isAdmin(user)) return { user, mustSetUpTwoFactor: false };
    const status = await getTwoFactorStatus().catch(() => undefined);
    return { user, mustSetUpTwoFactor: status?.enabled === false };
  };
}

/** The password step: signs in, or answers the challenge of the code step for an account with two-factor on. */
export function useSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async ({ email, password }: SignInValues): Promise<SignInOutcome> => {
      const reply = await login(email, password);
      if (isTwoFactorChallenge(reply)) return { kind: 'two-factor', challenge: reply.challenge_token };
      return { kind: 'signed-in', ...(await startSession(reply)) };
    },
  });
}

/** The code step: a 6-digit code or a recovery code for the challenge. */
export function useVerifyTwoFactor() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async ({ challenge, code }: { challenge: string; code: string }): Promise<SignedIn> =>
      startSession(await verifyTwoFactor(challenge, code)),
  });
}
