import { ANSWER_LIMITS, BOOKKEEPING_CHOICES } from '@portal/contracts';
import {
  answerBookkeeping,
  BOOKKEEPING_FIELDS,
  bookkeepingPayload,
  EMPTY_BOOKKEEPING,
  fieldsClearedBy,
  isBookkeepingFieldShown,
  NONPROFIT_FIELDS,
  nonprofitPayload,
  validateBookkeeping,
  validateNonprofit,
  type BookkeepingField,
  type BookkeepingValues,
} from './questionnaires';

const COMPLETE: BookkeepingValues = {
  company_name: ' Acme LLC ',
  accounting_software_use: 'Yes',
  accounting_software_name: 'Xero',
  add_team_to_software: 'Not sure',
  setup_on_our_system: '',
  bank_accounts_count: '3',
  report_frequency: 'Monthly',
  payroll_provider: 'Yes',
  payroll_provider_name: 'Gusto',
  invoicing_help: 'Maybe later',
  report_email: 'owner@acme.example',
};

function shown(values: Partial<BookkeepingValues>): BookkeepingField[] {
  const all = { ...EMPTY_BOOKKEEPING, ...values };
  return BOOKKEEPING_FIELDS.map(({ field }) => field).filter((field) => isBookkeepingFieldShown(field, all));
}

const ALWAYS: BookkeepingField[] = [
  'company_name',
  'accounting_software_use',
  'bank_accounts_count',
  'report_frequency',
  'payroll_provider',
  'invoicing_help',
  'report_email',
];

describe('the conditional questions of the bookkeeping form', () => {
  it('asks none of them before the answers they follow from', () => {
    expect(shown({})).toEqual(ALWAYS);
  });

  it('asks the software name and add-team only when software is used', () => {
    expect(shown({ accounting_software_use: 'Yes' })).toEqual([
      'company_name',
      'accounting_software_use',
      'accounting_software_name',
      'add_team_to_software',
      'bank_accounts_count',
      'report_frequency',
      'payroll_provider',
      'invoicing_help',
      'report_email',
    ]);
  });

  it('asks the setup question only when software is not used', () => {
    expect(shown({ accounting_software_use: 'No' })).toEqual([
      'company_name',
      'accounting_software_use',
      'setup_on_our_system',
      'bank_accounts_count',
      'report_frequency',
      'payroll_provider',
      'invoicing_help',
      'report_email',
    ]);
  });

  it.each([
    ['Yes', true],
    ['No', false],
    ['Will need one', false],
    ['', false],
  ])('asks the payroll provider name when payroll_provider is %j: %s', (payroll_provider, asked) => {
    expect(shown({ payroll_provider }).includes('payroll_provider_name')).toBe(asked);
  });
});

describe('clearing the payroll provider name', () => {
  it.each(['No', 'Will need one', ''])('clears it when payroll_provider becomes %j', (value) => {
    expect(fieldsClearedBy('payroll_provider', value)).toEqual(['payroll_provider_name']);
    expect(answerBookkeeping(COMPLETE, 'payroll_provider', value)).toEqual({
      ...COMPLETE,
      payroll_provider: value,
      payroll_provider_name: '',
    });
  });

  it('keeps it when payroll_provider is Yes, and clears nothing for other answers', () => {
    expect(fieldsClearedBy('payroll_provider', 'Yes')).toEqual([]);
    expect(answerBookkeeping(COMPLETE, 'payroll_provider', 'Yes')).toEqual(COMPLETE);
    expect(fieldsClearedBy('accounting_software_use', 'No')).toEqual([]);
    expect(answerBookkeeping(COMPLETE, 'accounting_software_use', 'No').accounting_software_name).toBe('Xero');
  });
});

