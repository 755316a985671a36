import type { ReactNode } from 'react';
import { Alert } from './Alert';

interface FormErrorProps {
  /** Referenced by the fields the message is about (their `describedBy`). */
  id: string;
  /**
   * The failed check, or the refused submit as the feature's error catalogue words it (the server's
   * `detail` where the spec shows it). Nothing renders without one.
   */
  message: ReactNode;
  className?: string;
}

/** The one error message of a form, announced at once (role=alert). */
export function FormError({ id, message, className }: FormErrorProps) {
  if (message === null || message === undefined || message === false || message === '') return null;
  return (
    <Alert tone="error" id={id} className={className}>
      {message}
    </Alert>
  );
}
