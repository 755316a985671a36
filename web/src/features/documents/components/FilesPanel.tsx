import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type LoadableQuery, QueryLoadError } from '../../../shared/ui/LoadError';
import { Alert } from '../../../shared/ui/Alert';
import { useInFlight } from '../../../shared/ui/use-in-flight';
import { DASHBOARD_MESSAGES, fileNameOf, type DashboardFile } from '../files';
import { useDownload, type FileUpload } from '../hooks/use-documents';
import { isAlreadyGone } from '../transfer-result';
import { ConfirmFileDialog } from './ConfirmFileDialog';
import styles from './Documents.module.css';
import { FileTable } from './FileTable';
import { UploadForm } from './UploadForm';

export interface PanelUpload {
  title: string;
  withFolder: boolean;
  /** The upload itself, held by the page (see useDashboardUploads): it outlives this panel. */
  control: FileUpload;
}

interface FilesPanelProps {
  title: string;
  files: DashboardFile[] | undefined;
  /** The list's query: pending, failed (Retry), fetching. */
  query: LoadableQuery & { isPending: boolean };
  loadError: string;
  emptyText: string;
  dateLabel: string;
  initials: string;
  /** Where a file downloads from (an API path). */
  downloadPath(file: DashboardFile): string;
  /** Present only when this user may upload here. */
  upload?: PanelUpload;
  /** Present only when this user may delete here. */
  remove?(file: DashboardFile): Promise<unknown>;
  /** The page's message after an upload or a delete; null takes it away (a new attempt has begun). */
  onNotice(message: string | null): void;
}

/** One list of the dashboard: its upload form (where allowed), its files, downloads and deletes. */
export function FilesPanel(props: FilesPanelProps) {
  const { title, files, upload, remove, onNotice } = props;
  const headingId = useId();
  const { download, error: downloadError, pending } = useDownload();
  const [deleting, setDeleting] = useState<{ file: DashboardFile; busy: boolean; error: string | null } | null>(null);
  // A double click on the dialog's Delete reaches confirmDelete twice before the busy button renders.
  const deleteFlight = useInFlight();
  // After a delete the row and its Delete button (the dialog's opener) are gone: the focus goes to the list's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  useEffect(() => {
    if (deleting || !focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [deleting]);
  // Library uploads (with a folder) replace a file of the same path: the form asks first.
  const libraryPaths = useMemo(
    () => (upload?.withFolder && files ? new Set(files.map((file) => file.path)) : undefined),
    [upload?.withFolder, files],
  );

  async function confirmDelete() {
    if (!deleting || !remove) return;
    const { file } = deleting;
    onNotice(null);
    setDeleting({ file, busy: true, error: null });
    try {
      await remove(file);
      focusHeading.current = true;
      setDeleting(null);
      onNotice(DASHBOARD_MESSAGES.deleted(fileNameOf(file.path)));
    } catch (error) {
      if (isAlreadyGone(error)) {
        // Deleted meanwhile: retrying could only fail again. The list reloads without it.
        void props.query.refetch();
        focusHeading.current = true;
        setDeleting(null);
        onNotice(DASHBOARD_MESSAGES.alreadyDeleted(fileNameOf(file.path)));
        return;
      }
      setDeleting({ file, busy: false, error: DASHBOARD_MESSAGES.deleteFailed });
    }
  }

  return (
    <section aria-labelledby={headingId} className={styles.stack}>
      <div className={styles.panelHead}>
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {title}
        </h2>
      </div>
      {upload && (
        <UploadForm
          title={upload.title}
          withFolder={upload.withFolder}
          existingPaths={libraryPaths}
          {...upload.control}
          // A new attempt takes the last message away, so it never sits beside that attempt's error.
          start={(file, folder) => {
            onNotice(null);
            return upload.control.start(file, folder);
          }}
          fail={(message) => {
            onNotice(null);
            upload.control.fail(message);
          }}
        />
      )}
      {downloadError && <Alert tone="error">{downloadError}</Alert>}
      {props.query.isPending && (
        <p role="status" className={styles.muted}>
          Loading files…
        </p>
      )}
      <QueryLoadError query={props.query} message={props.loadError} />
      {files && files.length === 0 && <p className={styles.muted}>{props.emptyText}</p>}
      {files && files.length > 0 && (
        <FileTable
          title={`${title} files`}
          files={files}
          initials={props.initials}
          dateLabel={props.dateLabel}
          downloading={pending ? files.find((file) => props.downloadPath(file) === pending)?.ref : null}
          onDownload={(file) => void download(props.downloadPath(file), fileNameOf(file.path))}
          onDelete={remove ? (file) => setDeleting({ file, busy: false, error: null }) : undefined}
        />
      )}
      {deleting && (
        <ConfirmFileDialog
          title="Delete file"
          description={DASHBOARD_MESSAGES.confirmDelete(fileNameOf(deleting.file.path))}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          busy={deleting.busy}
          error={deleting.error}
          onConfirm={() => void deleteFlight.run(confirmDelete)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