describe('validateBookkeeping', () => {
  it('accepts a complete form', () => {
    expect(validateBookkeeping(COMPLETE)).toBeNull();
  });

  it('names the first missing required answer, in the order of the form', () => {
    expect(validateBookkeeping(EMPTY_BOOKKEEPING)).toEqual({
      message: 'Company name is required',
      field: 'company_name',
    });
    expect(validateBookkeeping({ ...COMPLETE, report_frequency: '', invoicing_help: '' })).toEqual({
      message: 'Report frequency is required',
      field: 'report_frequency',
    });
    expect(validateBookkeeping({ ...COMPLETE, bank_accounts_count: '  ' })).toMatchObject({
      field: 'bank_accounts_count',
    });
  });

  it('requires the conditional questions only when they are shown', () => {
    expect(validateBookkeeping({ ...COMPLETE, add_team_to_software: '' })).toEqual({
      message: 'Add team to software is required',
      field: 'add_team_to_software',
    });
    expect(validateBookkeeping({ ...COMPLETE, accounting_software_use: 'No', add_team_to_software: '' })).toEqual({
      message: 'Setup on our system is required',
      field: 'setup_on_our_system',
    });
    expect(validateBookkeeping({ ...COMPLETE, payroll_provider_name: '' })).toEqual({
      message: 'Payroll provider name is required',
      field: 'payroll_provider_name',
    });
    expect(validateBookkeeping({ ...COMPLETE, payroll_provider: 'No', payroll_provider_name: '' })).toBeNull();
  });

  it('leaves the software name optional', () => {
    expect(validateBookkeeping({ ...COMPLETE, accounting_software_name: '' })).toBeNull();
  });

  it('checks the report e-mail format', () => {
    expect(validateBookkeeping({ ...COMPLETE, report_email: 'owner@acme' })).toEqual({
      message: 'Please enter a valid email address',
      field: 'report_email',
    });
  });
});

describe('bookkeepingPayload', () => {
  it('sends the eleven answers, trimmed', () => {
    const payload = bookkeepingPayload(COMPLETE);

    expect(Object.keys(payload)).toEqual(BOOKKEEPING_FIELDS.map(({ field }) => field));
    expect(payload).toEqual({ ...COMPLETE, company_name: 'Acme LLC', setup_on_our_system: '' });
  });

  it('sends a hidden question as "" whatever was typed before it was hidden', () => {
    const payload = bookkeepingPayload({
      ...COMPLETE,
      accounting_software_use: 'No',
      setup_on_our_system: 'Need more info',
      payroll_provider: 'Will need one',
    });

    expect(payload).toMatchObject({
      accounting_software_name: '',
      add_team_to_software: '',
      setup_on_our_system: 'Need more info',
      payroll_provider_name: '',
    });
  });
});

describe('the non-profit questionnaire', () => {
  const VALUES = { non_profit_name: ' Helping Hands LLC ', ein_number: '', state_of_formation: 'Delaware' };

  it('requires the name and the state, not the EIN', () => {
    expect(validateNonprofit(VALUES)).toBeNull();
    expect(validateNonprofit({ ...VALUES, non_profit_name: ' ' })).toEqual({
      message: 'Non-profit name is required',
      field: 'non_profit_name',
    });
    expect(validateNonprofit({ ...VALUES, state_of_formation: '' })).toEqual({
      message: 'State of formation is required',
      field: 'state_of_formation',
    });
  });

  it.each(['12-3456789', '123456789'])('accepts the EIN %s', (ein_number) => {
    expect(validateNonprofit({ ...VALUES, ein_number })).toBeNull();
  });

  it.each(['12-345678', '1234-56789', 'AB-CDEFGHI'])('refuses the EIN %s as the server does', (ein_number) => {
    expect(validateNonprofit({ ...VALUES, ein_number })).toEqual({
      message: 'EIN must have 9 digits, as in 12-3456789',
      field: 'ein_number',
    });
  });

  it('sends the three answers trimmed, an EIN left out as ""', () => {
    expect(nonprofitPayload({ ...VALUES, ein_number: '  ' })).toEqual({
      non_profit_name: 'Helping Hands LLC',
      ein_number: '',
      state_of_formation: 'Delaware',
    });
  });
});

describe('answer lengths', () => {
  it("gives each typed question the server's limit from the contracts as its maxLength, and choices none", () => {
    const limits = Object.fromEntries(
      [...BOOKKEEPING_FIELDS, ...NONPROFIT_FIELDS].map(({ field, maxLength }) => [field, maxLength]),
    );
    expect(limits).toEqual({
      company_name: ANSWER_LIMITS.company_name,
      accounting_software_use: undefined,
      accounting_software_name: ANSWER_LIMITS.accounting_software_name,
      add_team_to_software: undefined,
      setup_on_our_system: undefined,
      bank_accounts_count: ANSWER_LIMITS.bank_accounts_count,
      report_frequency: undefined,
      payroll_provider: undefined,
      payroll_provider_name: ANSWER_LIMITS.payroll_provider_name,
      invoicing_help: undefined,
      report_email: ANSWER_LIMITS.report_email,
      non_profit_name: ANSWER_LIMITS.non_profit_name,
      // Its pattern (nine digits, one dash) bounds it instead.
      ein_number: undefined,
      state_of_formation: ANSWER_LIMITS.state_of_formation,
    });
    for (const field of Object.keys(BOOKKEEPING_CHOICES)) expect(field in ANSWER_LIMITS).toBe(false);
  });
});
