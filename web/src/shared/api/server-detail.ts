import { ApiError, type ErrorBodyFields } from './client';

/**
 * The human text the server sent (`detail`, else `message`), or undefined when it sent none. Unlike
 * ApiError.detail, never the client's generic "Request failed..." text: screens show their own
 * fallback message instead.
 */
export function serverDetail(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const { detail, message } = error.body as ErrorBodyFields;
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (typeof message === 'string' && message.trim()) return message;
  return undefined;
}
