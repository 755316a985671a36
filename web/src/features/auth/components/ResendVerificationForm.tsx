import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../shared/ui/Alert';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { resendErrorMessage } from '../errors';
import { useResendVerification } from '../hooks/use-email-verification';
import { validateEmail, type EmailValues } from '../validation';

const SENT_FALLBACK = 'Verification email sent. Please check your inbox.';

/** Sends the verification mail again, to the address of the page or one typed here. */
export function ResendVerificationForm({ email }: { email: string }) {
  const resend = useResendVerification();
  const [issue, setIssue] = useState<string | null>(null);
  const messageId = useId();
  const { register, handleSubmit, setFocus } = useForm<EmailValues>({ defaultValues: { email } });

  const submit = handleSubmit((values) => {
    const problem = validateEmail(values);
    setIssue(problem?.message ?? null);
    resend.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    resend.mutate(values.email.trim());
  });

  const error = issue ?? (resend.isError ? resendErrorMessage(resend.error) : null);
  const sent = resend.isSuccess;
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Resend the verification email">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        invalid={!!issue}
        describedBy={error || sent ? messageId : undefined}
        {...register('email')}
      />
      <FormError id={messageId} message={error} />
      {sent && (
        <Alert tone="success" id={messageId}>
          {resend.data.message || SENT_FALLBACK}
        </Alert>
      )}
      <SubmitButton block variant="secondary" busy={resend.isPending} busyLabel="Sending…">
        Resend verification email
      </SubmitButton>
    </form>
  );
}
