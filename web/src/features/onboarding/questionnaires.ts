import {
  ANSWER_LIMITS,
  BOOKKEEPING_LABELS,
  EIN_MESSAGE,
  EIN_PATTERN,
  NONPROFIT_LABELS,
  type BookkeepingOnboardingRequest,
  type NonprofitOnboardingRequest,
} from '@portal/contracts';
import { isValidEmail, type ValidationIssue } from '../../shared/validation';

/**
 * The two onboarding questionnaires (spec part 1, sections 3-5): their fields in the form's order, the
 * conditional questions of the bookkeeping form, the checks run before the call and the payloads. The
 * titles, the allowed answers and the labels are the server's (@portal/contracts). Pure, so the rules
 * are tested without a browser; the admin panel reads the same fields and rules to show submitted answers.
 */

export { BOOKKEEPING_CHOICES, BOOKKEEPING_TITLE, NONPROFIT_TITLE, type ChoiceField } from '@portal/contracts';

/** The form's answers: text, '' when not given (the payload says what is sent). */
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
  /** The longest answer the server takes (ANSWER_LIMITS), for the input's maxLength; none for choices. */
  maxLength?: number;
}

const LIMITS: Readonly<Partial<Record<BookkeepingField | NonprofitField, number>>> = ANSWER_LIMITS;

const bookkeeping = (field: BookkeepingField, question: string, required = true): FieldInfo<BookkeepingField> => ({
  field,
  label: BOOKKEEPING_LABELS[field],
  question,
  required,
  maxLength: LIMITS[field],
});

/** Every field in the form's order. */
export const BOOKKEEPING_FIELDS: readonly FieldInfo<BookkeepingField>[] = [
  bookkeeping('company_name', 'Company name'),
  bookkeeping('accounting_software_use', 'Do you currently use accounting software?'),
  bookkeeping('accounting_software_name', 'Which accounting software do you use?', false),
  bookkeeping('add_team_to_software', 'Can you add our team as users of your accounting software?'),
  bookkeeping('setup_on_our_system', 'Would you like us to set up your books on our system?'),
  bookkeeping('bank_accounts_count', 'How many business bank accounts do you have?'),
  bookkeeping('report_frequency', 'How often would you like to receive financial reports?'),
  bookkeeping('payroll_provider', 'Do you use a payroll provider?'),
  bookkeeping('payroll_provider_name', 'Which payroll provider do you use?'),
  bookkeeping('invoicing_help', 'Would you like help with invoicing your customers?'),
  bookkeeping('report_email', 'Which email address should we send your reports to?'),
];

export interface NonprofitValues {
  non_profit_name: string;
  ein_number: string;
  state_of_formation: string;
}

export type NonprofitField = keyof NonprofitValues;

const nonprofit = (field: NonprofitField, question: string, required = true): FieldInfo<NonprofitField> => ({
  field,
  label: NONPROFIT_LABELS[field],
  question,
  required,
  maxLength: LIMITS[field],
});

export const NONPROFIT_FIELDS: readonly FieldInfo<NonprofitField>[] = [
  nonprofit('non_profit_name', 'Name of the non-profit'),
  nonprofit('ein_number', 'EIN (Employer Identification Number)', false),
  nonprofit('state_of_formation', 'State of formation'),
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
  einInvalid: EIN_MESSAGE,
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

/**
 * The eleven answers as POST /invite-codes/{code}/submit-onboarding takes them: trimmed, and a question
 * the form does not show sent as "" whatever was typed into it before it was hidden (the server refuses
 * a value for a question that was not asked).
 */
export function bookkeepingPayload(values: BookkeepingValues): BookkeepingOnboardingRequest {
  const payload = {} as Record<BookkeepingField, string>;
  for (const { field } of BOOKKEEPING_FIELDS) {
    payload[field] = isBookkeepingFieldShown(field, values) ? values[field].trim() : '';
  }
  return payload;
}

export function validateNonprofit(values: NonprofitValues): ValidationIssue<NonprofitField> | null {
  if (!values.non_profit_name.trim()) {
    return { message: requiredMessage(NONPROFIT_LABELS.non_profit_name), field: 'non_profit_name' };
  }
  const ein = values.ein_number.trim();
  if (ein && !EIN_PATTERN.test(ein)) return { message: ONBOARDING_MESSAGES.einInvalid, field: 'ein_number' };
  if (!values.state_of_formation.trim()) {
    return { message: requiredMessage(NONPROFIT_LABELS.state_of_formation), field: 'state_of_formation' };
  }
  return null;
}

/** POST /invite-codes/{code}/submit-nonprofit-onboarding; an EIN left out is sent as "". */
export function nonprofitPayload(values: NonprofitValues): NonprofitOnboardingRequest {
  return {
    non_profit_name: values.non_profit_name.trim(),
    ein_number: values.ein_number.trim(),
    state_of_formation: values.state_of_formation.trim(),
  };
}
