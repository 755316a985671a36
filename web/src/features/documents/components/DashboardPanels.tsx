import type { LibraryArea } from '@portal/contracts';
import { useCallback, useId } from 'react';
import { Alert } from '../../../shared/ui/Alert';
import { QueryLoadError } from '../../../shared/ui/LoadError';
import { uploadLibraryFile, uploadVaultFile, vaultFilePath, type UploadProgress } from '../api';
import {
  DASHBOARD_MESSAGES,
  fileNameOf,
  fromLibrary,
  fromVault,
  libraryFilePath,
  searchFiles,
  SOURCE_LABELS,
  type DashboardFile,
  type FileSource,
} from '../files';
import { documentsKeys } from '../hooks/query-keys';
import {
  useDeleteLibraryFile,
  useDeleteVaultFile,
  useDownload,
  useFileUpload,
  useLibraryFiles,
  useVaultFiles,
  type FileUpload,
} from '../hooks/use-documents';
import styles from './Documents.module.css';
import { FileTable } from './FileTable';
import { FilesPanel } from './FilesPanel';

interface PanelProps {
  initials: string;
  onNotice(message: string | null): void;
  /** The list's upload (useDashboardUploads); the libraries offer it to admins only. */
  upload: FileUpload;
}

const sendToVault = (file: File, _folder: string, onProgress: (progress: UploadProgress) => void) =>
  uploadVaultFile(file, onProgress);
const sendToForms = (file: File, folder: string, onProgress: (progress: UploadProgress) => void) =>
  uploadLibraryFile('forms', file, folder, onProgress);
const sendToPublic = (file: File, folder: string, onProgress: (progress: UploadProgress) => void) =>
  uploadLibraryFile('public', file, folder, onProgress);
const FORMS_KEY = documentsKeys.library('forms');
const PUBLIC_KEY = documentsKeys.library('public');

/**
 * The dashboard's uploads, one per list, held by the page rather than by the tab panels that show their
 * forms: a panel goes when another tab is chosen or the search hides the tabs, and its upload goes on (the
 * panel shows it again when back; the page's message says when it is done). Leaving the page cancels them (it asks first).
 */
export function useDashboardUploads(onNotice: (message: string | null) => void): Record<FileSource, FileUpload> {
  const onUploaded = useCallback((name: string) => onNotice(DASHBOARD_MESSAGES.uploaded(name)), [onNotice]);
  return {
    vault: useFileUpload(sendToVault, documentsKeys.vault, onUploaded),
    forms: useFileUpload(sendToForms, FORMS_KEY, onUploaded),
    public: useFileUpload(sendToPublic, PUBLIC_KEY, onUploaded),
  };
}

/** The path a dashboard file downloads from. */
export function downloadPathOf(file: DashboardFile): string {
  return file.source === 'vault' ? vaultFilePath(file.ref) : libraryFilePath(file.source, file.ref);
}

/** My Vault: the user's own files; they upload, download and delete them (spec part 2, section 6). */
export function VaultPanel({ initials, onNotice, upload }: PanelProps) {
  const vault = useVaultFiles();
  const remove = useDeleteVaultFile();
  return (
    <FilesPanel
      title={SOURCE_LABELS.vault}
      files={vault.data && fromVault(vault.data.files)}
      query={vault}
      loadError={DASHBOARD_MESSAGES.loadFailed.vault}
      emptyText="Your vault is empty. Upload a document to share it securely with our team."
      dateLabel="Uploaded"
      initials={initials}
      downloadPath={downloadPathOf}
      upload={{ title: 'Upload to My Vault', withFolder: false, control: upload }}
      remove={(file) => remove.mutateAsync(file.ref)}
      onNotice={onNotice}
    />
  );
}

/** Forms Library or Public Files: everyone downloads; admins also upload (with a folder) and delete. */
export function LibraryPanel({
  area,
  admin,
  initials,
  onNotice,
  upload,
}: PanelProps & { area: LibraryArea; admin: boolean }) {
  const library = useLibraryFiles(area);
  const remove = useDeleteLibraryFile(area);
  return (
    <FilesPanel
      title={SOURCE_LABELS[area]}
      files={library.data && fromLibrary(area, library.data)}
      query={library}
      loadError={DASHBOARD_MESSAGES.loadFailed[area]}
      emptyText={area === 'forms' ? 'No forms have been published yet.' : 'No public files have been published yet.'}
      dateLabel="Last modified"
      initials={initials}
      downloadPath={downloadPathOf}
      upload={admin ? { title: `Upload to ${SOURCE_LABELS[area]}`, withFolder: true, control: upload } : undefined}
      remove={admin ? (file) => remove.mutateAsync(file.ref) : undefined}
      onNotice={onNotice}
    />
  );
}

/** The global search: matches from all three lists at once, while the tabs are hidden. */
export function SearchResults({ query, initials }: { query: string; initials: string }) {
  const headingId = useId();
  const vault = useVaultFiles();
  const forms = useLibraryFiles('forms');
  const publicFiles = useLibraryFiles('public');
  const { download, error, pending } = useDownload();
  const all = [
    ...(vault.data ? fromVault(vault.data.files) : []),
    ...(forms.data ? fromLibrary('forms', forms.data) : []),
    ...(publicFiles.data ? fromLibrary('public', publicFiles.data) : []),
  ];
  const results = searchFiles(query, all);
  const loading = vault.isPending || forms.isPending || publicFiles.isPending;
  const lists = [
    { query: vault, message: DASHBOARD_MESSAGES.loadFailed.vault },
    { query: forms, message: DASHBOARD_MESSAGES.loadFailed.forms },
    { query: publicFiles, message: DASHBOARD_MESSAGES.loadFailed.public },
  ];

  return (
    <section aria-labelledby={headingId} className={styles.stack}>
      <div className={styles.panelHead}>
        <h2 id={headingId}>Search results</h2>
      </div>
      {lists.map((list) => (
        <QueryLoadError key={list.message} query={list.query} message={list.message} />
      ))}
      {error && <Alert tone="error">{error}</Alert>}
      <p role="status" className={styles.muted}>
        {loading
          ? 'Searching…'
          : results.length === 0
            ? `No files match “${query.trim()}”.`
            : `${results.length} ${results.length === 1 ? 'file matches' : 'files match'} “${query.trim()}”.`}
      </p>
      {results.length > 0 && (
        <FileTable
          title="Matching files"
          files={results}
          initials={initials}
          dateLabel="Date"
          showSource
          downloading={pending ? results.find((file) => downloadPathOf(file) === pending)?.ref : null}
          onDownload={(file) => void download(downloadPathOf(file), fileNameOf(file.path))}
        />
      )}
    </section>
  );
}
