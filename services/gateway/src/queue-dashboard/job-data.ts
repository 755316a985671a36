/** Payload fields that work as credentials: e-mailed links and codes (verification, reset, unsubscribe). */
const SECRET_FIELDS = new Set(['link', 'code', 'token', 'unsubscribeLink']);

export const REDACTED = '[redacted]';

/**
 * Job data as the dashboard shows it: credentials a mail carries (a password-reset link, a
 * verification code) are replaced, so looking at a queue never hands out someone's account.
 */
export function redactJobData(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(redactJobData);
  if (data === null || typeof data !== 'object') return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, SECRET_FIELDS.has(key) ? REDACTED : redactJobData(value)]),
  );
}
