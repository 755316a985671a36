import type {
  InboxItemReply,
  InboxPageReply,
  InboxQuery,
  InboxSource,
  MarkHandledRequest,
  SubscriberExportQuery,
  SubscriberList,
} from '@portal/contracts';
import { ApiError, apiClient } from '../../shared/api';
import { appStorage } from '../../shared/storage';
import { SESSION_KEYS } from '../../shared/storage/storage';
import { dispositionFileName, inboxQueryString } from './inbox';

/* The staff inbox's calls (notifications, /inbox/*, admins only). */

export function listInbox(query: InboxQuery): Promise<InboxPageReply> {
  return apiClient.get<InboxPageReply>(`/inbox/?${inboxQueryString(query)}`);
}

export function markInboxItem(source: InboxSource, id: string, handled: boolean): Promise<InboxItemReply> {
  const body: MarkHandledRequest = { handled };
  return apiClient.put<InboxItemReply>(`/inbox/${source}/${encodeURIComponent(id)}/handled`, body);
}

export function resumePath(messageId: string): string {
  return `/inbox/messages/${encodeURIComponent(messageId)}/resume`;
}

export function subscribersExportPath(list: SubscriberList): string {
  return `/inbox/subscribers.csv?${new URLSearchParams({ list } satisfies SubscriberExportQuery).toString()}`;
}

/**
 * Downloads an admin-only file (a resume, a CSV): fetched with the session's token, then handed to the
 * browser as a download under the name the server gives.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = appStorage.getItem(SESSION_KEYS.token);
  const response = await window.fetch(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    throw new ApiError(
      response.status,
      typeof detail === 'string' ? detail : `Download failed: ${response.status}`,
      body,
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = dispositionFileName(response.headers.get('content-disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the object URL is released a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
