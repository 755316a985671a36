import { INVITE_DESCRIPTION_MAX_LENGTH } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import buttonStyles from '../../../shared/ui/button.module.css';
import { Dialog } from '../../../shared/ui/Dialog';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SelectField } from '../../../shared/ui/SelectField';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextAreaField } from '../../../shared/ui/TextAreaField';
import { TextField } from '../../../shared/ui/TextField';
import { useFormIssue } from '../../../shared/ui/use-form-issue';
import type { InviteCode } from '../api';
import { useCreateInviteCode } from '../hooks/use-invite-codes';
import {
  createPayload,
  DEFAULT_CREATE_VALUES,
  failureMessage,
  INVITE_MESSAGES,
  MIN_EXPIRATION_HOURS,
  ROUTE_OPTIONS,
  validateCreate,
  type CreateFormValues,
} from '../invite-codes';

export const CREATE_DIALOG_TITLE = 'Create Invite Code';

interface CreateInviteCodeDialogProps {
  onClose(): void;
  onCreated(code: InviteCode): void;
}

/**
 * The create modal (spec part 1, sections 2, 5, 9): expiration in hours (48 unless changed, at least
 * 1), the route, a description. A missing hours or route shows the spec's alert text, in the dialog
 * (a window.alert would block the page and take the text out of the form it is about).
 */
export function CreateInviteCodeDialog({ onClose, onCreated }: CreateInviteCodeDialogProps) {
  const create = useCreateInviteCode();
  // A failed call is described by the first field (the one the dialog opens on), not by every field.
  const { setIssue, error, errorId, fieldIssue } = useFormIssue<'hours' | 'route'>(
    create.isError ? failureMessage(INVITE_MESSAGES.createFailed, create.error) : null,
    'hours',
  );
  const { register, handleSubmit, setFocus } = useForm<CreateFormValues>({ defaultValues: DEFAULT_CREATE_VALUES });

  const submit = handleSubmit((values) => {
    if (create.isPending) return;
    const problem = validateCreate(values);
    setIssue(problem);
    create.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    create.mutate(createPayload(values, new Date()), { onSuccess: onCreated });
  });

  return (
    <Dialog title={CREATE_DIALOG_TITLE} onClose={onClose}>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          label="Expiration (Hours)"
          type="number"
          inputMode="numeric"
          min={MIN_EXPIRATION_HOURS}
          step={1}
          required
          hint="The code stops working this many hours from now."
          {...fieldIssue('hours')}
          data-autofocus
          {...register('hours')}
        />
        <SelectField label="Route" required {...fieldIssue('route')} {...register('route')}>
          <option value="">Select a route</option>
          {ROUTE_OPTIONS.map((option) => (
            <option key={option.route} value={option.route}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Description (optional)"
          rows={3}
          maxLength={INVITE_DESCRIPTION_MAX_LENGTH}
          {...register('description')}
        />
        <FormError id={errorId} message={error} />
        <div className={formStyles.actions}>
          <SubmitButton busy={create.isPending} busyLabel="Creating…">
            Create
          </SubmitButton>
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
