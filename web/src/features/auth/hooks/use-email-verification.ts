import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../../shared/session';
import { checkVerificationStatus, confirmVerification, requestVerification } from '../api';
import type { VerificationStatus } from '../verification';
import { authKeys } from './query-keys';

function sameEmail(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Marks `email` verified in the cache and, when it is the signed-in user's, in the stored session. */
function useMarkVerified() {
  const { user, updateUser } = useSession();
  const queryClient = useQueryClient();
  return useCallback(
    (email: string | undefined) => {
      if (email) {
        queryClient.setQueryData<VerificationStatus>(authKeys.verificationStatus(email), { email, is_verified: true });
      }
      if (user && !user.is_verified && (!email || sameEmail(email, user.email))) updateUser({ is_verified: true });
    },
    [queryClient, user, updateUser],
  );
}

/**
 * Whether `email` is verified (with the spec's fallbacks). Never retried nor refetched on focus: the
 * last fallback sends a verification mail, which must not go out again behind the user's back — and is
 * not taken at all with `holdsToken` (a link's token, which a new mail would invalidate before it is used).
 */
export function useVerificationStatus(email: string, holdsToken: boolean) {
  const { user } = useSession();
  const markVerified = useMarkVerified();
  const signedIn = user !== null;
  return useQuery({
    queryKey: authKeys.verificationStatus(email),
    queryFn: async () => {
      const status = await checkVerificationStatus(email, { signedIn, mayRequestMail: !holdsToken });
      if (status.is_verified) markVerified(email);
      return status;
    },
    enabled: email.trim() !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/**
 * Verifies with the token of the mail (its link or the code pasted from it). A signed-in user gets a
 * new access token with the answer (the old one still says unverified), which replaces the stored one.
 */
export function useConfirmEmail(email: string) {
  const { user, signIn } = useSession();
  const markVerified = useMarkVerified();
  return useMutation({
    mutationFn: (token: string) => confirmVerification(token),
    onSuccess: (reply) => {
      if (reply.access_token && user && sameEmail(reply.email ?? email, user.email)) {
        signIn({ ...user, is_verified: true }, reply.access_token);
      }
      markVerified(reply.email ?? (email || undefined));
    },
  });
}

/** Sends the verification mail again; an "already verified" answer marks the address verified. */
export function useResendVerification() {
  const markVerified = useMarkVerified();
  return useMutation({
    mutationFn: (email: string) => requestVerification(email),
    onSuccess: (reply, email) => {
      if (reply.already_verified) markVerified(email);
    },
  });
}
