import type { NamedRateLimit } from '@portal/http';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit of the onboarding service, in one place, keyed by the client (@portal/http's clientKey
 * of request.ip, the gateway's view or the trusted X-Forwarded-For chain with TRUST_PROXY: an IPv6
 * client by its /64). Codes carry
 * 80 random bits, so these limits are about load and noise more than guessing.
 */
export const RATE_LIMITS = {
  /** GET /invite-codes/{code}: a page load each; unknown codes count too. */
  validatePerIp: { name: 'onboarding:invite-validate:ip', points: 30, durationSeconds: MINUTE },
  /** Both questionnaires together; a code works once, so a real client needs one or two. */
  submitPerIp: { name: 'onboarding:submit:ip', points: 10, durationSeconds: HOUR },
} as const satisfies Record<string, NamedRateLimit>;
