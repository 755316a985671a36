/** Payload fields that work as credentials: e-mailed links and codes (verification, reset, unsubscribe, invite). */
const SECRET_FIELDS = new Set(['link', 'code', 'token', 'unsubscribeLink']);

export const REDACTED = '[redacted]';

/**
 * A queue payload without the credentials a mail carries (a password-reset link, a verification
 * code), for wherever it stays once it has done its work: the outbox row once relayed, the mail job
 * once sent, the queue dashboard. Nothing is copied when there is nothing to hide.
 */
export function redactSecrets<T>(data: T): T {
  return (containsSecret(data) ? redact(data) : data) as T;
}

function containsSecret(data: unknown): boolean {
  if (Array.isArray(data)) return data.some(containsSecret);
  if (data === null || typeof data !== 'object') return false;
  return Object.entries(data).some(([key, value]) => SECRET_FIELDS.has(key) || containsSecret(value));
}

function redact(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(redact);
  if (data === null || typeof data !== 'object') return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, SECRET_FIELDS.has(key) ? REDACTED : redact(value)]),
  );
}
