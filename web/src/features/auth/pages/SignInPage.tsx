import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/session';
import { Alert } from '../../../shared/ui/Alert';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { useHydrated } from '../../../shared/ui/use-hydrated';
import { PageCard } from '../../../shared/ui/PageCard';
import cardStyles from '../../../shared/ui/PageCard.module.css';
import { AUTH_MESSAGES, signInErrorMessage } from '../errors';
import { TwoFactorStep } from '../components/TwoFactorStep';
import { useSignIn, type SignedIn } from '../hooks/use-sign-in';
import { TWO_FACTOR_SETUP_PATH } from '../../settings/components/TwoFactorGate';
import { afterSignInPath, continuePath, withRedirect } from '../redirects';
import { validateSignIn, type SignInValues, type ValidationIssue } from '../validation';

const NO_PARAMS = new URLSearchParams();

export function SignInPage() {
  useDocumentTitle('Sign in');
  // The page is prerendered without a query: what the query says (a redirect, a notice) shows once hydrated.
  const [searchParams] = useSearchParams();
  const params = useHydrated() ? searchParams : NO_PARAMS;
  const redirect = params.get('redirect');
  const { user, current } = useSession();
  // Only a visitor who was signed in on arrival is sent on; one who signs in here goes where
  // afterSignInPath says (an unverified user to verify first). Read from the store itself: while the
  // prerendered page hydrates, `user` is still the HTML's (nobody signed in).
  const [signedInOnArrival] = useState(() => current().user !== null);
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [issue, setIssue] = useState<ValidationIssue<keyof SignInValues> | null>(null);
  // The code step, once the password step answered a challenge (two-factor on).
  const [challenge, setChallenge] = useState<string | null>(null);
  const [restarted, setRestarted] = useState<string | null>(null);
  const errorId = useId();
  const { register, handleSubmit, setFocus } = useForm<SignInValues>({ defaultValues: { email: '', password: '' } });

  if (signedInOnArrival && user) return <Navigate to={continuePath(redirect)} replace />;

  // An admin without two-factor sets it up first; everyone else goes on as before.
  const goOn = ({ user: signedIn, mustSetUpTwoFactor }: SignedIn) =>
    void navigate(mustSetUpTwoFactor ? TWO_FACTOR_SETUP_PATH : afterSignInPath(signedIn, redirect), { replace: true });

  const onSubmit = handleSubmit((values) => {
    const problem = validateSignIn(values);
    setIssue(problem);
    signIn.reset();
    if (problem) {
      setFocus(problem.field);
      return;
    }
    setRestarted(null);
    signIn.mutate(values, {
      onSuccess: (outcome) => (outcome.kind === 'two-factor' ? setChallenge(outcome.challenge) : goOn(outcome)),
    });
  });

  const error = issue?.message ?? restarted ?? (signIn.isError ? signInErrorMessage(signIn.error) : null);
  const invalid = (field: keyof SignInValues) => issue?.field === field || (signIn.isError && !issue);

  return (
    <PageCard
      title="Sign in"
      intro="Welcome back. Sign in to your client portal."
      footer={
        <p>
          Don&apos;t have an account? <Link to={withRedirect(ROUTES.signUp, redirect)}>Sign up</Link>
        </p>
      }
    >
      {params.get('session_expired') === 'true' && <Alert tone="info">{AUTH_MESSAGES.sessionExpired}</Alert>}
      {params.get('password_reset') === 'true' && (
        <Alert tone="success">Your password has been reset. Please sign in with your new password.</Alert>
      )}
      {challenge ? (
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={goOn}
          onRestart={(message) => {
            setChallenge(null);
            setRestarted(message);
          }}
        />
      ) : (
        <form className={formStyles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            invalid={invalid('email')}
            describedBy={error ? errorId : undefined}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            invalid={invalid('password')}
            describedBy={error ? errorId : undefined}
            {...register('password')}
          />
          <Link to={ROUTES.forgotPassword} className={cardStyles.aside}>
            Forgot password?
          </Link>
          <FormError id={errorId} message={error} />
          <SubmitButton block busy={signIn.isPending} busyLabel="Signing in…">
            Sign in
          </SubmitButton>
        </form>
      )}
    </PageCard>
  );
}
