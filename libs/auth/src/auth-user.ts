import { TWO_FACTOR_MESSAGES } from '@portal/contracts';

/** Claims carried by an access token; every service trusts them once the signature is verified. */
export interface AccessTokenClaims {
  sub: string;
  email: string;
  role: string;
  user_type: number;
  is_verified: boolean;
  /** Session version: tokens below the user's current version are revoked. */
  sv: number;
  /**
   * Whether the account signs in with a second factor (TOTP). An admin's token without `mfa: true`
   * opens only the routes marked @AllowWithoutTwoFactor() (see JwtAuthGuard).
   */
  mfa?: boolean;
  /** The sign-in (identity's sessions table) the token belongs to. */
  sid?: string;
  iat?: number;
  exp?: number;
}

export interface AuthUser {
  id: string;
  email: string;
  role: string;
  userType: number;
  isVerified: boolean;
  sessionVersion: number;
  /** The token's `mfa` claim: the account has two-factor sign-in on. */
  twoFactor: boolean;
  /** The token's `sid`: the sign-in it belongs to (absent in tokens issued before sessions were kept). */
  sessionId?: string;
  /** The token's `exp` (seconds since the epoch): what is opened with it must not outlive it. */
  expiresAt?: number;
}

export const ADMIN_ROLE = 'admin';

/** What every service answers an admin whose account has no second factor yet (on all but the few routes that set it up). */
export const TWO_FACTOR_REQUIRED = TWO_FACTOR_MESSAGES.requiredForAdmins;

/**
 * What an admin route answers an admin whose e-mail is not verified: accounts are promoted only once
 * verified (CLI, ADMIN_EMAIL), but one promoted before that rule, or whose address changed, is refused.
 */
export const ADMIN_UNVERIFIED = 'Please verify your email address before using the admin tools.';

/** An admin who must set up two-factor sign-in before anything else. */
export function needsTwoFactor(user: Pick<AuthUser, 'role' | 'twoFactor'>): boolean {
  return user.role === ADMIN_ROLE && !user.twoFactor;
}

export function toAuthUser(claims: AccessTokenClaims): AuthUser {
  return {
    id: claims.sub,
    email: claims.email,
    role: claims.role,
    userType: claims.user_type,
    isVerified: claims.is_verified,
    sessionVersion: claims.sv ?? 0,
    twoFactor: claims.mfa === true,
    sessionId: claims.sid,
    expiresAt: claims.exp,
  };
}
