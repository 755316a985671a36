import type { ButtonHTMLAttributes, ReactNode } from 'react';
import buttonStyles from './button.module.css';
import formStyles from './form.module.css';

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> {
  /** The submit is under way: the button is disabled, says `busyLabel` and is marked aria-busy. */
  busy: boolean;
  /** What the button says while busy ('Sending…', 'Submitting...'). */
  busyLabel: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
  /** As wide as the form (single-column forms). */
  block?: boolean;
}

/** A form's submit button; a second submit cannot start while the first is under way. */
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
  const classes = [buttonStyles.button, buttonStyles[variant], block && formStyles.submit, className];
  return (
    <button
      type="submit"
      className={classes.filter(Boolean).join(' ')}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      {...button}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
