import { apiClient } from '../../shared/api';
import type { InviteRoute } from '../onboarding/invite';

/** An invite code as the admin list shows it (GET /invite-codes/). */
export interface InviteCode {
  id: string;
  invite_code: string;
  expiration_datetime: string;
  route: InviteRoute;
  description: string | null;
  is_used: boolean;
  used_at: string | null;
  created_at: string;
  created_by: string;
  last_sent_to: string | null;
  last_sent_at: string | null;
  send_count: number;
}

/** One page of an admin list, newest first. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Creation and edit send the same three fields. */
export interface SaveInviteCodePayload {
  /** ISO 8601 with an offset. */
  expiration_datetime: string;
  route: string;
  description: string;
}

export interface Submission {
  id: string;
  kind: 'bookkeeping' | 'nonprofit';
  invite_code: string;
  route: InviteRoute;
  /** Every field of the questionnaire; null when not asked or left empty. */
  answers: Record<string, string | null>;
  submitted_at: string;
}

function pageQuery(page: number, pageSize: number): string {
  return new URLSearchParams({ page: String(page), page_size: String(pageSize) }).toString();
}

export function listInviteCodes(page: number, pageSize: number): Promise<Page<InviteCode>> {
  return apiClient.get<Page<InviteCode>>(`/invite-codes/?${pageQuery(page, pageSize)}`);
}

export function createInviteCode(payload: SaveInviteCodePayload): Promise<InviteCode> {
  return apiClient.post<InviteCode>('/invite-codes/', payload);
}

export function updateInviteCode(id: string, payload: SaveInviteCodePayload): Promise<InviteCode> {
  return apiClient.put<InviteCode>(`/invite-codes/${encodeURIComponent(id)}`, payload);
}

export function sendInviteCode(id: string, recipientEmail: string): Promise<{ message?: string }> {
  return apiClient.post(`/invite-codes/${encodeURIComponent(id)}/send-email`, { recipient_email: recipientEmail });
}

export function listSubmissions(page: number, pageSize: number): Promise<Page<Submission>> {
  return apiClient.get<Page<Submission>>(`/invite-codes/submissions/?${pageQuery(page, pageSize)}`);
}

/** Where the gateway serves the queue dashboard (Bull Board): outside the web app, in a tab of its own. */
export const QUEUE_DASHBOARD_URL = '/queues/';

/** Opens a queue dashboard session: the server answers 204 and sets a 15-minute cookie for /queues. */
export function openQueueDashboardSession(): Promise<void> {
  return apiClient.post<void>('/admin/queue-dashboard/session');
}
