import { isValidEmail } from '../../shared/validation';
import { isSolved, type Captcha } from './captcha';

/**
 * The deadline sign-up (spec part 2, sections 4, 5 and 8): the button waits for an answer to the
 * captcha; a wrong sum, a success and a failure each bring a new captcha; editing the e-mail clears a
 * success; messages clear after 5 s.
 */

export const SIGNUP_MESSAGES = {
  emailRequired: 'Please enter your business email',
  emailInvalid: 'Please enter a valid email address',
  captchaWrong: 'Please solve the math problem correctly',
  success: "Thanks for subscribing! You'll receive deadline reminders soon.",
  failure: 'Failed to subscribe. Please try again.',
} as const;

export const SIGNUP_MESSAGE_MS = 5000;

export type SignupStatus = 'idle' | 'sending' | 'success' | 'error';

export interface SignupState {
  email: string;
  answer: string;
  captcha: Captcha;
  status: SignupStatus;
  message: string;
  /** The field the error message is about, if any. */
  field: 'email' | 'answer' | null;
}

export type SignupEvent =
  | { type: 'edit-email'; email: string }
  | { type: 'edit-answer'; answer: string }
  /** Submit pressed; `captcha` is the next one, used when the answer is wrong. */
  | { type: 'submit'; next: Captcha }
  | { type: 'succeeded'; next: Captcha }
  | { type: 'failed'; message?: string; next: Captcha }
  | { type: 'clear' };

export function initialSignupState(captcha: Captcha): SignupState {
  return { email: '', answer: '', captcha, status: 'idle', message: '', field: null };
}

/** The button is enabled once the captcha has an answer, and not while sending. */
export function canSubmit(state: SignupState): boolean {
  return state.answer.trim() !== '' && state.status !== 'sending';
}

export function signupReducer(state: SignupState, event: SignupEvent): SignupState {
  switch (event.type) {
    case 'edit-email':
      // The address being sent stays until the answer: the form sends state.email while sending.
      if (state.status === 'sending') return state;
      // Success is cleared when the e-mail is edited.
      return state.status === 'success'
        ? { ...state, email: event.email, status: 'idle', message: '' }
        : { ...state, email: event.email };
    case 'edit-answer':
      return { ...state, answer: event.answer };
    case 'submit': {
      if (!canSubmit(state)) return state;
      const error = (message: string, field: 'email' | 'answer'): SignupState => ({
        ...state,
        status: 'error',
        message,
        field,
      });
      if (!state.email.trim()) return error(SIGNUP_MESSAGES.emailRequired, 'email');
      if (!isValidEmail(state.email)) return error(SIGNUP_MESSAGES.emailInvalid, 'email');
      if (!isSolved(state.captcha, state.answer)) {
        return { ...error(SIGNUP_MESSAGES.captchaWrong, 'answer'), captcha: event.next, answer: '' };
      }
      return { ...state, status: 'sending', message: '', field: null };
    }
    case 'succeeded':
      return state.status === 'sending'
        ? {
            ...state,
            answer: '',
            captcha: event.next,
            status: 'success',
            message: SIGNUP_MESSAGES.success,
            field: null,
          }
        : state;
    case 'failed':
      return state.status === 'sending'
        ? {
            ...state,
            answer: '',
            captcha: event.next,
            status: 'error',
            message: event.message || SIGNUP_MESSAGES.failure,
            field: null,
          }
        : state;
    case 'clear':
      return state.status === 'success' || state.status === 'error'
        ? { ...state, status: 'idle', message: '', field: null }
        : state;
  }
}
