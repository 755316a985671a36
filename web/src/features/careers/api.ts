import type { CreateMessageReply } from '@portal/contracts';
import { apiClient } from '../../shared/api';

/** POST /messages/ as multipart: the application's fields and its resume (see applicationFormData). */
export function sendApplication(form: FormData): Promise<CreateMessageReply> {
  return apiClient.post<CreateMessageReply>('/messages/', form);
}
