import { PHONE_MAX_LENGTH } from '@portal/contracts';
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

/** 'Phone (optional)': a telephone input as long as the server's phone rule allows (isPhoneNumber). */
export function OptionalPhoneField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'maxLength'>) {
  return <TextField label="Phone (optional)" type="tel" autoComplete="tel" maxLength={PHONE_MAX_LENGTH} {...props} />;
}
