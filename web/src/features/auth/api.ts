import type {
  ConfirmVerificationRequest,
  EmailRequest,
  LoginReply,
  LoginRequest,
  MessageReply,
  RegisterReply,
  RegisterRequest,
  ResetPasswordRequest,
  SessionReply,
  TwoFactorVerifyRequest,
  VerificationConfirmedReply,
  VerificationStatusQuery,
  VerificationStatusReply,
} from '@portal/contracts';
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

/** The sign-up form as POST /auth/register takes it; the e-mail goes as `username` too. */
export function registrationPayload(input: RegistrationInput): RegisterRequest {
  const email = input.email.trim();
  return {
    email,
    password: input.password,
    confirmPassword: input.confirmPassword,
    first_name: input.firstName.trim(),
    last_name: input.lastName.trim(),
    username: email,
  };
}

export async function register(input: RegistrationInput): Promise<RegisterReply> {
  try {
    return await apiClient.post<RegisterReply>('/auth/register', registrationPayload(input));
  } catch (error) {
    throw registrationFailure(error);
  }
}

/** The sign-in form as POST /auth/login takes it (an OAuth2 password grant: `username` is the e-mail). */
export function loginPayload(email: string, password: string): LoginRequest {
  return { username: email.trim(), password };
}

/**
 * Form-encoded, as the server's OAuth2-style endpoint expects. An account with two-factor on answers a
 * challenge for the code step (verifyTwoFactor) instead of a session.
 */
export async function login(email: string, password: string): Promise<LoginReply> {
  try {
    const form = new URLSearchParams(Object.entries(loginPayload(email, password)));
    return await apiClient.post<LoginReply>('/auth/login', form);
  } catch (error) {
    throw loginFailure(error);
  }
}

/** The code step of sign-in: the challenge of the password step and a 6-digit code or a recovery code. */
export async function verifyTwoFactor(challengeToken: string, code: string): Promise<SessionReply> {
  const body: TwoFactorVerifyRequest = { challenge_token: challengeToken, code: code.trim() };
  return apiClient.post<SessionReply>('/auth/two-factor/verify', body);
}

function emailPayload(email: string): EmailRequest {
  return { email: email.trim() };
}

/** Sends (again) the verification mail. An already verified address resolves with already_verified. */
export async function requestVerification(email: string): Promise<VerificationRequestResult> {
  try {
    const reply = await apiClient.post<MessageReply>('/auth/verify-email/request/', emailPayload(email));
    return { message: reply.message };
  } catch (error) {
    if (isAlreadyVerifiedError(error)) return { message: AUTH_MESSAGES.alreadyVerified, already_verified: true };
    throw verificationRequestFailure(error);
  }
}

/** What the verification screen needs of a confirmation (or of an "already verified" answer). */
export interface ConfirmationResult {
  message: string;
  email?: string;
  is_verified: boolean;
  already_verified?: boolean;
  /** When the caller was signed in as this user: a new token, since the old one still says unverified. */
  access_token?: string;
}

export async function confirmVerification(token: string): Promise<ConfirmationResult> {
  try {
    const body: ConfirmVerificationRequest = { token: token.trim() };
    const reply = await apiClient.post<VerificationConfirmedReply>('/auth/verify-email/confirm', body);
    return { message: reply.message, email: reply.email, is_verified: true, access_token: reply.access_token };
  } catch (error) {
    if (isAlreadyVerifiedError(error)) {
      return { message: AUTH_MESSAGES.alreadyVerified, is_verified: true, already_verified: true };
    }
    throw verificationFailure(error);
  }
}

export async function getVerificationStatus(query: VerificationStatusQuery): Promise<VerificationStatusReply> {
  return apiClient.get<VerificationStatusReply>(`/auth/verify-email/status?email=${encodeURIComponent(query.email)}`);
}

/** The status call, with the spec's fallbacks when it is unavailable (see resolveVerificationStatus). */
export function checkVerificationStatus(
  email: string,
  options: { signedIn: boolean; mayRequestMail: boolean },
): Promise<VerificationStatus> {
  return resolveVerificationStatus(email, {
    status: (address) => getVerificationStatus({ email: address.trim() }),
    profile: options.signedIn ? getMyProfile : undefined,
    request: options.mayRequestMail ? requestVerification : undefined,
  });
}

/** Always answers the same message, whether or not an account exists for the address. */
export async function requestPasswordReset(email: string): Promise<MessageReply> {
  const reply = await apiClient.post<MessageReply>('/auth/forgot-password', emailPayload(email));
  return { message: reply.message };
}

export async function resetPassword(token: string, newPassword: string): Promise<MessageReply> {
  const body: ResetPasswordRequest = { token, new_password: newPassword };
  const reply = await apiClient.post<MessageReply>('/auth/reset-password', body);
  return { message: reply.message };
}
