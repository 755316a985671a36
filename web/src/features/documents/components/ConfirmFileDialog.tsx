import { useId } from 'react';
import buttonStyles from '../../../shared/ui/button.module.css';
import { Dialog } from '../../../shared/ui/Dialog';
import { FormError } from '../../../shared/ui/FormError';
import { DASHBOARD_MESSAGES } from '../files';
import styles from './Documents.module.css';
import { BusyButton } from '../../../shared/ui/BusyButton';

interface DeleteFileDialogProps {
  name: string;
  busy: boolean;
  /** The spec's delete failure text, when the delete failed. */
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** The confirmation every delete needs first (spec part 2, sections 4 and 5). */
export function DeleteFileDialog({ name, busy, error, onConfirm, onClose }: DeleteFileDialogProps) {
  const errorId = useId();
  return (
    <Dialog
      title="Delete file"
      description={DASHBOARD_MESSAGES.confirmDelete(name)}
      onClose={onClose}
      closeOnBackdropClick
    >
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
          busyLabel="Deleting…"
          aria-describedby={error ? errorId : undefined}
          onClick={onConfirm}
        >
          Delete
        </BusyButton>
      </div>
    </Dialog>
  );
}
