import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { BusyButton } from './BusyButton';
import buttonStyles from './button.module.css';
import formStyles from './form.module.css';
import { useHydrated } from './use-hydrated';

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> {
  /**
   * The submit is under way: the button says `busyLabel`, is marked aria-busy and aria-disabled, and
   * sends nothing when pressed.
   */
  busy: boolean;
  /** What the button says while busy ('Sending…', 'Submitting...'). */
  busyLabel: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
  /** As wide as the form (single-column forms). */
  block?: boolean;
  /** Nothing to send yet (a captcha not solved): aria-disabled and focusable, as BusyButton's. */
  unavailable?: boolean;
}

/**
 * A form's submit button; a second submit cannot start while the first is under way.
 *
 * While busy it is aria-disabled, not disabled, so it keeps the focus (BusyButton). Its click is
 * cancelled instead, which also cancels the implicit submission of Enter in a field (the browser sends
 * that as a click on this, the form's default button).
 *
 * Disabled in prerendered HTML until the page has hydrated. Before that the form has no submit
 * handler: the browser would send it itself, as a GET to the page's own URL — the sign-in form's
 * password in the address bar, the history and the server's request log. A disabled default button
 * also stops the browser's implicit submission (Enter in a field). Rendered in the browser from
 * scratch, it is enabled at once.
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  variant = 'primary',
  block = false,
  disabled,
  className,
  ...button
}: SubmitButtonProps) {
  const hydrated = useHydrated();
  const classes = [buttonStyles.button, buttonStyles[variant], block && formStyles.submit, className];
  return (
    <BusyButton
      type="submit"
      className={classes.filter(Boolean).join(' ')}
      busy={busy}
      busyLabel={busyLabel}
      disabled={!hydrated || disabled}
      {...button}
    >
      {children}
    </BusyButton>
  );
}
