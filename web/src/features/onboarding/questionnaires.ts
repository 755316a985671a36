import { isValidEmail, type ValidationIssue } from '../../shared/validation';

/**
 * The two onboarding questionnaires (spec part 1, sections 3-5): their fields in the form's order, the
 * allowed answers, the conditional questions of the bookkeeping form, the checks run before the call
 * and the payloads. Pure, so the rules are tested without a browser; the admin panel reads the same
 * fields and rules to show submitted answers.
 */

export const BOOKKEEPING_TITLE = 'Bookkeeping Client Onboarding Questionnaire';
export const NONPROFIT_TITLE = 'Non-Profit LLC Formation Questionnaire';

/** The allowed answers of the choice questions (section 3), in the order they are offered. */
export const BOOKKEEPING_CHOICES = {
  accounting_software_use: ['Yes', 'No'],
  add_team_to_software: ['Yes', 'No', 'Not sure'],
  setup_on_our_system: ['Yes', 'No', 'Need more info'],
  report_frequency: ['Monthly', 'Quarterly', 'Not sure'],
  payroll_provider: ['Yes', 'No', 'Will need one'],
  invoicing_help: ['Yes', 'No', 'Maybe later'],
} as const;

export type ChoiceField = keyof typeof BOOKKEEPING_CHOICES;

export interface BookkeepingValues {
  company_name: string;
  accounting_software_use: string;
  accounting_software_name: string;
  add_team_to_software: string;
  setup_on_our_system: string;
  bank_accounts_count: string;
  report_frequency: string;
  payroll_provider: string;
  payroll_provider_name: string;
  invoicing_help: string;
  report_email: string;
}

export type BookkeepingField = keyof BookkeepingValues;

export interface FieldInfo<Field extends string> {
  field: Field;
  /** Short name: validation messages and the admin panel's list of answers (as the staff mail has it). */
  label: string;
  /** As the form asks it. */
  question: string;
  /** Needed whenever the question is shown. */
  required: boolean;
}

/** Every field in the form's order. Labels are the server's (services/onboarding questionnaires.ts). */
export const BOOKKEEPING_FIELDS: readonly FieldInfo<BookkeepingField>[] = [
  { field: 'company_name', label: 'Company name', question: 'Company name', required: true },
  {
    field: 'accounting_software_use',
    label: 'Accounting software use',
    question: 'Do you currently use accounting software?',
    required: true,
  },
  {
    field: 'accounting_software_name',
    label: 'Accounting software name',
    question: 'Which accounting software do you use?',
    required: false,
  },
  {
    field: 'add_team_to_software',
    label: 'Add team to software',
    question: 'Can you add our team as users of your accounting software?',
    required: true,
  },
  {
    field: 'setup_on_our_system',
    label: 'Setup on our system',
    question: 'Would you like us to set up your books on our system?',
    required: true,
  },
  {
    field: 'bank_accounts_count',
    label: 'Number of bank accounts',
    question: 'How many business bank accounts do you have?',
    required: true,
  },
  {
    field: 'report_frequency',
    label: 'Report frequency',
    question: 'How often would you like to receive financial reports?',
    required: true,
  },
  {
    field: 'payroll_provider',
    label: 'Payroll provider',
    question: 'Do you use a payroll provider?',
    required: true,
  },
  {
    field: 'payroll_provider_name',
    label: 'Payroll provider name',
    question: 'Which payroll provider do you use?',
    required: true,
  },
  {
    field: 'invoicing_help',
    label: 'Invoicing help',
    question: 'Would you like help with invoicing your customers?',
    required: true,
  },
  {
    field: 'report_email',
    label: 'Report email',
    question: 'Which email address should we send your reports to?',
    required: true,
  },
];

export interface NonprofitValues {
  non_profit_name: string;
  ein_number: string;
  state_of_formation: string;
}

export type NonprofitField = keyof NonprofitValues;

export const NONPROFIT_FIELDS: readonly FieldInfo<NonprofitField>[] = [
  { field: 'non_profit_name', label: 'Non-profit name', question: 'Name of the non-profit', required: true },
  { field: 'ein_number', label: 'EIN', question: 'EIN (Employer Identification Number)', required: false },
  { field: 'state_of_formation', label: 'State of formation', question: 'State of formation', required: true },
];

export const EMPTY_BOOKKEEPING: BookkeepingValues = {
  company_name: '',
  accounting_software_use: '',
  accounting_software_name: '',
  add_team_to_software: '',
  setup_on_our_system: '',
  bank_accounts_count: '',
  report_frequency: '',
  payroll_provider: '',
  payroll_provider_name: '',
  invoicing_help: '',
  report_email: '',
};

export const EMPTY_NONPROFIT: NonprofitValues = { non_profit_name: '', ein_number: '', state_of_formation: '' };

