import { VAULT_FULL_PREFIX } from '@portal/contracts';
import { ApiError } from '../../shared/api/client';
import { DASHBOARD_MESSAGES } from './files';

/** What a finished upload request means: the parsed answer, or the ApiError the API client would raise. */
export function uploadOutcome<T>(status: number, text: string): { ok: true; body: T } | { ok: false; error: ApiError } {
  let body: unknown = text || undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's HTML error page: the status still says what happened.
  }
  if (status >= 200 && status < 300) return { ok: true, body: body as T };
  const detail =
    typeof body === 'object' && body !== null && typeof (body as { detail?: unknown }).detail === 'string'
      ? (body as { detail: string }).detail
      : `Request failed with status ${status}`;
  return { ok: false, error: new ApiError(status, detail, body) };
}

/**
 * Whether a delete failed because the file is no longer there (another admin, another tab): what the
 * user asked for is done, and the list they chose it from is out of date.
 */
export function isAlreadyGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Whether an upload ended because the user cancelled it. */
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The message of a failed upload: the server's own words when it refused the file (too large, a full
 * vault, a refused name, too many uploads), the spec's text otherwise (a failure of ours, the network).
 */
export function uploadErrorMessage(error: unknown): string {
  if (isCancelled(error)) return DASHBOARD_MESSAGES.cancelled;
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 401) {
    return DASHBOARD_MESSAGES.uploadFailed;
  }
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  const said = typeof detail === 'string' && detail.trim() ? detail : undefined;
  // A 413 is the spec's over-limit text (a proxy's 413 says nothing of ours), unless the vault is full.
  if (error.status === 413) return said?.startsWith(VAULT_FULL_PREFIX) ? said : DASHBOARD_MESSAGES.tooLarge;
  return said ?? DASHBOARD_MESSAGES.uploadFailed;
}

/**
 * An upload's progress in bytes of the file (what the page shows: "Sent 1.2 MB of 3 MB"): the browser
 * counts the whole multipart body, a little more than the file, so its count is scaled to the file's
 * size and the bar's maximum stays the file's size from the first event to the last.
 */
export function fileProgress(
  event: { loaded: number; total: number; lengthComputable: boolean },
  fileSize: number,
): { sent: number; total: number } {
  const sent =
    event.lengthComputable && event.total > 0 ? Math.round((fileSize * event.loaded) / event.total) : event.loaded;
  return { sent: Math.min(sent, fileSize), total: fileSize };
}
