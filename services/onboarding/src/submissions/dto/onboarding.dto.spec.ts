import { validateBody } from '@portal/testing';
import { BookkeepingOnboardingDto } from './bookkeeping-onboarding.dto';
import { formatEin, NonprofitOnboardingDto } from './nonprofit-onboarding.dto';

/** Software used, with a payroll provider: every conditional question asked but setup. */
const usesSoftware = {
  company_name: 'Acme LLC',
  accounting_software_use: 'Yes',
  accounting_software_name: 'QuickBooks Online',
  add_team_to_software: 'Not sure',
  setup_on_our_system: '',
  bank_accounts_count: '3',
  report_frequency: 'Monthly',
  payroll_provider: 'Yes',
  payroll_provider_name: 'Gusto',
  invoicing_help: 'Maybe later',
  report_email: 'owner@acme.example',
};

/** No software, no payroll provider: only the setup question among the conditional ones. */
const noSoftware = {
  ...usesSoftware,
  accounting_software_use: 'No',
  accounting_software_name: '',
  add_team_to_software: '',
  setup_on_our_system: 'Need more info',
  payroll_provider: 'Will need one',
  payroll_provider_name: '',
};

const errorsOf = async (body: Record<string, unknown>) => (await validateBody(BookkeepingOnboardingDto, body)).errors;

describe('BookkeepingOnboardingDto', () => {
  it('accepts both branches of the form as the web sends them (hidden fields empty)', async () => {
    const yes = await validateBody(BookkeepingOnboardingDto, { ...usesSoftware, company_name: ' Acme LLC ' });
    expect(yes.errors).toEqual([]);
    expect(yes.value).toMatchObject({ company_name: 'Acme LLC', setup_on_our_system: null });
    const no = await validateBody(BookkeepingOnboardingDto, noSoftware);
    expect(no.errors).toEqual([]);
    expect(no.value).toMatchObject({
      accounting_software_name: null,
      add_team_to_software: null,
      payroll_provider_name: null,
    });
  });

  it('accepts hidden fields left out or null, and a count sent as a number', async () => {
    const { accounting_software_name: _n, add_team_to_software: _a, payroll_provider_name: _p, ...body } = noSoftware;
    expect(await errorsOf(body)).toEqual([]);
    expect(await errorsOf({ ...noSoftware, add_team_to_software: null, payroll_provider_name: null })).toEqual([]);
    const counted = await validateBody(BookkeepingOnboardingDto, { ...usesSoftware, bank_accounts_count: 4 });
    expect(counted.value?.bank_accounts_count).toBe('4');
  });

  it('requires every always-asked answer, naming each', async () => {
    expect(await errorsOf({})).toEqual([
      'Company name is required',
      'Accounting software use is required',
      'Number of bank accounts is required',
      'Report frequency is required',
      'Payroll provider is required',
      'Invoicing help is required',
      'Report email is required',
    ]);
  });

  it('takes only the allowed values of each choice', async () => {
    expect(
      await errorsOf({
        ...usesSoftware,
        accounting_software_use: 'yes',
        report_frequency: 'Weekly',
        payroll_provider: 'Maybe',
        invoicing_help: 'No thanks',
      }),
    ).toEqual([
      'Accounting software use must be one of: Yes, No',
      'Report frequency must be one of: Monthly, Quarterly, Not sure',
      'Payroll provider must be one of: Yes, No, Will need one',
      'Invoicing help must be one of: Yes, No, Maybe later',
    ]);
    expect(await errorsOf({ ...usesSoftware, add_team_to_software: 'Maybe' })).toEqual([
      'Add team to software must be one of: Yes, No, Not sure',
    ]);
    expect(await errorsOf({ ...noSoftware, setup_on_our_system: 'Later' })).toEqual([
      'Setup on our system must be one of: Yes, No, Need more info',
    ]);
  });

  describe('software used (Yes)', () => {
    it('requires add_team_to_software, leaves the software name optional', async () => {
      expect(await errorsOf({ ...usesSoftware, add_team_to_software: '' })).toEqual([
        'Add team to software is required',
      ]);
      expect(await errorsOf({ ...usesSoftware, accounting_software_name: '' })).toEqual([]);
    });

    it('refuses an answer to the setup question, which is hidden', async () => {
      expect(await errorsOf({ ...usesSoftware, setup_on_our_system: 'Yes' })).toEqual([
        'Setup on our system (setup_on_our_system) must be left empty unless accounting_software_use is No',
      ]);
    });
  });

  describe('software not used (No)', () => {
    it('requires the setup question', async () => {
      expect(await errorsOf({ ...noSoftware, setup_on_our_system: '  ' })).toEqual(['Setup on our system is required']);
    });

    it('refuses the software name and add-team answers, which are hidden', async () => {
      expect(await errorsOf({ ...noSoftware, accounting_software_name: 'Xero', add_team_to_software: 'Yes' })).toEqual([
        'Accounting software name (accounting_software_name) must be left empty unless accounting_software_use is Yes',
        'Add team to software (add_team_to_software) must be left empty unless accounting_software_use is Yes',
      ]);
    });
  });

  describe('payroll provider', () => {
    it('requires its name when Yes', async () => {
      expect(await errorsOf({ ...usesSoftware, payroll_provider_name: '' })).toEqual([
        'Payroll provider name is required',
      ]);
    });

    it.each(['No', 'Will need one'])('refuses a name when %s', async (payroll_provider) => {
      expect(await errorsOf({ ...usesSoftware, payroll_provider, payroll_provider_name: 'Gusto' })).toEqual([
        'Payroll provider name (payroll_provider_name) must be left empty unless payroll_provider is Yes',
      ]);
    });
  });

  it('asks for a valid report e-mail', async () => {
    expect(await errorsOf({ ...usesSoftware, report_email: 'owner@acme' })).toEqual([
      'Report email must be a valid email address',
    ]);
  });

  it('bounds text lengths', async () => {
    expect(
      await errorsOf({
        ...usesSoftware,
        company_name: 'x'.repeat(201),
        accounting_software_name: 'x'.repeat(201),
        bank_accounts_count: '9'.repeat(101),
        payroll_provider_name: 'x'.repeat(201),
      }),
    ).toEqual([
      'Company name must be at most 200 characters long',
      'Accounting software name must be at most 200 characters long',
      'Number of bank accounts must be at most 100 characters long',
      'Payroll provider name must be at most 200 characters long',
    ]);
  });

  it('refuses fields it does not know', async () => {
    expect(await errorsOf({ ...usesSoftware, is_used: false })).toEqual(['property is_used should not exist']);
  });
});

