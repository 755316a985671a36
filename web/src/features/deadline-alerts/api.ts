import type { DeadlineSubscribeReply, DeadlineSubscribeRequest } from '@portal/contracts';
import { apiClient } from '../../shared/api';

/** The spec's body: the e-mail, and ip_address null (the server records the real address). */
export function deadlineSubscribePayload(email: string): DeadlineSubscribeRequest {
  return { email: email.trim(), ip_address: null };
}

export function subscribeToDeadlineAlerts(email: string): Promise<DeadlineSubscribeReply> {
  return apiClient.post<DeadlineSubscribeReply>('/deadline-alerts/subscribe/', deadlineSubscribePayload(email));
}
