import { useId, type ReactNode } from 'react';
import styles from './form.module.css';

/** What a field hands to its control: the id its label points to, the shared look, the ARIA links. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: ReactNode;
  /** Help under the control, read with it by screen readers. */
  hint?: ReactNode;
  /** The form's error message is about this field: marked invalid for assistive technology and the eye. */
  invalid?: boolean;
  /** Ids of other elements describing the field: the form's error message, a checklist. */
  describedBy?: string;
  /** A '*' after the label, for forms that say "Questions marked * are required". */
  requiredMark?: boolean;
  /** Light text on a dark region (the footer). */
  tone?: 'default' | 'inverse';
  /** The control's id; generated when not given. */
  id?: string;
  className?: string;
}

/**
 * The frame of every form field: the label, the control (rendered by `children` with the props it must
 * carry) and the hint. The form shows one error message (FormError); the fields it is about are marked
 * `invalid` and point to it through `describedBy`.
 */
export function Field({
  label,
  hint,
  invalid,
  describedBy,
  requiredMark,
  tone = 'default',
  id,
  className,
  children,
}: FieldProps & { children(control: FieldControlProps): ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const describedByIds = [hintId, describedBy].filter(Boolean).join(' ');
  const classes = [styles.field, requiredMark && styles.requiredMark, tone === 'inverse' && styles.inverse, className];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
      {children({
        id: controlId,
        className: styles.input,
        'aria-invalid': invalid || undefined,
        'aria-describedby': describedByIds || undefined,
      })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
