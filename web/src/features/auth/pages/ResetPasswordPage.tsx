import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { Alert } from '../../../shared/ui/Alert';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PageCard } from '../../../shared/ui/PageCard';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { AUTH_MESSAGES, resetPasswordErrorMessage } from '../errors';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate';
import { useResetPassword } from '../hooks/use-password-reset';
import { useTokenOutOfAddress } from '../hooks/use-token-out-of-address';
import { AFTER_PASSWORD_RESET_PATH, REDIRECT_DELAYS_MS } from '../redirects';
import { validateReset, type ResetValues, type ValidationIssue } from '../validation';

const RESET_FALLBACK = 'Your password has been reset successfully.';

/** Where the page keeps the link's token once it is out of the address bar (the history entry's state). */
interface ResetState {
  resetToken?: string;
}

function tokenOf(state: unknown): string {
  const token = (state as ResetState | null)?.resetToken;
  return typeof token === 'string' ? token : '';
}

export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token')?.trim() || tokenOf(location.state);
  // The token stays with this history entry (a reload keeps it), out of third-party scripts' sight.
  const keep = useMemo<ResetState>(() => ({ resetToken: token }), [token]);
  useTokenOutOfAddress(token !== '', keep);
  const resetPassword = useResetPassword();
  const delayedNavigate = useDelayedNavigate();
  const [issue, setIssue] = useState<ValidationIssue<keyof ResetValues> | null>(null);
  const errorId = useId();
  const { register, handleSubmit, setFocus, control } = useForm<ResetValues>({
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });

  const requestNewLink = (
    <p>
      <Link to={ROUTES.forgotPassword}>Request a new password reset</Link>
    </p>
  );

  if (!token) {
    return (
      <PageCard title="Reset password" footer={requestNewLink}>
        <Alert tone="error">{AUTH_MESSAGES.resetTokenMissing}</Alert>
      </PageCard>
    );
  }

  if (resetPassword.isSuccess) {
    return (
      <PageCard title="Reset password">
        <Alert tone="success">{resetPassword.data.message || RESET_FALLBACK}</Alert>
        <p>Taking you to sign in…</p>
      </PageCard>
    );
  }

  const onSubmit = handleSubmit((values) => {
    const problem = validateReset(values);
    setIssue(problem);
    resetPassword.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    resetPassword.mutate(
      { token, password: values.password },
      { onSuccess: () => delayedNavigate(AFTER_PASSWORD_RESET_PATH, REDIRECT_DELAYS_MS.afterPasswordReset) },
    );
  });

  const error = issue?.message ?? (resetPassword.isError ? resetPasswordErrorMessage(resetPassword.error) : null);
  const describedBy = error ? errorId : undefined;

  return (
    <PageCard
      title="Reset password"
      intro="Choose a new password for your account."
      footer={resetPassword.isError && !issue ? requestNewLink : undefined}
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
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
        <SubmitButton block busy={resetPassword.isPending} busyLabel="Resetting…">
          Reset password
        </SubmitButton>
      </form>
    </PageCard>
  );
}
