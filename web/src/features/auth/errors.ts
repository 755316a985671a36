import { PASSWORD_MESSAGES } from '@portal/contracts';
import { ApiError } from '../../shared/api/client';
import { serverDetail } from '../../shared/api/server-detail';

/**
 * The account error catalogue (spec part 1, section 8). The API layer (api.ts) turns a failed reply into
 * an ApiError whose `detail` is the server's own text or the API fallback; the screens then pick the
 * message to show with the functions below. Anything that is not an ApiError is a network failure
 * (fetch rejects with a TypeError) or a bug, and gets the screen's generic text.
 */
export const AUTH_MESSAGES = {
  loginIncorrect: 'Incorrect email or password',
  loginUserNotFound: 'User not found',
  loginFailed: 'Login failed',
  signInCredentials: 'Invalid email or password. Please check your credentials.',
  signInNoAccount: 'No account found with this email. Please check your email or sign up.',
  signInFailed: 'Failed to sign in. Please check your credentials.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  registrationFailedApi: 'Registration failed',
  registrationFailed: 'Registration failed. Please try again.',
  alreadyVerified: 'This email is already verified.',
  verificationRequestFailedApi: 'Verification request failed',
  verificationFailedApi: 'Email verification failed',
  resendFailed: 'Failed to send verification email. Please try again.',
  codeInvalid: 'Invalid or expired verification code. Please try again.',
  statusCheckFailed: 'Failed to check verification status',
  forgotFailed: 'Failed to send password reset email. Please try again.',
  networkError: 'Network error. Please check your connection and try again.',
  resetTokenInvalid: 'Invalid or expired reset token. Please request a new password reset.',
  resetFailed: 'Failed to reset password. Please try again.',
  resetTokenMissing: 'Invalid or missing reset token. Please request a new password reset.',
} as const;

function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** The same error with `detail` set to the server's text or `fallback`; other errors pass unchanged. */
function withFallback(error: unknown, fallback: string): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(error.status, serverDetail(error) ?? fallback, error.body);
}

/** API layer, login: the status and detail surface; 401 and 404 have their own fallbacks. */
export function loginFailure(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 404) return new ApiError(404, AUTH_MESSAGES.loginUserNotFound, error.body);
  if (error.status === 401) return withFallback(error, AUTH_MESSAGES.loginIncorrect);
  return withFallback(error, AUTH_MESSAGES.loginFailed);
}

/** API layer, registration. */
export function registrationFailure(error: unknown): unknown {
  return withFallback(error, AUTH_MESSAGES.registrationFailedApi);
}

/** API layer, verification request (resend). */
export function verificationRequestFailure(error: unknown): unknown {
  return withFallback(error, AUTH_MESSAGES.verificationRequestFailedApi);
}

/** API layer, verification by token. */
export function verificationFailure(error: unknown): unknown {
  return withFallback(error, AUTH_MESSAGES.verificationFailedApi);
}

/** A 400 saying the address is already verified: the request or confirmation has nothing left to do. */
export function isAlreadyVerifiedError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  return /already verified/i.test(serverDetail(error) ?? error.detail);
}

/**
 * Sign-in screen. The spec's "session-expired text" is the banner the page shows for
 * session_expired=true; a failed login itself never means an expired session.
 */
export function signInErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 401) return AUTH_MESSAGES.signInCredentials;
  if (status === 404) return AUTH_MESSAGES.signInNoAccount;
  return serverDetail(error) ?? AUTH_MESSAGES.signInFailed;
}

/** The code step of sign-in: the server's words (a wrong code, an expired challenge, a lockout). */
export function twoFactorErrorMessage(error: unknown): string {
  if (error instanceof TypeError) return AUTH_MESSAGES.networkError;
  return serverDetail(error) ?? AUTH_MESSAGES.signInFailed;
}

/**
 * Whether a failed code step refused the code itself (a wrong or used code: 400, 401), so that the
 * field clears for the next one. A failure of the server or the network said nothing about the code:
 * it stays, to be sent again as it is.
 */
export function codeRefused(error: unknown): boolean {
  const status = statusOf(error);
  return status === 400 || status === 401;
}

/** Sign-up screen. */
export function signUpErrorMessage(error: unknown): string {
  return serverDetail(error) ?? AUTH_MESSAGES.registrationFailed;
}

/**
 * Verification screen, resend. A rate limit says when to try again, which "Please try again" would
 * contradict, so a 429 shows the server's text.
 */
export function resendErrorMessage(error: unknown): string {
  if (statusOf(error) === 429) return serverDetail(error) ?? AUTH_MESSAGES.resendFailed;
  return AUTH_MESSAGES.resendFailed;
}

/** Verification screen, confirming a code or a link's token (429 as for resend). */
export function confirmErrorMessage(error: unknown): string {
  if (statusOf(error) === 429) return serverDetail(error) ?? AUTH_MESSAGES.codeInvalid;
  return AUTH_MESSAGES.codeInvalid;
}

/** Forgot-password screen. */
export function forgotPasswordErrorMessage(error: unknown): string {
  if (error instanceof TypeError) return AUTH_MESSAGES.networkError;
  return serverDetail(error) ?? AUTH_MESSAGES.forgotFailed;
}

/**
 * Reset-password screen: a 400 is a bad token, whatever the server's words, except the server's
 * refusal of a common password (too costly to check in the browser: its lists are large), which
 * the form's own checks cannot show.
 */
export function resetPasswordErrorMessage(error: unknown): string {
  if (statusOf(error) === 400) {
    return serverDetail(error) === PASSWORD_MESSAGES.tooCommon
      ? PASSWORD_MESSAGES.tooCommon
      : AUTH_MESSAGES.resetTokenInvalid;
  }
  return serverDetail(error) ?? AUTH_MESSAGES.resetFailed;
}
