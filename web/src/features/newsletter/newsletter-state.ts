/**
 * The footer's newsletter form (spec part 1, section 4): idle, loading, then success or error; the
 * message clears after 5 s, the e-mail clears on success, and a submit while sending is ignored.
 */

export const NEWSLETTER_MESSAGES = {
  success: 'Successfully subscribed!',
  failure: 'Failed to subscribe. Please try again.',
} as const;

export const NEWSLETTER_MESSAGE_MS = 5000;

export type NewsletterStatus = 'idle' | 'loading' | 'success' | 'error';

export interface NewsletterState {
  status: NewsletterStatus;
  email: string;
  message: string;
}

export type NewsletterEvent =
  | { type: 'edit'; email: string }
  | { type: 'submit' }
  | { type: 'succeeded' }
  | { type: 'failed'; message?: string }
  | { type: 'clear' };

export const initialNewsletterState: NewsletterState = { status: 'idle', email: '', message: '' };

export function newsletterReducer(state: NewsletterState, event: NewsletterEvent): NewsletterState {
  switch (event.type) {
    case 'edit':
      return { ...state, email: event.email };
    case 'submit':
      return state.status === 'loading' ? state : { ...state, status: 'loading', message: '' };
    case 'succeeded':
      return state.status === 'loading'
        ? { status: 'success', email: '', message: NEWSLETTER_MESSAGES.success }
        : state;
    case 'failed':
      return state.status === 'loading'
        ? { ...state, status: 'error', message: event.message || NEWSLETTER_MESSAGES.failure }
        : state;
    case 'clear':
      return state.status === 'success' || state.status === 'error' ? { ...state, status: 'idle', message: '' } : state;
  }
}

/** Whether a submit would start a request now. */
export function canSubmit(state: NewsletterState): boolean {
  return state.status !== 'loading';
}
