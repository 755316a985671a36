import { createHash, randomBytes } from 'node:crypto';

/** A new token (32 CSPRNG bytes, base64url: 43 URL-safe characters) and the hash that is stored. */
export function generateToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Hex SHA-256: the token has 256 bits of entropy, so a fast hash suffices and lookups are by hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a string can be a token we issued (checked before any database lookup). */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
