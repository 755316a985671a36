import type { CreateMessageReply, CreateMessageRequest } from '@portal/contracts';
import { apiClient } from '../../shared/api';

export function sendMessage(payload: CreateMessageRequest): Promise<CreateMessageReply> {
  return apiClient.post<CreateMessageReply>('/messages/', payload);
}
