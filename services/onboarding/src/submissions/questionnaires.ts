import type { Questionnaire } from '@portal/contracts';

/**
 * The answers as label/value pairs for people (the staff mail), in the form's order. Questions
 * the form did not ask (null) are left out; an optional one left empty says so.
 */
export function answerLines(
  questionnaire: Questionnaire,
  answers: Record<string, string | null>,
  optionalAsked: readonly string[] = [],
): Array<{ label: string; value: string }> {
  return Object.entries(questionnaire.labels).flatMap(([field, label]) => {
    const value = answers[field];
    if (value !== null && value !== undefined) return [{ label, value }];
    return optionalAsked.includes(field) ? [{ label, value: 'Not given' }] : [];
  });
}
