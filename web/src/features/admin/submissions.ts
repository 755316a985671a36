import { BOOKKEEPING_TITLE, NONPROFIT_TITLE, type SubmissionKind, type SubmissionReply } from '@portal/contracts';
import { BOOKKEEPING_FIELDS, isBookkeepingFieldShown, NONPROFIT_FIELDS } from '../onboarding/questionnaires';

export const NOT_GIVEN = 'Not given';

export interface AnswerLine {
  label: string;
  value: string;
}

export function submissionTitle(kind: SubmissionKind): string {
  return kind === 'bookkeeping' ? BOOKKEEPING_TITLE : NONPROFIT_TITLE;
}

/**
 * The answers of a submitted questionnaire for people: in the form's order, with the form's labels.
 * A question the form did not ask (by the same rules that hid it) is left out; one that was asked and
 * left empty (an optional one) reads 'Not given'.
 */
export function answerLines(submission: Pick<SubmissionReply, 'kind' | 'answers'>): AnswerLine[] {
  const answers = submission.answers ?? {};
  const text = (field: string) => {
    const value = answers[field];
    return typeof value === 'string' ? value.trim() : '';
  };
  if (submission.kind === 'bookkeeping') {
    const asked = {
      accounting_software_use: text('accounting_software_use'),
      payroll_provider: text('payroll_provider'),
    };
    return BOOKKEEPING_FIELDS.filter(({ field }) => isBookkeepingFieldShown(field, asked)).map(({ field, label }) => ({
      label,
      value: text(field) || NOT_GIVEN,
    }));
  }
  return NONPROFIT_FIELDS.map(({ field, label }) => ({ label, value: text(field) || NOT_GIVEN }));
}
