import { useQuery } from '@tanstack/react-query';
import { validateInviteCode } from '../api';
import { inviteState, type InviteRoute, type InviteState } from '../invite';
import { onboardingKeys } from './query-keys';

/**
 * The invite check of a questionnaire page. Checked once per visit: not again on window focus, so a
 * visitor halfway through the form keeps it even if the code expires meanwhile (the submit then says
 * so). A 4xx is not retried (shared default); a 5xx or a network failure is, twice.
 */
export function useInvite(code: string | null, page: InviteRoute): InviteState {
  const check = useQuery({
    queryKey: onboardingKeys.invite(code ?? ''),
    queryFn: ({ signal }) => validateInviteCode(code ?? '', signal),
    enabled: code !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  return inviteState(code, { isPending: check.isPending, data: check.data, error: check.error }, page);
}
