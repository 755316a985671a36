import { useEffect, useId, useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import type { TwoFactorSetupReply } from '@portal/contracts';
import { useSession } from '../../../shared/session';
import { Alert } from '../../../shared/ui/Alert';
import buttonStyles from '../../../shared/ui/button.module.css';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { QueryLoadError } from '../../../shared/ui/LoadError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor, useTwoFactorStatus } from '../hooks/use-settings';
import styles from '../pages/SettingsPage.module.css';
import {
  copyText,
  recoveryCodesText,
  SETTINGS_MESSAGES,
  settingsErrorMessage,
  twoFactorErrorFields,
  type TwoFactorField,
} from '../settings';
import { BusyButton } from '../../../shared/ui/BusyButton';

const button = `${buttonStyles.button} ${buttonStyles.secondary}`;

/** The QR code of the otpauth URL, drawn in the browser (the secret never leaves it for a QR service). */
function QrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(url, { margin: 1, width: 200 }).then(
      (data) => current && setSrc(data),
      () => current && setSrc(null),
    );
    return () => {
      current = false;
    };
  }, [url]);
  return src ? <img className={styles.qr} src={src} alt="QR code for your authenticator app" /> : null;
}

/** The ten recovery codes, shown once, to copy or download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { user } = useSession();
  // Null until 'Copy codes' is pressed; false when the browser refused to copy.
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = recoveryCodesText(codes, user?.email ?? '');
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div>
      <Alert tone="success">Two-factor authentication is on.</Alert>
      <p>
        Save these recovery codes somewhere safe. Each works once, instead of a code, if you lose your authenticator
        app. They will not be shown again.
      </p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button
          type="button"
          className={button}
          onClick={() => void copyText(text, navigator.clipboard).then(setCopied)}
        >
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <button type="button" className={button} onClick={download}>
          Download codes
        </button>
        <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={onDone}>
          I have saved my codes
        </button>
      </div>
      {copied === false && <Alert tone="error">{SETTINGS_MESSAGES.copyFailed}</Alert>}
    </div>
  );
}

/** The account's password, asked for to turn two-factor on or off. */
function PasswordField(props: {
  value: string;
  onChange(value: string): void;
  describedBy: string | undefined;
  invalid?: boolean;
}) {
  return (
    <TextField
      label="Password"
      type="password"
      autoComplete="current-password"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      invalid={props.invalid}
      describedBy={props.describedBy}
    />
  );
}

/** Scan (or type the secret), then confirm with the password and a first code. */
function Enrol({ setup, enable }: { setup: TwoFactorSetupReply; enable: ReturnType<typeof useEnableTwoFactor> }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enable.reset();
    if (!password) {
      setProblem(SETTINGS_MESSAGES.passwordRequired);
      return;
    }
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setProblem(SETTINGS_MESSAGES.codeRequired);
      return;
    }
    setProblem(null);
    enable.mutate({ password, code });
  };
  const error = problem ?? (enable.isError ? settingsErrorMessage(enable.error) : null);
  const invalid = twoFactorErrorFields(error);
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Set up two-factor authentication">
      <p className={styles.note}>
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the secret key
        into it. Then enter your password and the 6-digit code it shows.
      </p>
      <QrCode url={setup.otpauth_url} />
      <p>
        Secret key:{' '}
        <code className={styles.secret} data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      <PasswordField
        value={password}
        onChange={setPassword}
        invalid={invalid.includes('password')}
        describedBy={error ? errorId : undefined}
      />
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        invalid={invalid.includes('code')}
        describedBy={error ? errorId : undefined}
      />
      <FormError id={errorId} message={error} />
      <SubmitButton busy={enable.isPending} busyLabel="Turning on…">
        Turn on
      </SubmitButton>
    </form>
  );
}

/** Off: the password and a current code (or a recovery code). */
function Disable() {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // The fields the form's own check found empty at the last submit: the message is about them.
  const [missing, setMissing] = useState<TwoFactorField[]>([]);
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.reset();
    const empty: TwoFactorField[] = [
      ...(password ? [] : ['password' as const]),
      ...(code.trim() ? [] : ['code' as const]),
    ];
    setMissing(empty);
    if (empty.length === 0) disable.mutate({ password, code });
  };
  const serverError = disable.isError ? settingsErrorMessage(disable.error) : null;
  const error = missing.length > 0 ? SETTINGS_MESSAGES.disableRequired : serverError;
  const invalid = missing.length > 0 ? missing : twoFactorErrorFields(serverError);
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Turn off two-factor authentication">
      <PasswordField
        value={password}
        onChange={setPassword}
        invalid={invalid.includes('password')}
        describedBy={error ? errorId : undefined}
      />
      <TextField
        label="Authentication or recovery code"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        invalid={invalid.includes('code')}
        describedBy={error ? errorId : undefined}
      />
      <FormError id={errorId} message={error} />
      <SubmitButton busy={disable.isPending} busyLabel="Turning off…" variant="secondary">
        Turn off two-factor authentication
      </SubmitButton>
    </form>
  );
}

/** /settings, Two-factor authentication: its state, setting it up, the recovery codes once, turning it off. */
export function TwoFactorSection({ required }: { required: boolean }) {
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  // Here, not in Enrol: the status turns to "on" with the same reply, and Enrol goes away with it.
  const enable = useEnableTwoFactor();

  if (enable.data) {
    return (
      <RecoveryCodes
        codes={enable.data.recovery_codes}
        onDone={() => {
          enable.reset();
          setup.reset();
        }}
      />
    );
  }
  if (status.isPending) return <p className={styles.note}>Loading…</p>;
  // Only when nothing was loaded: a failed refresh must not take away a set-up or a code being typed.
  if (status.isLoadingError) return <QueryLoadError query={status} message={SETTINGS_MESSAGES.statusFailed} />;

  if (status.data.enabled) {
    const since = status.data.enabled_at ? new Date(status.data.enabled_at).toLocaleDateString() : null;
    return (
      <>
        <p className={styles.note}>
          Two-factor authentication is on{since ? ` since ${since}` : ''}. {status.data.recovery_codes_left} recovery
          codes left.
        </p>
        <Disable />
      </>
    );
  }
  return (
    <>
      {required && <Alert tone="info">{SETTINGS_MESSAGES.adminMustEnrol}</Alert>}
      <p className={styles.note}>
        Two-factor authentication is off. With it on, signing in asks for a code from an authenticator app on your phone
        as well as your password.
      </p>
      {setup.data ? (
        <Enrol setup={setup.data} enable={enable} />
      ) : (
        <>
          {setup.isError && <Alert tone="error">{settingsErrorMessage(setup.error)}</Alert>}
          <BusyButton
            className={`${buttonStyles.button} ${buttonStyles.primary}`}
            busy={setup.isPending}
            onClick={() => setup.mutate()}
          >
            Set up two-factor authentication
          </BusyButton>
        </>
      )}
    </>
  );
}
