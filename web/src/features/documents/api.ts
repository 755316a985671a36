import type {
  ClientVaultReply,
  LibraryArea,
  LibraryListReply,
  LibraryUploadReply,
  MessageReply,
  VaultAccessPageReply,
  VaultAccessQuery,
  VaultClientListReply,
  VaultListReply,
  VaultUploadReply,
} from '@portal/contracts';
import { apiClient } from '../../shared/api';
import { signInPath } from '../../shared/routes';
import { appStorage } from '../../shared/storage';
import { SESSION_KEYS } from '../../shared/storage/storage';
import { libraryFilePath } from './files';
import { fileProgress, uploadOutcome } from './transfer-result';

const API_BASE = '/api';

export function listVaultFiles(): Promise<VaultListReply> {
  return apiClient.get<VaultListReply>('/vault/files');
}

export const vaultFilePath = (id: string) => `/vault/files/${encodeURIComponent(id)}`;

export function deleteVaultFile(id: string): Promise<MessageReply> {
  return apiClient.delete<MessageReply>(vaultFilePath(id));
}

/** Every file of a library, folders included in the names (spec part 2, section 7: recursive=true). */
export function listLibraryFiles(area: LibraryArea): Promise<LibraryListReply> {
  return apiClient.get<LibraryListReply>(`/files/${area}?recursive=true`);
}

export function deleteLibraryFile(area: LibraryArea, path: string): Promise<MessageReply> {
  return apiClient.delete<MessageReply>(`${libraryFilePath(area, path)}/`);
}

export function listVaultClients(): Promise<VaultClientListReply> {
  return apiClient.get<VaultClientListReply>('/vault/admin/clients');
}

export const clientFilePath = (ownerId: string, id: string) =>
  `/vault/admin/clients/${encodeURIComponent(ownerId)}/files/${encodeURIComponent(id)}`;

export function getClientVault(ownerId: string): Promise<ClientVaultReply> {
  return apiClient.get<ClientVaultReply>(`/vault/admin/clients/${encodeURIComponent(ownerId)}/files`);
}

export function listVaultAccess(query: VaultAccessQuery): Promise<VaultAccessPageReply> {
  const params = new URLSearchParams();
  if (query.owner_id) params.set('owner_id', query.owner_id);
  if (query.before !== undefined) params.set('before', query.before);
  if (query.page_size !== undefined) params.set('page_size', String(query.page_size));
  return apiClient.get<VaultAccessPageReply>(`/vault/admin/access-log?${params.toString()}`);
}

/** As the API client does after a 401: the stored session ends and the sign-in page brings the user back. */
function endSession(): void {
  appStorage.removeItem(SESSION_KEYS.user);
  appStorage.removeItem(SESSION_KEYS.token);
  const { pathname, search, hash } = window.location;
  window.location.assign(signInPath(pathname + search + hash, { sessionExpired: true }));
}

function bearer(): string | null {
  const token = appStorage.getItem(SESSION_KEYS.token);
  return token ? `Bearer ${token}` : null;
}

export interface UploadProgress {
  sent: number;
  total: number;
}

export interface RunningUpload<T> {
  done: Promise<T>;
  /** Stops sending; `done` rejects with an AbortError and the server keeps nothing. */
  cancel(): void;
}

/**
 * A multipart upload through XMLHttpRequest, whose upload events report the bytes sent (fetch
 * cannot). The folder goes before the file, so the server checks it before storing a byte.
 */
function upload<T>(
  path: string,
  file: File,
  folder: string | undefined,
  onProgress: (progress: UploadProgress) => void,
): RunningUpload<T> {
  const form = new FormData();
  if (folder !== undefined && folder.trim() !== '') form.append('folder', folder);
  form.append('file', file, file.name);
  const request = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    request.open('POST', `${API_BASE}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    const authorization = bearer();
    if (authorization) request.setRequestHeader('Authorization', authorization);
    request.upload.onprogress = (event) => onProgress(fileProgress(event, file.size));
    request.onload = () => {
      const outcome = uploadOutcome<T>(request.status, request.responseText);
      if (outcome.ok) return resolve(outcome.body);
      if (outcome.error.status === 401) endSession();
      reject(outcome.error);
    };
    request.onerror = () => reject(new TypeError('The upload could not reach the server'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.send(form);
  });
  return { done, cancel: () => request.abort() };
}

export function uploadVaultFile(
  file: File,
  onProgress: (progress: UploadProgress) => void,
): RunningUpload<VaultUploadReply> {
  return upload('/vault/files', file, undefined, onProgress);
}

export function uploadLibraryFile(
  area: LibraryArea,
  file: File,
  folder: string,
  onProgress: (progress: UploadProgress) => void,
): RunningUpload<LibraryUploadReply> {
  return upload(`/files/${area}/`, file, folder, onProgress);
}

/**
 * Fetches a file with the session's token and hands it to the browser as a download named
 * `fileName` (the API answers with the bytes: spec part 2, section 7 'blob').
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const authorization = bearer();
  const response = await fetch(`${API_BASE}${path}`, {
    headers: authorization ? { Authorization: authorization } : {},
  });
  if (!response.ok) {
    const outcome = uploadOutcome(response.status, await response.text());
    if (response.status === 401) endSession();
    throw outcome.ok ? new Error(`Download failed with status ${response.status}`) : outcome.error;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the bytes once the download starts; the object URL can go a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
