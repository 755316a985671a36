import { NAME_MAX_LENGTH } from '@portal/contracts';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/session';
import { Alert } from '../../../shared/ui/Alert';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PageCard } from '../../../shared/ui/PageCard';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { signUpErrorMessage } from '../errors';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate';
import { useSignUp } from '../hooks/use-sign-up';
import { afterSignUpPath, continuePath, REDIRECT_DELAYS_MS, withRedirect } from '../redirects';
import { validateSignUp, type SignUpValues, type ValidationIssue } from '../validation';

const EMPTY: SignUpValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export function SignUpPage() {
  useDocumentTitle('Create your account');
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const { user } = useSession();
  const signUp = useSignUp();
  const delayedNavigate = useDelayedNavigate();
  const [issue, setIssue] = useState<ValidationIssue<keyof SignUpValues> | null>(null);
  const errorId = useId();
  const { register, handleSubmit, setFocus, control } = useForm<SignUpValues>({ defaultValues: EMPTY });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });

  if (user) return <Navigate to={continuePath(redirect)} replace />;

  const onSubmit = handleSubmit((values) => {
    const problem = validateSignUp(values);
    setIssue(problem);
    signUp.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    signUp.mutate(values, {
      onSuccess: () => delayedNavigate(afterSignUpPath(values.email.trim(), redirect), REDIRECT_DELAYS_MS.afterSignUp),
    });
  });

  if (signUp.isSuccess) {
    return (
      <PageCard title="Create your account">
        <Alert tone="success">
          <p>Account created successfully! Please verify your email address to continue.</p>
        </Alert>
        <p>Taking you to email verification…</p>
      </PageCard>
    );
  }

  const error = issue?.message ?? (signUp.isError ? signUpErrorMessage(signUp.error) : null);
  const describedBy = error ? errorId : undefined;

  return (
    <PageCard
      title="Create your account"
      intro="Sign up to manage your services, subscriptions and documents in one place."
      footer={
        <p>
          Already have an account? <Link to={withRedirect(ROUTES.signIn, redirect)}>Sign in</Link>
        </p>
      }
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <div className={formStyles.row}>
          <TextField
            label="First name"
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            required
            invalid={issue?.field === 'firstName'}
            describedBy={issue?.field === 'firstName' ? describedBy : undefined}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            required
            invalid={issue?.field === 'lastName'}
            describedBy={issue?.field === 'lastName' ? describedBy : undefined}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          invalid={issue?.field === 'email' || signUp.isError}
          describedBy={describedBy}
          {...register('email')}
        />
        <NewPasswordFields
          labels={{ password: 'Password', confirm: 'Confirm password' }}
          passwordField={register('password')}
          confirmField={register('confirmPassword')}
          invalidField={issue?.field}
          describedBy={describedBy}
          password={password}
          confirmPassword={confirmPassword}
        />
        <FormError id={errorId} message={error} />
        <SubmitButton block busy={signUp.isPending} busyLabel="Creating account…">
          Create account
        </SubmitButton>
      </form>
    </PageCard>
  );
}
