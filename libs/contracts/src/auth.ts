/*
 * Accounts (identity, under /auth): sign-up, sign-in, e-mail verification, password reset and
 * the admins' account look-up.
 */

/** user_type of the firm's staff; everyone else is 1. The web shows Admin for this type only. */
export const ADMIN_USER_TYPE = 99;

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_DIGIT = /\d/;
/** Neither a letter, a digit nor white space: !, _, €, ... */
export const PASSWORD_SPECIAL = /[^\p{L}\p{N}\s]/u;

/** What the server answers, and the web's reset form says, for each broken part of the rule. */
export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  needsDigit: 'Password must contain at least one digit',
  needsSpecial: 'Password must contain at least one special character',
  /** Beside the spec's rule: a password found in a common-password list, or as easy to guess (server only). */
  tooCommon: 'Password is too common or too easy to guess. Please choose a less predictable one.',
} as const;

/** POST /auth/register. Role and user type are not fields: no request can choose them. */
export interface RegisterRequest {
  email: string;
  password: string;
  /** Must equal password when given. */
  confirmPassword?: string;
  first_name: string;
  last_name: string;
  /** The web sends the e-mail again here; accepted and ignored. */
  username?: string;
}

export interface RegisterReply {
  user_id: string;
  email: string;
  is_verified: boolean;
  message: string;
}

/**
 * POST /auth/login, form-encoded as an OAuth2 password grant (`username` is the e-mail) or JSON
 * with `email`; `grant_type` and `scope` are accepted and ignored.
 */
export interface LoginRequest {
  username?: string;
  email?: string;
  password: string;
  grant_type?: string;
  scope?: string;
}

export interface LoginReply {
  access_token: string;
  token_type: 'bearer';
  is_verified: boolean;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  /** 'user' or 'admin'. */
  role: string;
  /** 1 for users, ADMIN_USER_TYPE for admins. */
  user_type: number;
}

/** POST /auth/verify-email/request and POST /auth/forgot-password (both answer a MessageReply). */
export interface EmailRequest {
  email: string;
}

/** GET /auth/verify-email/status?email= */
export interface VerificationStatusQuery {
  email: string;
}

/** The same shape for an unknown e-mail (never verified). */
export interface VerificationStatusReply {
  email: string;
  is_verified: boolean;
}

/** POST /auth/verify-email/confirm: the token of the link, or the code pasted from the mail. */
export interface ConfirmVerificationRequest {
  token: string;
}

export interface VerificationConfirmedReply {
  message: string;
  user_id: string;
  email: string;
  is_verified: true;
  /** When the request carried the same user's token: a new one whose is_verified claim is true. */
  access_token?: string;
  token_type?: 'bearer';
}

/** POST /auth/reset-password (answers a MessageReply); ends every earlier session. */
export interface ResetPasswordRequest {
  token: string;
  new_password: string;
  /** Must equal new_password when given. */
  confirm_password?: string;
}

/** GET /auth/admin/users?email= (admins only). */
export interface AdminUserQuery {
  email: string;
}

export interface AdminUserReply {
  id: string;
  email: string;
  role: string;
  user_type: number;
  is_verified: boolean;
}
