import type { SubscribeReply, SubscribeRequest } from '@portal/contracts';
import { apiClient } from '../../shared/api';

/** The footer's sign-up (spec part 1, sections 3 and 7). */
export const NEWSLETTER_SOURCE = 'website_footer';

export function newsletterPayload(email: string): SubscribeRequest {
  return { email: email.trim(), source: NEWSLETTER_SOURCE };
}

export function subscribeToNewsletter(email: string): Promise<SubscribeReply> {
  return apiClient.post<SubscribeReply>('/newsletter/subscribe/', newsletterPayload(email));
}
