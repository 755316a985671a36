import { useEffect, useId, useReducer, useRef, type FormEvent } from 'react';
import { ApiError, serverDetail } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import formStyles from '../../../shared/ui/form.module.css';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { subscribeToDeadlineAlerts } from '../api';
import { captchaQuestion, newCaptcha } from '../captcha';
import { canSubmit, initialSignupState, SIGNUP_MESSAGE_MS, signupReducer } from '../signup-state';
import styles from './DeadlineAlerts.module.css';

/** The e-mail sign-up with its captcha; the states are those of signupReducer. */
export function DeadlineSignupForm() {
  const [state, dispatch] = useReducer(signupReducer, undefined, () => initialSignupState(newCaptcha()));
  const messageId = useId();
  const answerRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state.status !== 'success' && state.status !== 'error') return;
    const timer = window.setTimeout(() => dispatch({ type: 'clear' }), SIGNUP_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [state.status, state.message]);

  useEffect(() => {
    if (state.status !== 'error') return;
    if (state.field === 'email') emailRef.current?.focus();
    if (state.field === 'answer') answerRef.current?.focus();
  }, [state.status, state.field, state.message]);

  useEffect(() => {
    if (state.status !== 'sending') return;
    let current = true;
    subscribeToDeadlineAlerts(state.email).then(
      () => current && dispatch({ type: 'succeeded', next: newCaptcha() }),
      (error: unknown) => {
        // The server's detail where it gave one (spec part 2, section 8), else the spec's words.
        const detail = error instanceof ApiError ? serverDetail(error) : undefined;
        if (current) dispatch({ type: 'failed', message: detail, next: newCaptcha() });
      },
    );
    return () => {
      current = false;
    };
  }, [state.status, state.email]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch({ type: 'submit', next: newCaptcha() });
  }

  const describedBy = (field: 'email' | 'answer') =>
    state.status === 'error' && (state.field === field || state.field === null) ? messageId : undefined;

  return (
    <form className={`${formStyles.form} ${styles.form}`} onSubmit={submit} noValidate aria-label="Deadline alerts">
      <TextField
        ref={emailRef}
        label="Business email"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@company.com"
        required
        readOnly={state.status === 'sending'}
        value={state.email}
        invalid={state.status === 'error' && state.field === 'email'}
        describedBy={describedBy('email')}
        onChange={(event) => dispatch({ type: 'edit-email', email: event.target.value })}
      />
      <TextField
        ref={answerRef}
        label={captchaQuestion(state.captcha)}
        hint="Solve the math problem to show you are a person."
        inputMode="numeric"
        name="captcha"
        autoComplete="off"
        required
        value={state.answer}
        invalid={state.status === 'error' && state.field === 'answer'}
        describedBy={describedBy('answer')}
        onChange={(event) => dispatch({ type: 'edit-answer', answer: event.target.value })}
      />
      {state.status === 'error' && (
        <Alert tone="error" id={messageId}>
          {state.message}
        </Alert>
      )}
      {state.status === 'success' && <Alert tone="success">{state.message}</Alert>}
      <div className={formStyles.actions}>
        {/* Unavailable, not disabled, until the captcha is answered: after a sign-up the answer is cleared
            while the button has the focus, and a disabled button would drop it to the page body. */}
        <SubmitButton busy={state.status === 'sending'} busyLabel="Subscribing…" unavailable={!canSubmit(state)}>
          Subscribe
        </SubmitButton>
      </div>
    </form>
  );
}
