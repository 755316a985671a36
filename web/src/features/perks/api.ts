import type { CreateMessageReply, CreateMessageRequest } from '@portal/contracts';
import { apiClient } from '../../shared/api';

/** The perk offer, sent as a contact message (spec part 2, section 3). */
export function sendPerkOffer(payload: CreateMessageRequest): Promise<CreateMessageReply> {
  return apiClient.post<CreateMessageReply>('/messages/', payload);
}
