import { useState } from 'react';
import { serverDetail } from '../../../shared/api';
import { downloadFile } from '../inbox-api';

/** Runs an authenticated download (a resume, a CSV) and keeps its failure for the panel to show. */
export function useDownload(failedMessage: string) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  async function download(path: string, fallbackName: string) {
    setFailure(null);
    setBusy(path);
    try {
      await downloadFile(path, fallbackName);
    } catch (error) {
      setFailure(serverDetail(error) ?? failedMessage);
    } finally {
      setBusy(null);
    }
  }
  return { failure, busy, download };
}
