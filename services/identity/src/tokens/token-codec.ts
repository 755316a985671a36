import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_BYTES = 32;

/** How long an e-mailed token works. */
export const TOKEN_LIFETIMES = {
  'verify-email': { hours: 24 },
  'reset-password': { minutes: 60 },
} as const;

export function lifetimeMs(lifetime: { hours: number } | { minutes: number }): number {
  return 'hours' in lifetime ? lifetime.hours * 3_600_000 : lifetime.minutes * 60_000;
}

/** A new token (32 CSPRNG bytes, base64url: 43 URL-safe characters) and the hash to store. */
export function generateToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token) };
}

/**
 * Hex SHA-256. The token has 256 bits of entropy, so a fast hash is enough; looking it up
 * by hash leaves nothing to compare in JavaScript (no timing side channel).
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function expiresAt(now: Date, lifetime: { hours: number } | { minutes: number }): Date {
  return new Date(now.getTime() + lifetimeMs(lifetime));
}

export interface TokenState {
  expiresAt: Date;
  usedAt: Date | null;
  invalidatedAt: Date | null;
}

/** Not used, not superseded, not expired (the SQL of UserTokens applies the same rule). */
export function isUsable(token: TokenState, now: Date): boolean {
  return token.usedAt === null && token.invalidatedAt === null && token.expiresAt.getTime() > now.getTime();
}
