import { ApiError } from './client';

const MAX_RETRIES = 2;

/** A 4xx will not change on retry (and a 401 has already sent the user to sign in); anything else may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** react-query's own default: 1 s, 2 s, 4 s… up to 30 s. */
export function retryDelayMs(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000);
}
