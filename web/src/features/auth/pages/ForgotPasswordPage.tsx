import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { Alert } from '../../../shared/ui/Alert';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PageCard } from '../../../shared/ui/PageCard';
import { forgotPasswordErrorMessage } from '../errors';
import { useRequestPasswordReset } from '../hooks/use-password-reset';
import { validateEmail, type EmailValues, type ValidationIssue } from '../validation';

// Shown when the server's reply carries no text of its own.
const SENT_FALLBACK = 'If an account exists for this email, we have sent a link to reset your password.';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const requestReset = useRequestPasswordReset();
  const [issue, setIssue] = useState<ValidationIssue<keyof EmailValues> | null>(null);
  const errorId = useId();
  const { register, handleSubmit, setFocus } = useForm<EmailValues>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => {
    const problem = validateEmail(values);
    setIssue(problem);
    requestReset.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    requestReset.mutate(values.email.trim());
  });

  const footer = (
    <p>
      Remembered it? <Link to={ROUTES.signIn}>Back to sign in</Link>
    </p>
  );

  if (requestReset.isSuccess) {
    return (
      <PageCard title="Check your email" footer={footer}>
        <Alert tone="success">{requestReset.data.message || SENT_FALLBACK}</Alert>
        <p>The link in the email is valid for a limited time. If nothing arrives, check your spam folder.</p>
      </PageCard>
    );
  }

  const error = issue?.message ?? (requestReset.isError ? forgotPasswordErrorMessage(requestReset.error) : null);

  return (
    <PageCard
      title="Forgot password"
      intro="Enter the email address of your account and we will send you a link to reset your password."
      footer={footer}
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          invalid={!!issue}
          describedBy={error ? errorId : undefined}
          {...register('email')}
        />
        <FormError id={errorId} message={error} />
        <SubmitButton block busy={requestReset.isPending} busyLabel="Sending…">
          Send reset link
        </SubmitButton>
      </form>
    </PageCard>
  );
}
