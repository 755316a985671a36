import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { SubmitOnboardingReply } from '@portal/contracts';
import { onboardingKeys } from './query-keys';

/**
 * Submits a questionnaire at most once at a time (spec part 1, section 4: a second submit is ignored
 * while one is running). The guard is a ref, not the mutation's state: two clicks in the same frame
 * both run before React re-renders with isPending. A success marks the code's checks stale without
 * checking again now, so the page keeps its success view and a later visit finds the code used.
 */
export function useSubmitOnce<Payload>(send: (code: string, payload: Payload) => Promise<SubmitOnboardingReply>) {
  const queryClient = useQueryClient();
  const running = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ code, payload }: { code: string; payload: Payload }) => send(code, payload),
    // Every check, not only this spelling of the code: the URL may hold it in another case or spacing.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.invites, refetchType: 'none' }),
    onSettled: () => {
      running.current = false;
    },
  });
  const { mutate } = mutation;
  const submit = useCallback(
    (code: string, payload: Payload): boolean => {
      if (running.current) return false;
      running.current = true;
      mutate({ code, payload });
      return true;
    },
    [mutate],
  );
  return { ...mutation, submit };
}