export const ONBOARDING_MESSAGES = {
  validating: 'Validating invite code',
  invalidCode: 'Invalid or expired invite code.',
  noCode: 'No invite code found in URL.',
  validateFailed: 'Failed to validate invite code.',
  codeDataMissing: 'Invite code data is missing.',
  submitFailed: 'Failed to submit onboarding data.',
  submissionFailed: 'Submission failed.',
  submitting: 'Submitting...',
  bookkeepingSuccess: 'Onboarding information submitted successfully! Thank you for providing your details.',
  bookkeepingNextSteps: 'Our team will review your information and contact you shortly to discuss next steps.',
  nonprofitSuccess: 'Onboarding information submitted successfully!',
  emailInvalid: 'Please enter a valid email address',
  einInvalid: 'EIN must have 9 digits, as in 12-3456789',
} as const;

/**
 * Whether the form asks `field` given the answers so far (section 4): the software name and the
 * add-team question only when software is used, the setup question only when it is not, the payroll
 * provider's name only when there is one. Every other question is always asked.
 */
export function isBookkeepingFieldShown(
  field: BookkeepingField,
  values: Pick<BookkeepingValues, 'accounting_software_use' | 'payroll_provider'>,
): boolean {
  switch (field) {
    case 'accounting_software_name':
    case 'add_team_to_software':
      return values.accounting_software_use === 'Yes';
    case 'setup_on_our_system':
      return values.accounting_software_use === 'No';
    case 'payroll_provider_name':
      return values.payroll_provider === 'Yes';
    default:
      return true;
  }
}

/**
 * The answers an answer change wipes (section 4): any payroll answer other than Yes clears the
 * provider's name, so a name typed and then abandoned is never sent or shown again.
 */
export function fieldsClearedBy(field: BookkeepingField, value: string): BookkeepingField[] {
  if (field === 'payroll_provider' && value !== 'Yes') return ['payroll_provider_name'];
  return [];
}

/** `values` after answering `field` with `value`, the clearing rule applied. */
export function answerBookkeeping(
  values: BookkeepingValues,
  field: BookkeepingField,
  value: string,
): BookkeepingValues {
  const next = { ...values, [field]: value };
  for (const cleared of fieldsClearedBy(field, value)) next[cleared] = '';
  return next;
}

function requiredMessage(label: string): string {
  return `${label} is required`;
}

/**
 * The first problem in the order of the form, or null: required questions (section 5), those
 * required when shown, the report e-mail's format. Hidden questions are never checked.
 */
export function validateBookkeeping(values: BookkeepingValues): ValidationIssue<BookkeepingField> | null {
  for (const { field, label, required } of BOOKKEEPING_FIELDS) {
    if (!required || !isBookkeepingFieldShown(field, values)) continue;
    if (!values[field].trim()) return { message: requiredMessage(label), field };
    if (field === 'report_email' && !isValidEmail(values.report_email)) {
      return { message: ONBOARDING_MESSAGES.emailInvalid, field };
    }
  }
  return null;
}

export type BookkeepingPayload = Record<BookkeepingField, string>;

/**
 * The eleven answers as POST /invite-codes/{code}/submit-onboarding takes them: trimmed, and a question
 * the form does not show sent as "" whatever was typed into it before it was hidden (the server refuses
 * a value for a question that was not asked).
 */
export function bookkeepingPayload(values: BookkeepingValues): BookkeepingPayload {
  const payload = {} as BookkeepingPayload;
  for (const { field } of BOOKKEEPING_FIELDS) {
    payload[field] = isBookkeepingFieldShown(field, values) ? values[field].trim() : '';
  }
  return payload;
}

// Nine digits, the dash after the second optional: 12-3456789 or 123456789 (the server accepts both).
const EIN_PATTERN = /^\d{2}-?\d{7}$/;

export function validateNonprofit(values: NonprofitValues): ValidationIssue<NonprofitField> | null {
  if (!values.non_profit_name.trim()) return { message: requiredMessage('Non-profit name'), field: 'non_profit_name' };
  const ein = values.ein_number.trim();
  if (ein && !EIN_PATTERN.test(ein)) return { message: ONBOARDING_MESSAGES.einInvalid, field: 'ein_number' };
  if (!values.state_of_formation.trim()) {
    return { message: requiredMessage('State of formation'), field: 'state_of_formation' };
  }
  return null;
}

export type NonprofitPayload = Record<NonprofitField, string>;

/** POST /invite-codes/{code}/submit-nonprofit-onboarding; an EIN left out is sent as "". */
export function nonprofitPayload(values: NonprofitValues): NonprofitPayload {
  return {
    non_profit_name: values.non_profit_name.trim(),
    ein_number: values.ein_number.trim(),
    state_of_formation: values.state_of_formation.trim(),
  };
}
