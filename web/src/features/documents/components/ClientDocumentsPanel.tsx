import { useId } from 'react';
import { generatePath, Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { QueryLoadError } from '../../../shared/ui/LoadError';
import { formatDateTime, formatFileSize } from '../files';
import { useVaultClients } from '../hooks/use-documents';
import { AccessLog } from './AccessLog';
import styles from './Documents.module.css';

/**
 * The admin panel's 'Client Documents': the clients who have files in their vault, each opening the
 * read-only view of their documents, and the record of every such look.
 */
export function ClientDocumentsPanel() {
  const clients = useVaultClients();
  const headingId = useId();
  const data = clients.data;
  return (
    <div className={styles.stack}>
      <section aria-labelledby={headingId} className={styles.stack}>
        <div className={styles.panelHead}>
          <h2 id={headingId}>Client documents</h2>
        </div>
        <p className={styles.muted}>
          Clients&apos; vaults are read-only here. Opening a client&apos;s documents and every download are recorded in
          the access log.
        </p>
        {clients.isPending && (
          <p role="status" className={styles.muted}>
            Loading clients…
          </p>
        )}
        <QueryLoadError query={clients} message="Failed to load vault files. Please try again." />
        {data && data.clients.length === 0 && <p className={styles.muted}>No client has uploaded a document yet.</p>}
        {data && data.clients.length > 0 && (
          <div className={styles.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
            <table className={styles.table} aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">Client</th>
                  <th scope="col">Files</th>
                  <th scope="col">Total size</th>
                  <th scope="col">Last upload</th>
                  <th scope="col">Documents</th>
                </tr>
              </thead>
              <tbody>
                {data.clients.map((client) => (
                  <tr key={client.owner_id}>
                    <th scope="row" className={styles.name}>
                      {client.owner_email}
                    </th>
                    <td>{client.file_count}</td>
                    <td className={styles.nowrap}>{formatFileSize(client.total_size)}</td>
                    <td className={styles.nowrap}>{formatDateTime(client.last_uploaded_at)}</td>
                    <td>
                      {/* The visible words start the name (WCAG 2.5.3), the hidden ones say whose. */}
                      <Link to={generatePath(ROUTES.adminClientDocuments, { ownerId: client.owner_id })}>
                        View documents<span className="visually-hidden"> of {client.owner_email}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <AccessLog title="Access log" />
    </div>
  );
}
