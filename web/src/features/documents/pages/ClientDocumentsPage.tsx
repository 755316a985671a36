import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, serverDetail } from '../../../shared/api';
import { ROUTES } from '../../../shared/routes';
import { isAdmin, useSession } from '../../../shared/session';
import { Alert } from '../../../shared/ui/Alert';
import container from '../../../shared/ui/container.module.css';
import { QueryLoadError } from '../../../shared/ui/LoadError';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { clientFilePath } from '../api';
import { AccessLog } from '../components/AccessLog';
import styles from '../components/Documents.module.css';
import { FileTable } from '../components/FileTable';
import { DASHBOARD_MESSAGES, emailInitials, fileNameOf, fromVault } from '../files';
import { documentsKeys } from '../hooks/query-keys';
import { useClientVault, useDownload } from '../hooks/use-documents';

/**
 * /admin/documents/:ownerId: one client's vault for the firm's admins, read-only (downloads only),
 * with the record of who opened it. Opening this page is itself recorded by the server.
 */
export function ClientDocumentsPage() {
  const { ownerId = '' } = useParams();
  const { user } = useSession();
  useDocumentTitle('Client documents');
  if (!isAdmin(user)) {
    return (
      <div className={`${container.container} ${styles.page}`}>
        <h1 className={styles.title}>Client documents</h1>
        <Alert tone="error">This page is for the firm&apos;s administrators.</Alert>
      </div>
    );
  }
  return <ClientVault ownerId={ownerId} />;
}

function ClientVault({ ownerId }: { ownerId: string }) {
  const vault = useClientVault(ownerId);
  const queryClient = useQueryClient();
  const { download, error, pending } = useDownload();
  const refreshLog = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: documentsKeys.accessLog(ownerId) }),
    [queryClient, ownerId],
  );

  // Loading the vault added a record: the log below shows it.
  const loadedAt = vault.isSuccess ? vault.dataUpdatedAt : 0;
  useEffect(() => {
    if (loadedAt) refreshLog();
  }, [loadedAt, refreshLog]);

  const data = vault.data;
  const notFound = vault.error instanceof ApiError && vault.error.status === 404;
  return (
    <div className={`${container.container} ${styles.page}`}>
      <Link to={`${ROUTES.admin}?tab=client-documents`} className={styles.back}>
        ← Back to the admin panel
      </Link>
      <h1 className={styles.title}>{data ? `Documents of ${data.owner_email}` : 'Client documents'}</h1>
      <p className={styles.lead}>Read-only: you can download these files. Every view and download is recorded.</p>
      <div className={styles.stack}>
        {vault.isPending && (
          <p role="status" className={styles.muted}>
            Loading files…
          </p>
        )}
        {notFound && <Alert tone="info">{serverDetail(vault.error)}</Alert>}
        {vault.isError && !notFound && <QueryLoadError query={vault} message={DASHBOARD_MESSAGES.loadFailed.vault} />}
        {error && <Alert tone="error">{error}</Alert>}
        {data && (
          <FileTable
            title={`Files of ${data.owner_email}`}
            files={fromVault(data.files)}
            initials={emailInitials(data.owner_email)}
            dateLabel="Uploaded"
            downloading={pending ? data.files.find((file) => clientFilePath(ownerId, file.id) === pending)?.id : null}
            onDownload={(file) =>
              void download(clientFilePath(ownerId, file.ref), fileNameOf(file.path)).then(refreshLog)
            }
          />
        )}
        <AccessLog ownerId={ownerId} title="Access log of this client" />
      </div>
    </div>
  );
}
