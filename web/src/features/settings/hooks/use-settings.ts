import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorStatusReply } from '@portal/contracts';
import { useSession } from '../../../shared/session';
import {
  changePassword,
  disableTwoFactor,
  enableTwoFactor,
  endSession,
  getSecurityEvents,
  getSessions,
  getTwoFactorStatus,
  setupTwoFactor,
  signOutEverywhere,
} from '../api';
import { settingsKeys } from './query-keys';

export function useTwoFactorStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: settingsKeys.twoFactor, queryFn: getTwoFactorStatus, enabled });
}

export function useSessions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: settingsKeys.sessions, queryFn: getSessions, enabled });
}

export function useSecurityEvents({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: settingsKeys.securityEvents, queryFn: getSecurityEvents, enabled });
}

/** Keeps the session with the token a change answered (the others ended with it). */
function useReplaceToken() {
  const { user, signIn } = useSession();
  return (token: string) => {
    if (user) signIn({ ...user }, token);
  };
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  const replaceToken = useReplaceToken();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (reply) => {
      replaceToken(reply.access_token);
      const status: TwoFactorStatusReply = {
        enabled: true,
        enabled_at: new Date().toISOString(),
        recovery_codes_left: reply.recovery_codes.length,
      };
      queryClient.setQueryData(settingsKeys.twoFactor, status);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.securityEvents });
    },
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  const replaceToken = useReplaceToken();
  return useMutation({
    mutationFn: ({ password, code }: { password: string; code: string }) => disableTwoFactor(password, code),
    onSuccess: (reply) => {
      replaceToken(reply.access_token);
      void queryClient.invalidateQueries({ queryKey: ['auth'] });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  const replaceToken = useReplaceToken();
  return useMutation({
    mutationFn: ({ current, next }: { current: string; next: string }) => changePassword(current, next),
    onSuccess: (reply) => {
      replaceToken(reply.access_token);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.securityEvents });
    },
  });
}

/** Signs out one other session of the account: it leaves the list, and the sign-out joins the security events. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.securityEvents });
    },
  });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
