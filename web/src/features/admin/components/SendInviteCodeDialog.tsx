import { useForm } from 'react-hook-form';
import { useTimeout } from 'usehooks-ts';
import { Alert } from '../../../shared/ui/Alert';
import buttonStyles from '../../../shared/ui/button.module.css';
import { Dialog } from '../../../shared/ui/Dialog';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { useFormIssue } from '../../../shared/ui/use-form-issue';
import type { InviteCode } from '../api';
import { useSendInviteCode } from '../hooks/use-invite-codes';
import {
  failureMessage,
  INVITE_MESSAGES,
  routeLabel,
  SEND_DIALOG_CLOSE_DELAY_MS,
  validateRecipient,
} from '../invite-codes';
import styles from './Admin.module.css';

export const SEND_DIALOG_TITLE = 'Send Invite Code via Email';

interface SendInviteCodeDialogProps {
  code: InviteCode;
  onClose(): void;
}

/** 'Send Invite Code via Email' (spec part 1, sections 2, 4, 5, 8): closes 2 s after a successful send. */
export function SendInviteCodeDialog({ code, onClose }: SendInviteCodeDialogProps) {
  const send = useSendInviteCode();
  const { setIssue, error, errorId, fieldIssue } = useFormIssue<'recipient'>(
    send.isError ? failureMessage(INVITE_MESSAGES.sendFailed, send.error) : null,
  );
  const { register, handleSubmit, setFocus } = useForm<{ recipient: string }>({ defaultValues: { recipient: '' } });
  useTimeout(onClose, send.isSuccess ? SEND_DIALOG_CLOSE_DELAY_MS : null);

  const submit = handleSubmit(({ recipient }) => {
    if (send.isPending || send.isSuccess) return;
    const problem = validateRecipient(recipient);
    setIssue(problem);
    send.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    send.mutate({ id: code.id, email: recipient.trim() });
  });

  return (
    <Dialog title={SEND_DIALOG_TITLE} onClose={onClose}>
      <dl className={styles.details}>
        <dt>Invite code</dt>
        <dd className={styles.code}>{code.invite_code}</dd>
        <dt>Route</dt>
        <dd>{routeLabel(code.route)}</dd>
      </dl>
      {send.isSuccess ? (
        <Alert tone="success">{send.data?.message ?? `Invite code sent to ${send.variables.email}.`}</Alert>
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <TextField
            label="Recipient email"
            type="email"
            autoComplete="off"
            required
            {...fieldIssue('recipient')}
            data-autofocus
            {...register('recipient')}
          />
          <FormError id={errorId} message={error} />
          <div className={formStyles.actions}>
            <SubmitButton busy={send.isPending} busyLabel="Sending…">
              Send Email
            </SubmitButton>
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
