import { apiClient } from '../../shared/api';

/** The footer's sign-up (spec part 1, sections 3 and 7). */
export const NEWSLETTER_SOURCE = 'website_footer';

export function subscribeToNewsletter(email: string): Promise<{ message?: string }> {
  return apiClient.post('/newsletter/subscribe/', { email: email.trim(), source: NEWSLETTER_SOURCE });
}
