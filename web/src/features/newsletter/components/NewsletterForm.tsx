import { useEffect, useId, useReducer, type FormEvent } from 'react';
import { ApiError, serverDetail } from '../../../shared/api';
import { Field } from '../../../shared/ui/Field';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { subscribeToNewsletter } from '../api';
import { canSubmit, initialNewsletterState, NEWSLETTER_MESSAGE_MS, newsletterReducer } from '../newsletter-state';
import styles from './NewsletterForm.module.css';

/**
 * The footer's newsletter sign-up (spec part 1, sections 4 and 5). One field with the browser's own
 * required and e-mail checks; the states are those of newsletterReducer.
 */
export function NewsletterForm() {
  const [state, dispatch] = useReducer(newsletterReducer, initialNewsletterState);
  const messageId = useId();

  useEffect(() => {
    if (state.status !== 'success' && state.status !== 'error') return;
    const timer = window.setTimeout(() => dispatch({ type: 'clear' }), NEWSLETTER_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [state.status, state.message]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit(state)) return;
    dispatch({ type: 'submit' });
    try {
      await subscribeToNewsletter(state.email);
      dispatch({ type: 'succeeded' });
    } catch (error) {
      // A rate limit's detail says when to try again; any other failure gets the spec's text.
      const detail = error instanceof ApiError && error.status === 429 ? serverDetail(error) : undefined;
      dispatch({ type: 'failed', message: detail });
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-label="Newsletter">
      <Field
        label="Get tax deadlines and tips in your inbox"
        tone="inverse"
        describedBy={state.message ? messageId : undefined}
      >
        {(control) => (
          <div className={styles.row}>
            <input
              {...control}
              className={`${control.className} ${styles.input}`}
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@company.com"
              required
              value={state.email}
              onChange={(event) => dispatch({ type: 'edit', email: event.target.value })}
            />
            <SubmitButton busy={state.status === 'loading'} busyLabel="Subscribing…" className={styles.button}>
              Subscribe
            </SubmitButton>
          </div>
        )}
      </Field>
      {/* Success and failure share one line, which keeps its height: the footer does not jump. */}
      <p
        id={messageId}
        className={state.status === 'error' ? `${styles.message} ${styles.error}` : styles.message}
        role={state.status === 'error' ? 'alert' : 'status'}
      >
        {state.message}
      </p>
    </form>
  );
}
