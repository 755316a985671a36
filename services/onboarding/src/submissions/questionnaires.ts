import type { InviteRoute } from '../invite-codes/invite-code.entity';
import type { SubmissionKind } from './submission.entity';

/** The allowed answers of the bookkeeping questionnaire's choices (spec part 1, section 3). */
export const BOOKKEEPING_CHOICES = {
  accounting_software_use: ['Yes', 'No'],
  add_team_to_software: ['Yes', 'No', 'Not sure'],
  setup_on_our_system: ['Yes', 'No', 'Need more info'],
  report_frequency: ['Monthly', 'Quarterly', 'Not sure'],
  payroll_provider: ['Yes', 'No', 'Will need one'],
  invoicing_help: ['Yes', 'No', 'Maybe later'],
} as const;

/** Field → label, in the order of the form: validation messages and the staff mail use these. */
export const BOOKKEEPING_LABELS = {
  company_name: 'Company name',
  accounting_software_use: 'Accounting software use',
  accounting_software_name: 'Accounting software name',
  add_team_to_software: 'Add team to software',
  setup_on_our_system: 'Setup on our system',
  bank_accounts_count: 'Number of bank accounts',
  report_frequency: 'Report frequency',
  payroll_provider: 'Payroll provider',
  payroll_provider_name: 'Payroll provider name',
  invoicing_help: 'Invoicing help',
  report_email: 'Report email',
} as const;

export const NONPROFIT_LABELS = {
  non_profit_name: 'Non-profit name',
  ein_number: 'EIN',
  state_of_formation: 'State of formation',
} as const;

export type BookkeepingAnswers = { [F in keyof typeof BOOKKEEPING_LABELS]: string | null };
export type NonprofitAnswers = { [F in keyof typeof NONPROFIT_LABELS]: string | null };

export interface Questionnaire {
  kind: SubmissionKind;
  /** As the web titles the form. */
  title: string;
  labels: Readonly<Record<string, string>>;
}

export const QUESTIONNAIRES: Readonly<Record<InviteRoute, Questionnaire>> = {
  '/new-client': {
    kind: 'bookkeeping',
    title: 'Bookkeeping Client Onboarding Questionnaire',
    labels: BOOKKEEPING_LABELS,
  },
  '/new-nonprofit-llc': {
    kind: 'nonprofit',
    title: 'Non-Profit LLC Formation Questionnaire',
    labels: NONPROFIT_LABELS,
  },
};

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
