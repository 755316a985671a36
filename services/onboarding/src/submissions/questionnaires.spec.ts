import { QUESTIONNAIRES } from '@portal/contracts';
import { answerLines } from './questionnaires';

describe('questionnaires', () => {
  it('are titled as the web titles them, one per invite route', () => {
    expect(QUESTIONNAIRES['/new-client']).toMatchObject({
      kind: 'bookkeeping',
      title: 'Bookkeeping Client Onboarding Questionnaire',
    });
    expect(Object.keys(QUESTIONNAIRES['/new-client'].labels)).toHaveLength(11);
    expect(QUESTIONNAIRES['/new-nonprofit-llc']).toMatchObject({
      kind: 'nonprofit',
      title: 'Non-Profit LLC Formation Questionnaire',
    });
  });

  it('give staff the answers in the form order, without the questions not asked', () => {
    const lines = answerLines(
      QUESTIONNAIRES['/new-client'],
      {
        report_email: 'owner@acme.example',
        company_name: 'Acme LLC',
        accounting_software_use: 'Yes',
        accounting_software_name: null,
        add_team_to_software: 'Yes',
        setup_on_our_system: null,
        bank_accounts_count: '2',
        report_frequency: 'Quarterly',
        payroll_provider: 'No',
        payroll_provider_name: null,
        invoicing_help: 'Yes',
      },
      ['accounting_software_name'],
    );
    expect(lines).toEqual([
      { label: 'Company name', value: 'Acme LLC' },
      { label: 'Accounting software use', value: 'Yes' },
      { label: 'Accounting software name', value: 'Not given' },
      { label: 'Add team to software', value: 'Yes' },
      { label: 'Number of bank accounts', value: '2' },
      { label: 'Report frequency', value: 'Quarterly' },
      { label: 'Payroll provider', value: 'No' },
      { label: 'Invoicing help', value: 'Yes' },
      { label: 'Report email', value: 'owner@acme.example' },
    ]);
  });
});
