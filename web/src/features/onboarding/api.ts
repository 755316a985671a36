import type {
  BookkeepingOnboardingRequest,
  InviteCodeCheckReply,
  NonprofitOnboardingRequest,
  SubmitOnboardingReply,
} from '@portal/contracts';
import { apiClient } from '../../shared/api';

function codePath(code: string): string {
  return `/invite-codes/${encodeURIComponent(code)}`;
}

/** Checks a code without signing in; 404 unknown, 410 expired or used, each with a detail. */
export function validateInviteCode(code: string, signal?: AbortSignal): Promise<InviteCodeCheckReply> {
  return apiClient.get<InviteCodeCheckReply>(codePath(code), { signal });
}

export function submitBookkeeping(code: string, payload: BookkeepingOnboardingRequest): Promise<SubmitOnboardingReply> {
  return apiClient.post<SubmitOnboardingReply>(`${codePath(code)}/submit-onboarding`, payload);
}

export function submitNonprofit(code: string, payload: NonprofitOnboardingRequest): Promise<SubmitOnboardingReply> {
  return apiClient.post<SubmitOnboardingReply>(`${codePath(code)}/submit-nonprofit-onboarding`, payload);
}
