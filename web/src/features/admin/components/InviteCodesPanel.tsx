import { Fragment, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../shared/ui/Alert';
import buttonStyles from '../../../shared/ui/button.module.css';
import type { InviteCode } from '../api';
import { formatDateTime } from '../format';
import { useInviteCodes } from '../hooks/use-invite-codes';
import { codeStatus, INVITE_MESSAGES, routeLabel } from '../invite-codes';
import styles from './Admin.module.css';
import { CREATE_DIALOG_TITLE, CreateInviteCodeDialog } from './CreateInviteCodeDialog';
import { EditInviteCodeForm } from './EditInviteCodeForm';
import { Pager } from '../../../shared/ui/Pager';
import { SendInviteCodeDialog } from './SendInviteCodeDialog';
import { PanelLoadError } from './PanelLoadError';
import { ViewInviteCodeDialog } from './ViewInviteCodeDialog';

type OpenDialog = { kind: 'create' } | { kind: 'view'; code: InviteCode } | { kind: 'send'; code: InviteCode } | null;

const COLUMNS = ['Invite code', 'Route', 'Description', 'Expires', 'Status', 'Last sent', 'Actions'];

const smallButton = (variant: 'primary' | 'secondary') =>
  `${buttonStyles.button} ${buttonStyles[variant]} ${buttonStyles.small}`;

/**
 * 'Manage Invite-codes' (spec part 1, section 2): the codes, newest first, a page at a time, each row
 * viewed, edited in place (Save/Cancel) or e-mailed; the create modal. A used code can no longer be
 * edited or sent, an expired one can be edited (to a later expiry) but not sent: the server refuses
 * both, so the buttons say so first.
 */
export function InviteCodesPanel() {
  const [page, setPage] = useState(1);
  const codes = useInviteCodes(page);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingId = useId();
  // After an edit, the focus goes back to the row's Edit button (the form it was in is gone).
  const focusEditOf = useRef<string | null>(null);

  useEffect(() => {
    if (editingId !== null || !focusEditOf.current) return;
    document.querySelector<HTMLElement>(`[data-edit-for="${focusEditOf.current}"]`)?.focus();
    focusEditOf.current = null;
  }, [editingId]);

  // Stable, so that the e-mail dialog's 2 s close timer is not restarted by the list reloading.
  const closeDialog = useCallback(() => setDialog(null), []);

  const onCreated = useCallback((code: InviteCode) => {
    setDialog(null);
    setPage(1);
    setNotice(`Invite code ${code.invite_code} created for ${routeLabel(code.route)}.`);
  }, []);

  function endEdit(code: InviteCode, saved: boolean) {
    focusEditOf.current = code.id;
    setEditingId(null);
    setNotice(saved ? `Invite code ${code.invite_code} saved.` : null);
  }

  const data = codes.data;
  const now = new Date();

  return (
    <section aria-labelledby={headingId}>
      <div className={styles.panelHead}>
        <h2 id={headingId}>Invite codes</h2>
        <button type="button" className={smallButton('primary')} onClick={() => setDialog({ kind: 'create' })}>
          {CREATE_DIALOG_TITLE}
        </button>
      </div>
      <div className={styles.stack}>
        {notice && <Alert tone="success">{notice}</Alert>}
        {codes.isPending && (
          <p role="status" className={styles.muted}>
            Loading invite codes…
          </p>
        )}
        <PanelLoadError query={codes} message={INVITE_MESSAGES.loadFailed} />
        {data && data.items.length === 0 && (
          <p className={styles.muted}>No invite codes yet. Create one to invite a new client.</p>
        )}
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
                {data.items.map((code) => {
                  const status = codeStatus(code, now);
                  return (
                    <Fragment key={code.id}>
                      <tr>
                        <th scope="row" className={styles.code}>
                          {code.invite_code}
                        </th>
                        <td>{routeLabel(code.route)}</td>
                        <td className={styles.description}>{code.description || '—'}</td>
                        <td>{formatDateTime(code.expiration_datetime)}</td>
                        <td>
                          <span className={`${styles.badge} ${styles[status]}`}>{status}</span>
                        </td>
                        <td>
                          {code.last_sent_to ? (
                            <>
                              {code.last_sent_to}
                              <br />
                              {formatDateTime(code.last_sent_at)}
                            </>
                          ) : (
                            '—'
                          )}
                        </td>
                        <td>
                          <div className={styles.rowActions}>
                            <button
                              type="button"
                              className={smallButton('secondary')}
                              aria-label={`View ${code.invite_code}`}
                              onClick={() => setDialog({ kind: 'view', code })}
                            >
                              View
                            </button>
                            <button
                              type="button"
                              className={smallButton('secondary')}
                              aria-label={`Edit ${code.invite_code}`}
                              aria-expanded={editingId === code.id}
                              data-edit-for={code.id}
                              disabled={code.is_used}
                              title={code.is_used ? 'A used code can no longer be edited.' : undefined}
                              onClick={() => {
                                setNotice(null);
                                setEditingId(editingId === code.id ? null : code.id);
                              }}
                            >
                              Edit
                            </button>
                            <button
                              type="button"
                              className={smallButton('secondary')}
                              aria-label={`Email ${code.invite_code}`}
                              disabled={status !== 'Active'}
                              title={
                                status === 'Used'
                                  ? 'A used code can no longer be sent.'
                                  : status === 'Expired'
                                    ? 'Set a later expiration before sending this code.'
                                    : undefined
                              }
                              onClick={() => setDialog({ kind: 'send', code })}
                            >
                              Email
                            </button>
                          </div>
                        </td>
                      </tr>
                      {editingId === code.id && (
                        <tr>
                          <td colSpan={COLUMNS.length} className={styles.editCell}>
                            <EditInviteCodeForm code={code} onDone={(saved) => endEdit(code, saved)} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {data && (
          <Pager
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            busy={codes.isFetching}
            label="Invite code pages"
            onPage={(next) => {
              setEditingId(null);
              setPage(next);
            }}
          />
        )}
      </div>

      {dialog?.kind === 'create' && <CreateInviteCodeDialog onClose={closeDialog} onCreated={onCreated} />}
      {dialog?.kind === 'view' && <ViewInviteCodeDialog code={dialog.code} onClose={closeDialog} />}
      {dialog?.kind === 'send' && <SendInviteCodeDialog code={dialog.code} onClose={closeDialog} />}
    </section>
  );
}
