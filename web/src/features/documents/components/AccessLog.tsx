import { useId } from 'react';
import { QueryLoadError } from '../../../shared/ui/LoadError';
import { LoadMore } from '../../../shared/ui/LoadMore';
import { accessDescription, formatDateTime } from '../files';
import { useVaultAccess } from '../hooks/use-documents';
import styles from './Documents.module.css';

/**
 * The admins' accesses to clients' vaults (one client's, or everyone's), newest first, a page more at a
 * time (by cursor: accesses recorded meanwhile join the top, never repeat a row below).
 */
export function AccessLog({ ownerId, title }: { ownerId?: string; title: string }) {
  const log = useVaultAccess(ownerId);
  const headingId = useId();
  const data = log.list;

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
        <LoadMore list={data} busy={log.isFetching} label={`${title} pages`} onMore={() => void log.fetchNextPage()} />
      )}
    </section>
  );
}
