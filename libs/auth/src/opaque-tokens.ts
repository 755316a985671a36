import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque single-purpose tokens sent by e-mail (verification, password reset,
 * unsubscribe): 32 CSPRNG bytes, base64url (43 URL-safe characters). Only the hash is
 * stored, so a database read does not hand out working links.
 */
export const OPAQUE_TOKEN_BYTES = 32;

export function generateOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(OPAQUE_TOKEN_BYTES).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

/**
 * Hex SHA-256. The token has 256 bits of entropy, so a fast hash is enough; looking it up
 * by hash leaves nothing to compare in JavaScript (no timing side channel).
 */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a string can be a token we issued (checked before any database lookup). */
export function isOpaqueTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
