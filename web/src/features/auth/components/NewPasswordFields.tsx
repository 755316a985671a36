import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../shared/ui/TextField';
import { PasswordChecklist } from './PasswordChecklist';

interface NewPasswordFieldsProps {
  labels: { password: string; confirm: string };
  /** The registered fields (`register('password')`, `register('confirmPassword')`). */
  passwordField: UseFormRegisterReturn;
  confirmField: UseFormRegisterReturn;
  /** The field the current validation issue is about, if any. */
  invalidField?: string;
  /** Id of the form's error message, when one shows. */
  describedBy?: string;
  password: string;
  confirmPassword: string;
}

/** A new password, its confirmation and the live checklist (sign-up and password reset). */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const checklistId = useId();
  return (
    <>
      <TextField
        label={props.labels.password}
        type="password"
        autoComplete="new-password"
        invalid={props.invalidField === 'password'}
        describedBy={[checklistId, props.describedBy].filter(Boolean).join(' ')}
        {...props.passwordField}
      />
      <TextField
        label={props.labels.confirm}
        type="password"
        autoComplete="new-password"
        invalid={props.invalidField === 'confirmPassword'}
        describedBy={props.describedBy}
        {...props.confirmField}
      />
      <PasswordChecklist id={checklistId} password={props.password} confirmPassword={props.confirmPassword} />
    </>
  );
}
