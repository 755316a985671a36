import { useId } from 'react';
import { BusyButton } from '../../../shared/ui/BusyButton';
import buttonStyles from '../../../shared/ui/button.module.css';
import { Dialog } from '../../../shared/ui/Dialog';
import { FormError } from '../../../shared/ui/FormError';
import styles from './Documents.module.css';

interface ConfirmFileDialogProps {
  /** 'Delete file', 'Replace file': the dialog's name and its confirming button's first word. */
  title: string;
  /** What will happen to which file. */
  description: string;
  /** The confirming button: 'Delete', 'Replace'. */
  confirmLabel: string;
  /** What that button says while the change runs ('Deleting…'). */
  busyLabel?: string;
  busy?: boolean;
  /** Why the change failed, when it did. */
  error?: string | null;
  onConfirm(): void;
  onClose(): void;
}

/**
 * The question a change to a file asks first (a delete, spec part 2, sections 4 and 5; an upload that
 * replaces a library file): Cancel, which has the focus, or the change.
 */
export function ConfirmFileDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  busy = false,
  error = null,
  onConfirm,
  onClose,
}: ConfirmFileDialogProps) {
  const errorId = useId();
  return (
    <Dialog title={title} description={description} onClose={onClose} closeOnBackdropClick>
      <FormError id={errorId} message={error} />
      <div className={styles.dialogActions}>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          onClick={onClose}
          data-autofocus
        >
          Cancel
        </button>
        <BusyButton
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
          busy={busy}
          busyLabel={busyLabel}
          aria-describedby={error ? errorId : undefined}
          onClick={onConfirm}
        >
          {confirmLabel}
        </BusyButton>
      </div>
    </Dialog>
  );
}
