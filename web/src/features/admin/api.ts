import type {
  InviteCodePageReply,
  InviteCodeReply,
  MessageReply,
  PageQuery,
  SaveInviteCodeRequest,
  SendInviteCodeRequest,
  SubmissionPageReply,
} from '@portal/contracts';
import { apiClient } from '../../shared/api';

/** An invite code as the admin list shows it (GET /invite-codes/). */
export type InviteCode = InviteCodeReply;

/** `?page=1&page_size=20` */
export function pageQueryString(query: PageQuery): string {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.page_size !== undefined) params.set('page_size', String(query.page_size));
  return params.toString();
}

export function listInviteCodes(query: PageQuery): Promise<InviteCodePageReply> {
  return apiClient.get<InviteCodePageReply>(`/invite-codes/?${pageQueryString(query)}`);
}

/** Creation and edit send the same three fields. */
export function createInviteCode(payload: SaveInviteCodeRequest): Promise<InviteCodeReply> {
  return apiClient.post<InviteCodeReply>('/invite-codes/', payload);
}

export function updateInviteCode(id: string, payload: SaveInviteCodeRequest): Promise<InviteCodeReply> {
  return apiClient.put<InviteCodeReply>(`/invite-codes/${encodeURIComponent(id)}`, payload);
}

export function sendInviteCode(id: string, recipientEmail: string): Promise<MessageReply> {
  const body: SendInviteCodeRequest = { recipient_email: recipientEmail };
  return apiClient.post<MessageReply>(`/invite-codes/${encodeURIComponent(id)}/send-email`, body);
}

export function listSubmissions(query: PageQuery): Promise<SubmissionPageReply> {
  return apiClient.get<SubmissionPageReply>(`/invite-codes/submissions/?${pageQueryString(query)}`);
}

/** Where the gateway serves the queue dashboard (Bull Board): outside the web app, in a tab of its own. */
export const QUEUE_DASHBOARD_URL = '/queues/';

/** Opens a queue dashboard session: the server answers 204 and sets a 15-minute cookie for /queues. */
export function openQueueDashboardSession(): Promise<void> {
  return apiClient.post<void>('/admin/queue-dashboard/session');
}
