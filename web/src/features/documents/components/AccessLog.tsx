import { useId, useState } from 'react';
import { QueryLoadError } from '../../../shared/ui/LoadError';
import { Pager } from '../../../shared/ui/Pager';
import { accessDescription, formatDateTime } from '../files';
import { ACCESS_PAGE_SIZE, useVaultAccess } from '../hooks/use-documents';
import styles from './Documents.module.css';

/** The admins' accesses to clients' vaults (one client's, or everyone's), newest first, a page at a time. */
export function AccessLog({ ownerId, title }: { ownerId?: string; title: string }) {
  const [page, setPage] = useState(1);
  const log = useVaultAccess(ownerId, page);
  const headingId = useId();
  const data = log.data;

  return (
    <section aria-labelledby={headingId} className={styles.stack}>
      <div className={styles.panelHead}>
        <h2 id={headingId}>{title}</h2>
      </div>
      {log.isPending && (
        <p role="status" className={styles.muted}>
          Loading the access log…
        </p>
      )}
      <QueryLoadError query={log} message="Failed to load the access log. Please try again." />
      {data && data.items.length === 0 && <p className={styles.muted}>No admin has opened these documents yet.</p>}
      {data && data.items.length > 0 && (
        <div className={styles.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className={styles.table} aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Admin</th>
                {!ownerId && <th scope="col">Client</th>}
                <th scope="col">Access</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((entry) => (
                <tr key={entry.id}>
                  <td className={styles.nowrap}>{formatDateTime(entry.accessed_at)}</td>
                  <td>{entry.admin_email}</td>
                  {!ownerId && <td>{entry.owner_email}</td>}
                  <td className={styles.name}>{accessDescription(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pager
          page={page}
          pageSize={ACCESS_PAGE_SIZE}
          total={data.total}
          busy={log.isFetching}
          label={`${title} pages`}
          previousLabel="Newer"
          nextLabel="Older"
          onPage={setPage}
        />
      )}
    </section>
  );
}
