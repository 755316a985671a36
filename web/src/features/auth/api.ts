import { apiClient } from '../../shared/api';
import { getMyProfile } from '../profile/api';
import {
  AUTH_MESSAGES,
  isAlreadyVerifiedError,
  loginFailure,
  registrationFailure,
  verificationFailure,
  verificationRequestFailure,
} from './errors';
import { resolveVerificationStatus, type VerificationRequestResult, type VerificationStatus } from './verification';

/**
 * The account calls (spec part 1, section 7). Each rejects with an ApiError whose `detail` is the
 * server's text or the API fallback of the error catalogue, or with fetch's TypeError when offline.
 */

export interface RegistrationInput {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
}

export interface RegistrationReply {
  user_id?: string | number;
  email?: string;
  is_verified?: boolean;
  message?: string;
}

export async function register(input: RegistrationInput): Promise<RegistrationReply> {
  const email = input.email.trim();
  try {
    return await apiClient.post<RegistrationReply>('/auth/register', {
      email,
      password: input.password,
      confirmPassword: input.confirmPassword,
      first_name: input.firstName.trim(),
      last_name: input.lastName.trim(),
      username: email,
    });
  } catch (error) {
    throw registrationFailure(error);
  }
}

export interface LoginReply {
  access_token: string;
  token_type?: string;
  is_verified?: boolean;
  user_id?: string | number;
  email?: string;
  first_name?: string;
  last_name?: string;
  role?: string;
  user_type?: number;
}

/** Form-encoded, as the server's OAuth2-style endpoint expects; `username` is the e-mail. */
export async function login(email: string, password: string): Promise<LoginReply> {
  try {
    return await apiClient.post<LoginReply>('/auth/login', new URLSearchParams({ username: email.trim(), password }));
  } catch (error) {
    throw loginFailure(error);
  }
}

/** Sends (again) the verification mail. An already verified address resolves with already_verified. */
export async function requestVerification(email: string): Promise<VerificationRequestResult> {
  try {
    const reply = await apiClient.post<{ message?: string } | undefined>('/auth/verify-email/request/', {
      email: email.trim(),
    });
    return { message: reply?.message ?? '' };
  } catch (error) {
    if (isAlreadyVerifiedError(error)) return { message: AUTH_MESSAGES.alreadyVerified, already_verified: true };
    throw verificationRequestFailure(error);
  }
}

export interface ConfirmationReply {
  message: string;
  email?: string;
  is_verified: boolean;
  already_verified?: boolean;
  /**
   * When the caller was signed in as this user: a new token, since the old one still says unverified.
   * Not in the spec's contract; the identity service adds it.
   */
  access_token?: string;
}

export async function confirmVerification(token: string): Promise<ConfirmationReply> {
  try {
    const reply = await apiClient.post<{ message?: string; email?: string } | undefined>('/auth/verify-email/confirm', {
      token: token.trim(),
    });
    return { message: reply?.message ?? '', email: reply?.email, is_verified: true };
  } catch (error) {
    if (isAlreadyVerifiedError(error)) {
      return { message: AUTH_MESSAGES.alreadyVerified, is_verified: true, already_verified: true };
    }
    throw verificationFailure(error);
  }
}

export async function getVerificationStatus(email: string): Promise<{ email?: unknown; is_verified?: unknown }> {
  return apiClient.get(`/auth/verify-email/status?email=${encodeURIComponent(email.trim())}`);
}

/** The status call, with the spec's fallbacks when it is unavailable (see resolveVerificationStatus). */
export function checkVerificationStatus(email: string, signedIn: boolean): Promise<VerificationStatus> {
  return resolveVerificationStatus(email, {
    status: getVerificationStatus,
    profile: signedIn ? getMyProfile : undefined,
    request: requestVerification,
  });
}

function replyText(reply: { message?: unknown; detail?: unknown } | undefined): string {
  if (typeof reply?.message === 'string') return reply.message;
  return typeof reply?.detail === 'string' ? reply.detail : '';
}

/** Always answers the same message, whether or not an account exists for the address. */
export async function requestPasswordReset(email: string): Promise<{ message: string }> {
  const reply = await apiClient.post<{ message?: unknown; detail?: unknown } | undefined>('/auth/forgot-password', {
    email: email.trim(),
  });
  return { message: replyText(reply) };
}

export async function resetPassword(token: string, newPassword: string): Promise<{ message: string }> {
  const reply = await apiClient.post<{ message?: unknown; detail?: unknown } | undefined>('/auth/reset-password', {
    token,
    new_password: newPassword,
  });
  return { message: replyText(reply) };
}
