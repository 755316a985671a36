/** Claims carried by an access token; every service trusts them once the signature is verified. */
export interface AccessTokenClaims {
  sub: string;
  email: string;
  role: string;
  user_type: number;
  is_verified: boolean;
  /** Session version: tokens below the user's current version are revoked. */
  sv: number;
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
}

export const ADMIN_ROLE = 'admin';

export function toAuthUser(claims: AccessTokenClaims): AuthUser {
  return {
    id: claims.sub,
    email: claims.email,
    role: claims.role,
    userType: claims.user_type,
    isVerified: claims.is_verified,
    sessionVersion: claims.sv ?? 0,
  };
}
