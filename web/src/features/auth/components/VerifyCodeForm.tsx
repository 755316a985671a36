import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { validateCode, type CodeValues } from '../validation';

interface VerifyCodeFormProps {
  onSubmit(code: string): void;
  pending: boolean;
  /** The message of a failed confirmation, from the error catalogue. */
  error: string | null;
}

/** The code from the verification mail, pasted by hand. */
export function VerifyCodeForm({ onSubmit, pending, error }: VerifyCodeFormProps) {
  const [issue, setIssue] = useState<string | null>(null);
  const errorId = useId();
  const { register, handleSubmit, setFocus } = useForm<CodeValues>({ defaultValues: { code: '' } });

  const submit = handleSubmit((values) => {
    const problem = validateCode(values);
    setIssue(problem?.message ?? null);
    if (problem) {
      setFocus(problem.field);
      return;
    }
    onSubmit(values.code.trim());
  });

  const message = issue ?? error;
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Verify with a code">
      <TextField
        label="Verification code"
        autoComplete="one-time-code"
        spellCheck={false}
        invalid={!!message}
        describedBy={message ? errorId : undefined}
        {...register('code')}
      />
      <FormError id={errorId} message={message} />
      <SubmitButton block busy={pending} busyLabel="Verifying…">
        Verify email
      </SubmitButton>
    </form>
  );
}
