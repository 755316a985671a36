import { apiClient } from '../../shared/api';
import type { InviteRecord } from './invite';
import type { BookkeepingPayload, NonprofitPayload } from './questionnaires';

export interface SubmitReply {
  message?: string;
  submission_id?: string;
}

function codePath(code: string): string {
  return `/invite-codes/${encodeURIComponent(code)}`;
}

/** Checks a code without signing in; 404 unknown, 410 expired or used, each with a detail. */
export function validateInviteCode(code: string, signal?: AbortSignal): Promise<InviteRecord> {
  return apiClient.get<InviteRecord>(codePath(code), { signal });
}

export function submitBookkeeping(code: string, payload: BookkeepingPayload): Promise<SubmitReply> {
  return apiClient.post<SubmitReply>(`${codePath(code)}/submit-onboarding`, payload);
}

export function submitNonprofit(code: string, payload: NonprofitPayload): Promise<SubmitReply> {
  return apiClient.post<SubmitReply>(`${codePath(code)}/submit-nonprofit-onboarding`, payload);
}
