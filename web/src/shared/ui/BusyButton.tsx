import type { ComponentPropsWithRef, ReactNode } from 'react';

export interface BusyButtonProps extends ComponentPropsWithRef<'button'> {
  /** Its action is under way: marked aria-busy and aria-disabled, presses ignored, `busyLabel` shown. */
  busy: boolean;
  /** What it says while busy ('Deleting…'); its children if none is given. */
  busyLabel?: ReactNode;
  /**
   * It cannot act now (no page further that way, a captcha not solved yet): aria-disabled, presses
   * ignored, and focusable, unlike `disabled`, so a button that becomes unavailable while focused keeps
   * the focus.
   */
  unavailable?: boolean;
}

/**
 * A button whose action takes a while (a download, a sign-out, a confirmation in a dialog). While busy
 * it is aria-disabled, not disabled: a focused button that becomes disabled loses the focus, which falls
 * to the page body, and a keyboard or screen-reader user starts over from the top of the page. Its
 * presses are cancelled instead, so the action cannot start twice once the busy state has rendered (a
 * press before that is the caller's to ignore; see useInFlight). `disabled` still disables
 * it when it is not busy (nothing to do).
 */
export function BusyButton({
  busy,
  busyLabel,
  unavailable = false,
  type = 'button',
  disabled,
  onClick,
  children,
  ...button
}: BusyButtonProps) {
  return (
    <button
      type={type}
      disabled={Boolean(disabled) && !busy}
      aria-disabled={busy || unavailable || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy || unavailable) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...button}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
