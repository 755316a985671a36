import type { SaveInviteCodeRequest } from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createInviteCode, listInviteCodes, listSubmissions, sendInviteCode, updateInviteCode } from '../api';
import { PAGE_SIZE } from '../invite-codes';
import { adminKeys } from './query-keys';

/** A page of codes, newest first; the previous page stays on screen while the next one loads. */
export function useInviteCodes(page: number) {
  return useQuery({
    queryKey: adminKeys.inviteCodePage(page),
    queryFn: () => listInviteCodes({ page, page_size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function useSubmissions(page: number) {
  return useQuery({
    queryKey: adminKeys.submissionPage(page),
    queryFn: () => listSubmissions({ page, page_size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Create, save and send change the list (a new row, new values, the last send): every page reloads,
 * after a refusal too — a code used or expired since the list was loaded is refused, and its row must
 * stop saying Active.
 */
function useRefreshCodes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.inviteCodes });
}

export function useCreateInviteCode() {
  const refresh = useRefreshCodes();
  return useMutation({ mutationFn: createInviteCode, onSuccess: refresh });
}

export function useUpdateInviteCode() {
  const refresh = useRefreshCodes();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: SaveInviteCodeRequest }) => updateInviteCode(id, payload),
    onSettled: refresh,
  });
}

export function useSendInviteCode() {
  const refresh = useRefreshCodes();
  return useMutation({
    mutationFn: ({ id, email }: { id: string; email: string }) => sendInviteCode(id, email),
    onSettled: refresh,
  });
}
