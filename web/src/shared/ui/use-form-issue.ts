import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import type { ValidationIssue } from '../validation';

/** What an input needs to show that it is the one in error, and where the message is. */
export interface FieldIssueProps {
  invalid: boolean;
  describedBy: string | undefined;
}

export interface FormIssue<Field extends string> {
  /** The first problem the form's own check found (cleared by setting null). */
  issue: ValidationIssue<Field> | null;
  setIssue: Dispatch<SetStateAction<ValidationIssue<Field> | null>>;
  /** The message to show: the check's problem, else the call's failure. */
  error: string | null;
  /** The id of the element that shows `error` (FormError's id). */
  errorId: string;
  /**
   * `invalid` and `describedBy` for a field: the check's problem marks and describes its own field; a
   * failed call describes every field (or only `failedField`), since no one field caused it.
   */
  fieldIssue(name: Field): FieldIssueProps;
}

/**
 * `invalid` and `describedBy` for the field `name`: the check's `issue` marks and describes its own
 * field; a call's `failure` (with no issue) describes every field, or only `failedField`.
 */
export function fieldIssueProps<Field extends string>(
  name: Field,
  state: { issue: ValidationIssue<Field> | null; failure: string | null; errorId: string; failedField?: Field },
): FieldIssueProps {
  const { issue, failure, errorId, failedField } = state;
  const described = issue
    ? issue.field === name
    : failure !== null && (failedField === undefined || failedField === name);
  return { invalid: issue?.field === name, describedBy: described ? errorId : undefined };
}

/**
 * The error state every form of the site keeps: the problem its check found before calling the server,
 * the call's `failure` message, and the ARIA props that tie them to the fields.
 */
export function useFormIssue<Field extends string>(failure: string | null, failedField?: Field): FormIssue<Field> {
  const [issue, setIssue] = useState<ValidationIssue<Field> | null>(null);
  const errorId = useId();
  return {
    issue,
    setIssue,
    error: issue?.message ?? failure,
    errorId,
    fieldIssue: (name) => fieldIssueProps(name, { issue, failure, errorId, failedField }),
  };
}
