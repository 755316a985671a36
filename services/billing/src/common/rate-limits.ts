import type { NamedRateLimit } from '@portal/http';

const HOUR = 60 * 60;

/**
 * Every limit of the billing service, keyed by the signed-in user: checkout calls reach the card networks,
 * so a stolen session must not be able to test cards by the thousand (card testing).
 */
export const RATE_LIMITS = {
  /** POST /payments/create-setup-intent: one per card entered. */
  setupIntentsPerUser: { name: 'billing:setup-intent:user', points: 30, durationSeconds: HOUR },
  /** Payments and subscriptions together, retries of an attempt included. */
  checkoutsPerUser: { name: 'billing:checkout:user', points: 60, durationSeconds: HOUR },
} as const satisfies Record<string, NamedRateLimit>;
