import { createPrivateKey, createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import type { AppConfig } from '@portal/config';

export interface JwtKeys {
  algorithm: 'HS256' | 'RS256';
  /** Present only where tokens are signed (identity, or all-in-one). */
  signingKey?: KeyObject;
  verifyKey: KeyObject;
}

/**
 * Parsed once per configuration: given a string, jsonwebtoken parses it into a key on every
 * signature and verification (first trying it as a PEM key, which throws for a secret).
 */
const parsed = new WeakMap<AppConfig, JwtKeys>();

/** HS256 with JWT_SECRET, or RS256 with a key pair (services then only need the public key). */
export function jwtKeys(config: AppConfig): JwtKeys {
  let keys = parsed.get(config);
  if (!keys) {
    keys = parseKeys(config);
    parsed.set(config, keys);
  }
  return keys;
}

function parseKeys(config: AppConfig): JwtKeys {
  if (config.JWT_PUBLIC_KEY) {
    return {
      algorithm: 'RS256',
      signingKey: config.JWT_PRIVATE_KEY ? createPrivateKey(config.JWT_PRIVATE_KEY) : undefined,
      verifyKey: createPublicKey(config.JWT_PUBLIC_KEY),
    };
  }
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET is not configured');
  const secret = createSecretKey(Buffer.from(config.JWT_SECRET));
  return { algorithm: 'HS256', signingKey: secret, verifyKey: secret };
}

export const TOKEN_ISSUER = 'portal-identity';
