/*
 * Accounts (identity, under /auth): sign-up, sign-in, e-mail verification, password reset and
 * the admins' account look-up.
 */

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

/** A person's first or last name (sign-up, profile). */
export const NAME_MAX_LENGTH = 100;

/** What the server answers, and the sign-up and profile forms say, for a missing or too long name. */
export const NAME_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameTooLong: `First name must be at most ${NAME_MAX_LENGTH} characters long`,
  lastNameTooLong: `Last name must be at most ${NAME_MAX_LENGTH} characters long`,
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

/** A signed-in session: what POST /auth/login answers an account without two-factor (the spec's reply). */
export interface SessionReply {
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

/**
 * POST /auth/login for an account with two-factor on: no token yet. The challenge is good for
 * TWO_FACTOR_CHALLENGE_MINUTES and one successful POST /auth/two-factor/verify.
 */
export interface TwoFactorChallengeReply {
  two_factor_required: true;
  challenge_token: string;
}

export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

export type LoginReply = SessionReply | TwoFactorChallengeReply;

export function isTwoFactorChallenge(reply: LoginReply): reply is TwoFactorChallengeReply {
  return 'two_factor_required' in reply && reply.two_factor_required === true;
}

/**
 * Two-factor sign-in (TOTP, RFC 6238: six digits every 30 seconds) and its recovery codes. What the
 * server answers, and the web shows, when a code is refused or missing.
 */
export const TWO_FACTOR_MESSAGES = {
  requiredForAdmins: 'Two-factor authentication is required for admins.',
  invalidCode: 'Invalid authentication code. Please try again.',
  codeRequired: 'Please enter the 6-digit code from your authenticator app, or a recovery code.',
  invalidChallenge: 'Your sign-in has expired. Please sign in again.',
  alreadyEnabled: 'Two-factor authentication is already on.',
  verifyEmailFirst: 'Please verify your email address before turning on two-factor authentication.',
  notEnabled: 'Two-factor authentication is not on.',
  noSetup: 'Start the setup again: no authenticator app is waiting for confirmation.',
  wrongPassword: 'Incorrect password',
  disabled: 'Two-factor authentication is off.',
  tooManyCodes:
    'Too many wrong codes have been entered for this account today. Use one of your recovery codes, or try again tomorrow.',
} as const;

/** Recovery codes given when two-factor is turned on (each works once, instead of a code). */
export const RECOVERY_CODE_COUNT = 10;

/** POST /auth/two-factor/verify: the challenge of the password step and a 6-digit code or a recovery code. */
export interface TwoFactorVerifyRequest {
  challenge_token: string;
  code: string;
}

/** GET /auth/two-factor: whether the signed-in account has it on. */
export interface TwoFactorStatusReply {
  enabled: boolean;
  /** ISO 8601, when it was turned on; null when off. */
  enabled_at: string | null;
  /** Unused recovery codes left. */
  recovery_codes_left: number;
}

/** POST /auth/two-factor/setup: a new secret to confirm with POST /auth/two-factor/enable (replaces an unconfirmed one). */
export interface TwoFactorSetupReply {
  /** Base32, for typing into an authenticator app. */
  secret: string;
  /** otpauth://totp/… for the QR code. */
  otpauth_url: string;
}

/**
 * POST /auth/two-factor/enable: the account's password (a session alone must not be able to put an
 * authenticator of its own on the account) and a current code of the secret from setup.
 */
export interface TwoFactorEnableRequest {
  password: string;
  code: string;
}

/**
 * Two-factor is on; every other session has ended. The recovery codes are shown once (only their
 * hashes are kept); the new token (with `mfa: true`) replaces the caller's.
 */
export interface TwoFactorEnableReply {
  recovery_codes: string[];
  access_token: string;
  token_type: 'bearer';
}

/** POST /auth/two-factor/disable: the password and a current code (or a recovery code). */
export interface TwoFactorDisableRequest {
  password: string;
  code: string;
}

/** Two-factor is off; every other session has ended and the new token replaces the caller's. */
export interface TwoFactorDisableReply {
  message: string;
  access_token: string;
  token_type: 'bearer';
}

/** One sign-in whose token still works (GET /auth/sessions). */
export interface ActiveSession {
  id: string;
  /** ISO 8601. */
  created_at: string;
  /** ISO 8601, when its token stops working. */
  expires_at: string;
  client_ip: string | null;
  user_agent: string | null;
  /** The session of the token that asked. */
  current: boolean;
}

/** GET /auth/sessions: the signed-in account's working sessions, newest first. */
export interface SessionsReply {
  items: ActiveSession[];
}

/** POST /auth/password/change (signed in): the spec's password rules apply to new_password. */
export interface ChangePasswordRequest {
  current_password: string;
  new_password: string;
}

/** The password is changed and every other session ended; the new token replaces the caller's. */
export interface ChangePasswordReply {
  message: string;
  access_token: string;
  token_type: 'bearer';
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
