import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import styles from './Dialog.module.css';

interface DialogProps {
  /** The heading, which names the dialog. */
  title: string;
  /** A sentence under the title that describes the dialog (aria-describedby). */
  description?: ReactNode;
  /** Escape, the close button (and the backdrop, when allowed) ask the owner to close it. */
  onClose(): void;
  /**
   * A click on the backdrop closes it. Off by default: a dialog that holds a form must not throw the
   * typing away on a stray click.
   */
  closeOnBackdropClick?: boolean;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * The app's one modal dialog: a native <dialog> opened with showModal(), so the rest of the page is
 * inert while it is open; it is open while it is rendered. Tab cycles within it (also past its last
 * element, where the browser would leave the page), Escape (the dialog's cancel event) and the close
 * button ask `onClose`, and when it goes the focus returns to what had it before (the opener). The
 * element marked data-autofocus takes the focus when it opens; without one, the browser's choice. When
 * a change of its content removes the focused element, the focus goes to the element marked
 * data-autofocus then, or to the dialog itself (named by its title).
 */
export function Dialog({ title, description, onClose, closeOnBackdropClick = false, children }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const autofocus = () => element.querySelector<HTMLElement>('[data-autofocus]');
    if (!element.open) element.showModal();
    autofocus()?.focus();
    // Content that replaces the focused element (a form by its success message) would leave the focus on
    // the document, where a keyboard or screen reader user is nowhere: it goes back into the dialog.
    const keepFocus = new MutationObserver(() => {
      if (element.open && !element.contains(document.activeElement)) (autofocus() ?? element).focus();
    });
    keepFocus.observe(element, { childList: true, subtree: true });
    return () => {
      keepFocus.disconnect();
      element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Closing goes through onClose, so that the owner's state (which renders the dialog) follows.
  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onClose();
  }

  // The dialog element itself is hit only outside its content box, on the backdrop. Press and release
  // must both be there: a text selection dragged out of a field does not close it.
  function onMouseDown(event: MouseEvent<HTMLDialogElement>) {
    pressedOnBackdrop.current = event.target === dialog.current;
  }

  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (closeOnBackdropClick && pressedOnBackdrop.current && event.target === dialog.current) onClose();
  }

  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    // The dialog itself has the focus after its content changed: Shift+Tab goes to its last element too.
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <dialog
      ref={dialog}
      tabIndex={-1}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={onCancel}
      onMouseDown={onMouseDown}
      onClick={onClick}
      onKeyDown={trapTab}
    >
      <div className={styles.content}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {description && (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        )}
        {children}
      </div>
    </dialog>
  );
}
