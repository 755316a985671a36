import { answerLines, submissionTitle } from './submissions';

describe('answerLines', () => {
  it('lists bookkeeping answers in the form order with their labels, leaving out questions not asked', () => {
    const lines = answerLines({
      kind: 'bookkeeping',
      answers: {
        company_name: 'Acme LLC',
        accounting_software_use: 'No',
        accounting_software_name: null,
        add_team_to_software: null,
        setup_on_our_system: 'Need more info',
        bank_accounts_count: '3',
        report_frequency: 'Quarterly',
        payroll_provider: 'Yes',
        payroll_provider_name: 'Gusto',
        invoicing_help: 'No',
        report_email: 'owner@acme.example',
      },
    });

    expect(lines).toEqual([
      { label: 'Company name', value: 'Acme LLC' },
      { label: 'Accounting software use', value: 'No' },
      { label: 'Setup on our system', value: 'Need more info' },
      { label: 'Number of bank accounts', value: '3' },
      { label: 'Report frequency', value: 'Quarterly' },
      { label: 'Payroll provider', value: 'Yes' },
      { label: 'Payroll provider name', value: 'Gusto' },
      { label: 'Invoicing help', value: 'No' },
      { label: 'Report email', value: 'owner@acme.example' },
    ]);
  });

  it("says 'Not given' for an optional question asked and left empty", () => {
    const lines = answerLines({
      kind: 'bookkeeping',
      answers: { accounting_software_use: 'Yes', accounting_software_name: null, payroll_provider: 'No' },
    });

    expect(lines.find((line) => line.label === 'Accounting software name')).toEqual({
      label: 'Accounting software name',
      value: 'Not given',
    });
    expect(lines.some((line) => line.label === 'Payroll provider name')).toBe(false);
  });

  it('lists the three non-profit answers', () => {
    expect(
      answerLines({
        kind: 'nonprofit',
        answers: { non_profit_name: 'Helping Hands LLC', ein_number: null, state_of_formation: 'Delaware' },
      }),
    ).toEqual([
      { label: 'Non-profit name', value: 'Helping Hands LLC' },
      { label: 'EIN', value: 'Not given' },
      { label: 'State of formation', value: 'Delaware' },
    ]);
  });

  it('titles each kind as its form', () => {
    expect(submissionTitle('bookkeeping')).toBe('Bookkeeping Client Onboarding Questionnaire');
    expect(submissionTitle('nonprofit')).toBe('Non-Profit LLC Formation Questionnaire');
  });
});
