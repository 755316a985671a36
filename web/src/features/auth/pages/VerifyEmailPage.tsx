import { useCallback, useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/session';
import { Alert } from '../../../shared/ui/Alert';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { PageCard } from '../../../shared/ui/PageCard';
import { ResendVerificationForm } from '../components/ResendVerificationForm';
import styles from '../components/VerifyEmail.module.css';
import { VerifyCodeForm } from '../components/VerifyCodeForm';
import { AUTH_MESSAGES, confirmErrorMessage } from '../errors';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate';
import { useConfirmEmail, useVerificationStatus } from '../hooks/use-email-verification';
import { useTokenOutOfAddress } from '../hooks/use-token-out-of-address';
import { continuePath, emailFromQuery, REDIRECT_DELAYS_MS, verificationTokenFrom, withRedirect } from '../redirects';

const TITLE = 'Verify your email';
const VERIFIED = 'Email verified successfully!';

/**
 * /verify-email?email=...&token=...&redirect=... (spec part 1, sections 2 and 4). It first checks
 * whether the address is already verified; otherwise a token in the link (query or #token=) verifies at
 * once, and the visitor can paste the code from the mail or have it sent again.
 */
export function VerifyEmailPage() {
  useDocumentTitle(TITLE);
  const location = useLocation();
  const [params] = useSearchParams();
  const { user } = useSession();
  const email = emailFromQuery(params.get('email')) || user?.email || '';
  const redirect = params.get('redirect');
  const token = verificationTokenFrom(location.search, location.hash);

  const status = useVerificationStatus(email, !!token);
  const confirm = useConfirmEmail(email);
  const delayedNavigate = useDelayedNavigate();
  const autoConfirmStarted = useRef(false);

  const statusSettled = !email || !status.isPending;
  const alreadyVerified = status.data?.is_verified === true || confirm.data?.already_verified === true;

  const verify = useCallback(
    (code: string) =>
      confirm.mutate(code, {
        onSuccess: (reply) => {
          if (!reply.already_verified) delayedNavigate(continuePath(redirect), REDIRECT_DELAYS_MS.afterVerification);
        },
      }),
    [confirm, delayedNavigate, redirect],
  );

  useEffect(() => {
    if (!token || autoConfirmStarted.current || !statusSettled || alreadyVerified) return;
    autoConfirmStarted.current = true;
    verify(token);
  }, [token, statusSettled, alreadyVerified, verify]);
  // The link's token has done its work (used, refused, or not needed): out of the address bar.
  useTokenOutOfAddress(alreadyVerified || confirm.isSuccess || confirm.isError);

  if (confirm.isSuccess && !confirm.data.already_verified) {
    return (
      <PageCard title={TITLE}>
        <Alert tone="success">{VERIFIED}</Alert>
        <p>
          Taking you on… <Link to={continuePath(redirect)}>Continue now</Link>
        </p>
      </PageCard>
    );
  }

  if (alreadyVerified) {
    return (
      <PageCard title={TITLE}>
        <Alert tone="success">{AUTH_MESSAGES.alreadyVerified}</Alert>
        {user ? (
          <ButtonLink to={continuePath(redirect)}>Continue</ButtonLink>
        ) : (
          <ButtonLink to={withRedirect(ROUTES.signIn, redirect)}>Sign in</ButtonLink>
        )}
      </PageCard>
    );
  }

  const verifying = confirm.isPending || (!!token && confirm.isIdle);
  if (verifying || !statusSettled) {
    return (
      <PageCard title={TITLE}>
        <p role="status" className={styles.busy}>
          {verifying ? 'Verifying your email…' : 'Checking your verification status…'}
        </p>
      </PageCard>
    );
  }

  return (
    <PageCard
      title={TITLE}
      footer={
        user ? undefined : (
          <p>
            Already verified? <Link to={withRedirect(ROUTES.signIn, redirect)}>Sign in</Link>
          </p>
        )
      }
    >
      {status.isError && <Alert tone="error">{AUTH_MESSAGES.statusCheckFailed}</Alert>}
      {email ? (
        <Alert tone="info">
          {status.data?.mailRequested
            ? 'We have just sent a verification email to '
            : 'A verification email has already been sent to '}
          <strong>{email}</strong>. Open the link in it, or enter the verification code it contains below.
        </Alert>
      ) : (
        <p>Enter the verification code from the verification email we sent you.</p>
      )}
      <VerifyCodeForm
        onSubmit={verify}
        pending={confirm.isPending}
        error={confirm.isError ? confirmErrorMessage(confirm.error) : null}
      />
      <h2 className={styles.subheading}>Didn&apos;t get the email?</h2>
      <ResendVerificationForm email={email} />
    </PageCard>
  );
}
