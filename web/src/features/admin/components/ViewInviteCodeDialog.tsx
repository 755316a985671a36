import type { InviteCode } from '../api';
import { formatDateTime } from '../format';
import { codeStatus, inviteLink, routeLabel } from '../invite-codes';
import buttonStyles from '../../../shared/ui/button.module.css';
import { Dialog } from '../../../shared/ui/Dialog';
import styles from './Admin.module.css';

export const VIEW_DIALOG_TITLE = 'Invite Code Details';

/** Everything the panel knows of one code, with the link its invitation mail carries. */
export function ViewInviteCodeDialog({ code, onClose }: { code: InviteCode; onClose(): void }) {
  const link = inviteLink(window.location.origin, code);
  return (
    <Dialog title={VIEW_DIALOG_TITLE} onClose={onClose}>
      <dl className={styles.details}>
        <dt>Invite code</dt>
        <dd className={styles.code}>{code.invite_code}</dd>
        <dt>Status</dt>
        <dd>{codeStatus(code, new Date())}</dd>
        <dt>Route</dt>
        <dd>
          {routeLabel(code.route)} ({code.route})
        </dd>
        <dt>Link</dt>
        <dd>{link}</dd>
        <dt>Description</dt>
        <dd>{code.description || '—'}</dd>
        <dt>Expires</dt>
        <dd>{formatDateTime(code.expiration_datetime)}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(code.created_at)}</dd>
        <dt>Used</dt>
        <dd>{code.is_used ? formatDateTime(code.used_at) : 'Not yet'}</dd>
        <dt>Last sent to</dt>
        <dd>{code.last_sent_to ?? '—'}</dd>
        <dt>Last sent</dt>
        <dd>{formatDateTime(code.last_sent_at)}</dd>
        <dt>Times sent</dt>
        <dd>{code.send_count}</dd>
      </dl>
      <div>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          onClick={onClose}
          data-autofocus
        >
          Close
        </button>
      </div>
    </Dialog>
  );
}
