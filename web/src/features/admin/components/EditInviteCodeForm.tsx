import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../shared/ui/Alert';
import buttonStyles from '../../../shared/ui/button.module.css';
import formStyles from '../../../shared/ui/form.module.css';
import { TextField } from '../../../shared/ui/TextField';
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
  const [issue, setIssue] = useState<ReturnType<typeof validateEdit>>(null);
  const errorId = useId();
  const routeId = useId();
  const { register, handleSubmit, setFocus } = useForm<EditFormValues>({ defaultValues: toEditValues(code) });

  useEffect(() => setFocus('expiration'), [setFocus]);

  // Escape cancels the edit, as it closes a dialog.
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Escape' && !update.isPending) onDone(false);
  }

  const submit = handleSubmit((values) => {
    if (update.isPending) return;
    const problem = validateEdit(values, new Date());
    setIssue(problem);
    update.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    update.mutate({ id: code.id, payload: editPayload(values) }, { onSuccess: () => onDone(true) });
  });

  const error = issue?.message ?? (update.isError ? failureMessage(INVITE_MESSAGES.saveFailed, update.error) : null);
  const describedBy = (field: 'expiration' | 'route') =>
    error && (issue?.field === field || !issue) ? errorId : undefined;

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
        invalid={issue?.field === 'expiration'}
        describedBy={describedBy('expiration')}
        {...register('expiration')}
      />
      <div className={formStyles.field}>
        <label htmlFor={routeId} className={formStyles.label}>
          Route
        </label>
        <select
          id={routeId}
          className={formStyles.input}
          required
          aria-invalid={issue?.field === 'route' || undefined}
          aria-describedby={describedBy('route')}
          {...register('route')}
        >
          {ROUTE_OPTIONS.map((option) => (
            <option key={option.route} value={option.route}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <TextField label="Description (optional)" maxLength={500} {...register('description')} />
      {error && (
        <Alert tone="error" id={errorId} className={styles.wide}>
          {error}
        </Alert>
      )}
      <div className={`${formStyles.actions} ${styles.wide}`}>
        <button
          type="submit"
          className={`${buttonStyles.button} ${buttonStyles.primary} ${formStyles.button} ${styles.small}`}
          disabled={update.isPending}
        >
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary} ${formStyles.button} ${styles.small}`}
          onClick={() => onDone(false)}
          disabled={update.isPending}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