describe('NonprofitOnboardingDto', () => {
  const valid = { non_profit_name: 'Helping Hands LLC', ein_number: '12-3456789', state_of_formation: 'Delaware' };
  const errors = async (body: Record<string, unknown>) => (await validateBody(NonprofitOnboardingDto, body)).errors;

  it('accepts the form with or without an EIN', async () => {
    expect(await errors(valid)).toEqual([]);
    expect(await errors({ ...valid, ein_number: '123456789' })).toEqual([]);
    expect((await validateBody(NonprofitOnboardingDto, { ...valid, ein_number: '' })).value?.ein_number).toBeNull();
    const { ein_number: _e, ...noEin } = valid;
    expect(await errors(noEin)).toEqual([]);
  });

  it('requires the name and the state of formation', async () => {
    expect(await errors({ non_profit_name: ' ', state_of_formation: '' })).toEqual([
      'Non-profit name is required',
      'State of formation is required',
    ]);
  });

  it.each(['12-345678', '1234567890', '12 3456789', 'AB-1234567', '12--3456789'])(
    'refuses the EIN %s',
    async (ein_number) => {
      expect(await errors({ ...valid, ein_number })).toEqual(['EIN must have 9 digits, as in 12-3456789']);
    },
  );

  it('writes an EIN with its dash', () => {
    expect(formatEin('123456789')).toBe('12-3456789');
    expect(formatEin('12-3456789')).toBe('12-3456789');
  });

  it('bounds text lengths', async () => {
    expect(await errors({ ...valid, non_profit_name: 'x'.repeat(201), state_of_formation: 'x'.repeat(101) })).toEqual([
      'Non-profit name must be at most 200 characters long',
      'State of formation must be at most 100 characters long',
    ]);
  });
});
