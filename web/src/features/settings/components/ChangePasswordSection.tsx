import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../shared/ui/Alert';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { NewPasswordFields } from '../../auth/components/NewPasswordFields';
import { meetsPasswordRule } from '../../auth/validation';
import { useChangePassword } from '../hooks/use-settings';
import { SETTINGS_MESSAGES, settingsErrorMessage } from '../settings';

interface Values {
  current: string;
  password: string;
  confirmPassword: string;
}

type Issue = { message: string; field: keyof Values } | null;

function validate(values: Values): Issue {
  if (!values.current) return { message: SETTINGS_MESSAGES.currentRequired, field: 'current' };
  if (!values.password) return { message: SETTINGS_MESSAGES.newRequired, field: 'password' };
  if (!meetsPasswordRule(values.password)) return { message: SETTINGS_MESSAGES.passwordRule, field: 'password' };
  if (values.password !== values.confirmPassword) {
    return { message: SETTINGS_MESSAGES.passwordsDoNotMatch, field: 'confirmPassword' };
  }
  return null;
}

/** /settings, Change password: the current one and a new one by the spec's rules; other sessions end. */
export function ChangePasswordSection() {
  const change = useChangePassword();
  const [issue, setIssue] = useState<Issue>(null);
  const [done, setDone] = useState<string | null>(null);
  const errorId = useId();
  const { register, handleSubmit, setFocus, control, reset } = useForm<Values>({
    defaultValues: { current: '', password: '', confirmPassword: '' },
  });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });

  const submit = handleSubmit((values) => {
    const problem = validate(values);
    setIssue(problem);
    setDone(null);
    change.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    change.mutate(
      { current: values.current, next: values.password },
      {
        onSuccess: (reply) => {
          setDone(reply.message);
          reset();
        },
      },
    );
  });

  const error = issue?.message ?? (change.isError ? settingsErrorMessage(change.error) : null);
  const describedBy = error ? errorId : undefined;
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Change password">
      {done && <Alert tone="success">{done}</Alert>}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        invalid={issue?.field === 'current'}
        describedBy={describedBy}
        {...register('current')}
      />
      <NewPasswordFields
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
        passwordField={register('password')}
        confirmField={register('confirmPassword')}
        invalidField={issue?.field}
        describedBy={describedBy}
        password={password}
        confirmPassword={confirmPassword}
      />
      <FormError id={errorId} message={error} />
      <SubmitButton busy={change.isPending} busyLabel="Changing…">
        Change password
      </SubmitButton>
    </form>
  );
}
