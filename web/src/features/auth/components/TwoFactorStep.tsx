import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES } from '@portal/contracts';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { codeRefused, twoFactorErrorMessage } from '../errors';
import { useVerifyTwoFactor, type SignedIn } from '../hooks/use-sign-in';
import styles from './TwoFactorStep.module.css';

interface TwoFactorStepProps {
  challenge: string;
  onSignedIn(signedIn: SignedIn): void;
  /** The challenge expired or was used: back to the password step, saying so. */
  onRestart(message: string): void;
}

/** The sign-in's code step: a code of the authenticator app, or a recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const verify = useVerifyTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => input.current?.focus(), [recovery]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.reset();
    if (!code.trim()) {
      setProblem(TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setProblem(null);
    verify.mutate(
      { challenge, code },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const message = twoFactorErrorMessage(error);
          if (message === TWO_FACTOR_MESSAGES.invalidChallenge) onRestart(message);
          else if (codeRefused(error)) setCode('');
        },
      },
    );
  };

  const error = problem ?? (verify.isError ? twoFactorErrorMessage(verify.error) : null);
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Two-factor authentication">
      <p>
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <TextField
        ref={input}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      <button
        type="button"
        className={styles.toggle}
        onClick={() => {
          setRecovery(!recovery);
          setCode('');
          setProblem(null);
          verify.reset();
        }}
      >
        {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
      </button>
      <FormError id={errorId} message={error} />
      <SubmitButton block busy={verify.isPending} busyLabel="Verifying…">
        Verify
      </SubmitButton>
    </form>
  );
}
