import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../shared/ui/Alert';
import buttonStyles from '../../../shared/ui/button.module.css';
import { SelectField } from '../../../shared/ui/SelectField';
import { TextField } from '../../../shared/ui/TextField';
import { actionLabel } from '../../../shared/audit-actions';
import {
  actorLabel,
  AUDIT_ACTION_FILTERS,
  AUDIT_LOG_MESSAGES,
  auditLogQuery,
  filtersProblem,
  NO_FILTERS,
  type AuditLogFilters,
} from '../audit-log';
import { auditLogExportPath } from '../audit-log-api';
import { formatDateTime } from '../format';
import { useAuditLog } from '../hooks/use-audit-log';
import { useDownload } from '../hooks/use-download';
import { PAGE_SIZE } from '../invite-codes';
import styles from './Admin.module.css';
import inboxStyles from './Inbox.module.css';
import { PanelLoadError } from './PanelLoadError';
import { Pager } from '../../../shared/ui/Pager';
import { BusyButton } from '../../../shared/ui/BusyButton';

const COLUMNS = ['Time', 'Actor', 'Action', 'Target', 'Address', 'Request id'] as const;
const button = (kind: 'primary' | 'secondary') => `${buttonStyles.button} ${buttonStyles[kind]} ${buttonStyles.small}`;

/**
 * The audit log (what staff did and every account's security events), newest first, a page at a time
 * from the server; filtered by actor, action and days; the filtered entries exported as CSV.
 */
export function AuditLogPanel() {
  const [draft, setDraft] = useState<AuditLogFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditLogFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const log = useAuditLog(auditLogQuery(filters, page, PAGE_SIZE));
  const files = useDownload(AUDIT_LOG_MESSAGES.exportFailed);
  const headingId = useId();
  const data = log.data;
  const exportPath = auditLogExportPath(auditLogQuery(filters));
  const edit = (change: Partial<AuditLogFilters>) => setDraft((current) => ({ ...current, ...change }));

  function apply(event: FormEvent) {
    event.preventDefault();
    const refused = filtersProblem(draft);
    setProblem(refused);
    if (refused) return;
    setFilters(draft);
    setPage(1);
  }

  function clear() {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setProblem(null);
    setPage(1);
  }

  return (
    <section aria-labelledby={headingId}>
      <div className={styles.panelHead}>
        <h2 id={headingId}>Audit log</h2>
        <div className={styles.rowActions}>
          <BusyButton className={button('secondary')} busy={log.isFetching} onClick={() => void log.refetch()}>
            Refresh
          </BusyButton>
          <BusyButton
            className={button('secondary')}
            busy={files.busy === exportPath}
            onClick={() => void files.download(exportPath, 'audit-log.csv')}
          >
            Export CSV
          </BusyButton>
        </div>
      </div>
      <div className={styles.stack}>
        <form className={inboxStyles.filters} onSubmit={apply} aria-label="Audit log filters">
          <TextField
            label="Actor"
            hint="E-mail or account id"
            value={draft.actor}
            maxLength={254}
            onChange={(event) => edit({ actor: event.target.value })}
          />
          <SelectField
            label="Action"
            value={draft.action}
            onChange={(event) => edit({ action: event.target.value as AuditLogFilters['action'] })}
          >
            {AUDIT_ACTION_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="From"
            type="date"
            value={draft.from}
            onChange={(event) => edit({ from: event.target.value })}
          />
          <TextField label="To" type="date" value={draft.to} onChange={(event) => edit({ to: event.target.value })} />
          <div className={styles.rowActions}>
            <button type="submit" className={button('primary')}>
              Apply filters
            </button>
            <button type="button" className={button('secondary')} onClick={clear}>
              Clear
            </button>
          </div>
        </form>
        <p className={styles.muted}>Days are in UTC; both ends are included.</p>
        {problem && <Alert tone="error">{problem}</Alert>}
        {files.failure && <Alert tone="error">{files.failure}</Alert>}
        {log.isPending && (
          <p role="status" className={styles.muted}>
            Loading the audit log…
          </p>
        )}
        <PanelLoadError query={log} message={AUDIT_LOG_MESSAGES.loadFailed} />
        {data && data.items.length === 0 && <p className={styles.muted}>{AUDIT_LOG_MESSAGES.empty}</p>}
        {data && data.items.length > 0 && (
          <div className={styles.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
            <table className={styles.table} aria-labelledby={headingId}>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.items.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row">
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    </th>
                    <td className={styles.description}>{actorLabel(entry)}</td>
                    <td>{actionLabel(entry.action)}</td>
                    <td className={styles.description}>{entry.target ?? '—'}</td>
                    <td>{entry.client_ip ?? '—'}</td>
                    <td className={styles.description}>{entry.request_id ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && (
          <Pager
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            busy={log.isFetching}
            label="Audit log pages"
            onPage={setPage}
          />
        )}
      </div>
    </section>
  );
}
