import type { AppConfig } from '@portal/config';

export interface JwtKeys {
  algorithm: 'HS256' | 'RS256';
  /** Present only where tokens are signed (identity, or all-in-one). */
  signingKey?: string;
  verifyKey: string;
}

/** HS256 with JWT_SECRET, or RS256 with a key pair (services then only need the public key). */
export function jwtKeys(config: AppConfig): JwtKeys {
  if (config.JWT_PUBLIC_KEY) {
    return { algorithm: 'RS256', signingKey: config.JWT_PRIVATE_KEY, verifyKey: config.JWT_PUBLIC_KEY };
  }
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET is not configured');
  return { algorithm: 'HS256', signingKey: config.JWT_SECRET, verifyKey: config.JWT_SECRET };
}

export const TOKEN_ISSUER = 'portal-identity';
