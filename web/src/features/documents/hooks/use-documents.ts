import type { LibraryArea } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCursorList } from '../../../shared/api/cursor-list';
import {
  deleteLibraryFile,
  deleteVaultFile,
  downloadFile,
  getClientVault,
  listLibraryFiles,
  listVaultAccess,
  listVaultClients,
  listVaultFiles,
  type RunningUpload,
  type UploadProgress,
} from '../api';
import { DASHBOARD_MESSAGES } from '../files';
import { uploadErrorMessage } from '../transfer-result';
import { documentsKeys } from './query-keys';

export function useVaultFiles(enabled = true) {
  return useQuery({ queryKey: documentsKeys.vault, queryFn: listVaultFiles, enabled });
}

export function useLibraryFiles(area: LibraryArea, enabled = true) {
  return useQuery({ queryKey: documentsKeys.library(area), queryFn: () => listLibraryFiles(area), enabled });
}

export function useDeleteVaultFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteVaultFile(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeys.vault }),
  });
}

export function useDeleteLibraryFile(area: LibraryArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => deleteLibraryFile(area, path),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeys.library(area) }),
  });
}

export type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; sent: number; total: number }
  | { kind: 'failed'; message: string };

/** An upload form's upload: its state, and what the form does with it. */
export interface FileUpload {
  state: UploadState;
  /** Resolves to true once the file is uploaded; false when it failed, was cancelled, or one is under way. */
  start(file: File, folder?: string): Promise<boolean>;
  cancel(): void;
  fail(message: string): void;
  clear(): void;
}

/**
 * One upload at a time with its progress (bytes sent of total) and a cancel. On success the list
 * reloads and `onUploaded` gets the file's name; a cancel or a failure becomes the form's message.
 * The upload lives as long as the component that calls this: the dashboard page, not the tab panel
 * that shows its form, so that changing tab or searching does not stop it.
 */
export function useFileUpload<T>(
  send: (file: File, folder: string, onProgress: (progress: UploadProgress) => void) => RunningUpload<T>,
  listKey: readonly unknown[],
  onUploaded: (name: string) => void,
): FileUpload {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const running = useRef<RunningUpload<T> | null>(null);

  // Leaving the page stops an upload under way: nothing half-sent is kept by the server.
  useEffect(() => () => running.current?.cancel(), []);

  const start = useCallback(
    async (file: File, folder = ''): Promise<boolean> => {
      if (running.current) return false;
      setState({ kind: 'uploading', name: file.name, sent: 0, total: file.size });
      const upload = send(file, folder, ({ sent, total }) =>
        setState({ kind: 'uploading', name: file.name, sent, total }),
      );
      running.current = upload;
      try {
        await upload.done;
        setState({ kind: 'idle' });
        await queryClient.invalidateQueries({ queryKey: listKey });
        onUploaded(file.name);
        return true;
      } catch (error) {
        // Shown, not logged: the page says it failed (the browser logs the failed request itself).
        setState({ kind: 'failed', message: uploadErrorMessage(error) });
        return false;
      } finally {
        running.current = null;
      }
    },
    [send, listKey, onUploaded, queryClient],
  );

  const cancel = useCallback(() => running.current?.cancel(), []);
  const fail = useCallback((message: string) => setState({ kind: 'failed', message }), []);
  const clear = useCallback(() => setState((current) => (current.kind === 'failed' ? { kind: 'idle' } : current)), []);

  return { state, start, cancel, fail, clear };
}

/** Downloads with the session's token; the spec's message when one fails. */
export function useDownload() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const download = useCallback(async (path: string, fileName: string) => {
    setError(null);
    setPending(path);
    try {
      await downloadFile(path, fileName);
    } catch {
      setError(DASHBOARD_MESSAGES.downloadFailed);
    } finally {
      setPending(null);
    }
  }, []);
  return { download, error, pending };
}

export function useVaultClients() {
  return useQuery({ queryKey: documentsKeys.clients, queryFn: listVaultClients });
}

/**
 * One client's vault for an admin. Every load is recorded by the server, so it loads when the page
 * opens (or Retry is pressed), not again whenever the window regains focus.
 */
export function useClientVault(ownerId: string) {
  return useQuery({
    queryKey: documentsKeys.clientVault(ownerId),
    queryFn: () => getClientVault(ownerId),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

const ACCESS_PAGE_SIZE = 20;

/** The access log (one client's, or everyone's), newest first, a page more at a time. */
export function useVaultAccess(ownerId: string | undefined) {
  return useCursorList(documentsKeys.accessLog(ownerId), (before) =>
    listVaultAccess({ owner_id: ownerId, page_size: ACCESS_PAGE_SIZE, ...(before ? { before } : {}) }),
  );
}
