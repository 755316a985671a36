import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './form.module.css';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Help under the field, read with it by screen readers. */
  hint?: ReactNode;
  invalid?: boolean;
  /** Ids of other elements describing the field (a form error message, a checklist). */
  describedBy?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input; takes react-hook-form's `register(...)` props as they are. */
export function TextField({ label, hint, invalid, describedBy, id, className, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const describedByIds = [hintId, describedBy].filter(Boolean).join(' ');
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        id={inputId}
        ref={ref}
        className={styles.input}
        aria-invalid={invalid || undefined}
        aria-describedby={describedByIds || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
