import { useEffect, type KeyboardEvent } from 'react';
import { INVITE_DESCRIPTION_MAX_LENGTH } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import buttonStyles from '../../../shared/ui/button.module.css';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SelectField } from '../../../shared/ui/SelectField';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { useFormIssue } from '../../../shared/ui/use-form-issue';
import type { InviteCode } from '../api';
import { useUpdateInviteCode } from '../hooks/use-invite-codes';
import {
  editPayload,
  failureMessage,
  INVITE_MESSAGES,
  ROUTE_OPTIONS,
  toEditValues,
  validateEdit,
  type EditFormValues,
} from '../invite-codes';
import styles from './Admin.module.css';

interface EditInviteCodeFormProps {
  code: InviteCode;
  /** Leaves edit mode: `saved` after a successful save, false on Cancel. */
  onDone(saved: boolean): void;
}

/** A row of the codes table in edit mode: expiration, route and description, with Save and Cancel. */
export function EditInviteCodeForm({ code, onDone }: EditInviteCodeFormProps) {
  const update = useUpdateInviteCode();
  const { setIssue, error, errorId, fieldIssue } = useFormIssue<'expiration' | 'route'>(
    update.isError ? failureMessage(INVITE_MESSAGES.saveFailed, update.error) : null,
  );
  const { register, handleSubmit, setFocus } = useForm<EditFormValues>({ defaultValues: toEditValues(code) });

  useEffect(() => setFocus('expiration'), [setFocus]);

  // Escape cancels the edit, as it closes a dialog.
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Escape' && !update.isPending) onDone(false);
  }

  const submit = handleSubmit((values) => {
    if (update.isPending) return;
    const problem = validateEdit(values, new Date(), code);
    setIssue(problem);
    update.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    update.mutate({ id: code.id, payload: editPayload(values, code) }, { onSuccess: () => onDone(true) });
  });

  return (
    <form
      className={styles.editForm}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
      aria-label={`Edit invite code ${code.invite_code}`}
    >
      <TextField
        label="Expires"
        type="datetime-local"
        required
        {...fieldIssue('expiration')}
        {...register('expiration')}
      />
      <SelectField label="Route" required {...fieldIssue('route')} {...register('route')}>
        {ROUTE_OPTIONS.map((option) => (
          <option key={option.route} value={option.route}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Description (optional)"
        maxLength={INVITE_DESCRIPTION_MAX_LENGTH}
        {...register('description')}
      />
      <FormError id={errorId} message={error} className={styles.wide} />
      <div className={`${formStyles.actions} ${styles.wide}`}>
        <SubmitButton busy={update.isPending} busyLabel="Saving…" className={buttonStyles.small}>
          Save
        </SubmitButton>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.small}`}
          onClick={() => onDone(false)}
          disabled={update.isPending}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
