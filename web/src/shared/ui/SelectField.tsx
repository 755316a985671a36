import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';

interface SelectFieldProps extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  label: string;
  /** The <option> elements. */
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled drop-down; takes `register(...)` props. */
export function SelectField({
  label,
  hint,
  invalid,
  describedBy,
  requiredMark,
  tone,
  id,
  className,
  ref,
  children,
  ...select
}: SelectFieldProps) {
  return (
    <Field {...{ label, hint, invalid, describedBy, requiredMark, tone, id, className }}>
      {(control) => (
        <select ref={ref} {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
