import type { NamedRateLimit } from '@portal/http';

const HOUR = 60 * 60;

/**
 * Every limit of the notifications service, in one place. Keyed by the client (@portal/http's clientKey of request.ip:
 * the gateway's view, or the trusted X-Forwarded-For chain with TRUST_PROXY).
 * Public forms, so generous enough for an office behind one address, tight enough for a script.
 */
export const RATE_LIMITS = {
  newsletterPerIp: { name: 'notifications:newsletter:ip', points: 10, durationSeconds: HOUR },
  messagesPerIp: { name: 'notifications:messages:ip', points: 10, durationSeconds: HOUR },
  applicationsPerIp: { name: 'notifications:applications:ip', points: 5, durationSeconds: HOUR },
  deadlineAlertsPerIp: { name: 'notifications:deadline-alerts:ip', points: 10, durationSeconds: HOUR },
} as const satisfies Record<string, NamedRateLimit>;
