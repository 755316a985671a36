import { apiClient } from '../../shared/api';
import type { MessagePayload } from './contact-form';

export function sendMessage(payload: MessagePayload): Promise<{ id?: string; message?: string }> {
  return apiClient.post('/messages/', payload);
}
