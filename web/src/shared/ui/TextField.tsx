import type { InputHTMLAttributes, Ref } from 'react';
import { Field, type FieldProps } from './Field';

interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input; takes react-hook-form's `register(...)` props as they are. */
export function TextField({
  label,
  hint,
  invalid,
  describedBy,
  requiredMark,
  tone,
  id,
  className,
  ref,
  ...input
}: TextFieldProps) {
  return (
    <Field {...{ label, hint, invalid, describedBy, requiredMark, tone, id, className }}>
      {(control) => <input ref={ref} {...control} {...input} />}
    </Field>
  );
}
