/**
 * Whether an error means Postgres cannot be reached or is going away (not that a query was
 * wrong): refused or dropped connections, a pool that timed out waiting for one, a server
 * shutting down or starting up. The exception filter answers these with 503 and Retry-After.
 */

/** Node's socket errors of an unreachable server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Postgres SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
 */
const SQLSTATES = /^(08...|57P0[123]|53300)$/;

/** Messages of pg and its pool that carry no code. */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/** Seconds a client is told to wait (Retry-After) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_DETAIL =
  'The service is temporarily unavailable (its database cannot be reached). Please try again in a few seconds.';

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.test(code))) return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  // TypeORM's QueryFailedError wraps pg's error; connection attempts to several addresses fail as one AggregateError.
  return (
    isDatabaseUnavailable(driverError, depth + 1) ||
    isDatabaseUnavailable(cause, depth + 1) ||
    (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
  );
}
