import { TWO_FACTOR_CHALLENGE_MINUTES } from '@portal/contracts';

/** How long a token works. */
export const TOKEN_LIFETIMES = {
  'verify-email': { hours: 24 },
  'reset-password': { minutes: 60 },
  'two-factor-challenge': { minutes: TWO_FACTOR_CHALLENGE_MINUTES },
} as const;

export function lifetimeMs(lifetime: { hours: number } | { minutes: number }): number {
  return 'hours' in lifetime ? lifetime.hours * 3_600_000 : lifetime.minutes * 60_000;
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
