import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';
import styles from './form.module.css';

interface TextAreaFieldProps extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  label: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input, as tall as `rows` and resizable in height; takes `register(...)` props. */
export function TextAreaField({
  label,
  hint,
  invalid,
  describedBy,
  requiredMark,
  tone,
  id,
  className,
  ref,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <Field {...{ label, hint, invalid, describedBy, requiredMark, tone, id, className }}>
      {(control) => (
        <textarea ref={ref} {...control} className={`${control.className} ${styles.textarea}`} {...textarea} />
      )}
    </Field>
  );
}
