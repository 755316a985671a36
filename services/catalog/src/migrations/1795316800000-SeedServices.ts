import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Service categories (with the ordered attribute names their pages show) and the services
 * of each. A package is a service billed monthly (billing_cycle 'monthly'); the rest are
 * one-time purchases. Prices: part 2 section 9 of the spec. Attribute values are text, as
 * the web compares them ('N/A', '0', 'Unlimited'); Trial counts months.
 */
const CATEGORIES = [
  {
    name: 'Books',
    title: 'Bookkeeping',
    attribute_names: [
      'Trial',
      'Bank/CC Reconciliations',
      'Monthly Transactions',
      'Financial Statements',
      'AI Monthly Dashboard',
      'Dedicated Accountant',
      'Bill Pay & Invoicing',
      'Catch-up Bookkeeping',
    ],
  },
  {
    name: 'Company',
    title: 'Company Formation & Dissolution',
    attribute_names: [
      'Entity Type',
      'State Filing Fee',
      'Turnaround',
      'EIN Application',
      'Governing Documents',
      'Registered Agent',
    ],
  },
  {
    name: 'Compliance',
    title: 'Compliance',
    attribute_names: [
      'Trial',
      'Annual Report',
      'Registered Agent',
      'BOI Reporting',
      'Deadline Alerts',
      'States Covered',
    ],
  },
  {
    name: 'People',
    title: 'People & Payroll',
    attribute_names: [
      'Trial',
      'Employees',
      'Payroll Runs',
      'Payroll Tax Filings',
      'Benefits Administration',
      'HR Support',
    ],
  },
  {
    name: 'Tax',
    title: 'Tax',
    attribute_names: ['Scope', 'W-2 Employees', 'States', 'Estimated Tax Payments', 'IRS Notice Support', 'Turnaround'],
  },
  {
    name: 'Equity',
    title: 'Equity & Fund Management',
    attribute_names: ['Trial', 'Scope', 'Deliverable', 'Turnaround', 'Audit Ready'],
  },
];

const ENTITY_FILING_FEE = '$100 one-time (North Carolina only for now)';

const SERVICES = [
  // Books: monthly packages with the 3-month trial.
  {
    slug: 'bookkeeping-starter',
    category: 'Books',
    provider: 'accounting-team',
    title: 'Starter Bookkeeping',
    price: '$299/month',
    amount_cents: 29900,
    billing_cycle: 'monthly',
    description:
      'For freelancers and early-stage startups with simple books. We close your books every month, reconcile your accounts and deliver clean statements you can hand to a lender or your tax preparer.',
    attributes: {
      Trial: '3',
      'Bank/CC Reconciliations': '3',
      'Monthly Transactions': 'Up to 100',
      'Financial Statements': 'Monthly P&L and balance sheet',
      'AI Monthly Dashboard': 'Included',
      'Dedicated Accountant': 'Shared team',
      'Bill Pay & Invoicing': 'Not included',
      'Catch-up Bookkeeping': 'Quoted separately',
    },
  },
  {
    slug: 'bookkeeping-growth',
    category: 'Books',
    provider: 'accounting-team',
    title: 'Growth Bookkeeping',
    price: '$549/month',
    amount_cents: 54900,
    billing_cycle: 'monthly',
    description:
      'For growing businesses with payroll, several bank and card accounts, and investors asking for numbers. Accrual adjustments, a monthly review call and a dedicated accountant who knows your business.',
    attributes: {
      Trial: '3',
      'Bank/CC Reconciliations': '8',
      'Monthly Transactions': 'Up to 400',
      'Financial Statements': 'Monthly P&L, balance sheet and cash flow',
      'AI Monthly Dashboard': 'Included',
      'Dedicated Accountant': 'Dedicated accountant',
      'Bill Pay & Invoicing': 'Included',
      'Catch-up Bookkeeping': 'Quoted separately',
    },
  },
  {
    slug: 'bookkeeping-scale',
    category: 'Books',
    provider: 'accounting-team',
    title: 'Scale Bookkeeping',
    price: '$999/month',
    amount_cents: 99900,
    billing_cycle: 'monthly',
    description:
      'For companies with complex operations or revenue recognition needs: accrual-basis books, budget-versus-actual reporting and a board-ready package every month, with catch-up work included.',
    attributes: {
      Trial: '3',
      'Bank/CC Reconciliations': 'Unlimited',
      'Monthly Transactions': 'Up to 1,000',
      'Financial Statements': 'Monthly statements, budget vs. actuals and board pack',
      'AI Monthly Dashboard': 'Included',
      'Dedicated Accountant': 'Dedicated senior accountant',
      'Bill Pay & Invoicing': 'Included, with collections follow-up',
      'Catch-up Bookkeeping': 'Up to 6 months included',
    },
  },
  {
    slug: 'bookkeeping-enterprise',
    category: 'Books',
    provider: 'accounting-team',
    title: 'Enterprise Bookkeeping',
    price: '$1,500+/month',
    amount_cents: null,
    billing_cycle: 'monthly',
    description:
      'Multi-entity consolidations, inventory and job costing, and a controller who joins your finance meetings. Priced to your volume after a short call.',
    attributes: {
      Trial: '3',
      'Bank/CC Reconciliations': 'Unlimited',
      'Monthly Transactions': 'Unlimited',
      'Financial Statements': 'Consolidated statements and custom reporting',
      'AI Monthly Dashboard': 'Included',
      'Dedicated Accountant': 'Dedicated controller',
      'Bill Pay & Invoicing': 'Full payables and receivables',
      'Catch-up Bookkeeping': 'Included',
    },
  },

  // Company: one-time services; the entity filing fee is stated, never included.
  {
    slug: 'llc-formation',
    category: 'Company',
    provider: 'formation-team',
    title: 'LLC Formation',
    price: '$399 + state filing fees',
    amount_cents: 39900,
    billing_cycle: null,
    description:
      'We check name availability, prepare and file your Articles of Organization, obtain your EIN and draft an operating agreement. The one-time entity filing fee of $100 (North Carolina only for now) is charged separately: state filing fees are not included in our price.',
    attributes: {
      'Entity Type': 'LLC',
      'State Filing Fee': ENTITY_FILING_FEE,
      Turnaround: '3-5 business days',
      'EIN Application': 'Included',
      'Governing Documents': 'Operating agreement',
      'Registered Agent': 'First year included',
    },
  },
  {
    slug: 'corporation-formation',
    category: 'Company',
    provider: 'formation-team',
    title: 'Corporation Formation',
    price: '$499 + state filing fees',
    amount_cents: 49900,
    billing_cycle: null,
    description:
      'A corporation ready for investors: articles of incorporation, bylaws, the initial board consent, founder stock purchase agreements and your EIN. The one-time entity filing fee of $100 (North Carolina only for now) is charged separately.',
    attributes: {
      'Entity Type': 'Corporation',
      'State Filing Fee': ENTITY_FILING_FEE,
      Turnaround: '3-5 business days',
      'EIN Application': 'Included',
      'Governing Documents': 'Bylaws, board consent and founder stock agreements',
      'Registered Agent': 'First year included',
    },
  },
  {
    slug: 'non-profit-formation',
    category: 'Company',
    provider: 'formation-team',
    title: 'Non-Profit Formation',
    price: '$799 + state filing fees',
    amount_cents: 79900,
    billing_cycle: null,
    description:
      'A non-profit corporation with articles, bylaws, conflict-of-interest policy and EIN, and help preparing your 501(c)(3) application to the IRS (Form 1023 or 1023-EZ; the IRS user fee is separate). The one-time entity filing fee of $100 (North Carolina only for now) is charged separately.',
    attributes: {
      'Entity Type': '501(c)(3)',
      'State Filing Fee': ENTITY_FILING_FEE,
      Turnaround: '5-7 business days',
      'EIN Application': 'Included',
      'Governing Documents': 'Bylaws and conflict-of-interest policy',
      'Registered Agent': 'First year included',
    },
  },
  {
    slug: 'company-dissolution',
    category: 'Company',
    provider: 'formation-team',
    title: 'Company Dissolution',
    price: '$299 + state filing fees',
    amount_cents: 29900,
    billing_cycle: null,
    description:
      'Close your LLC or corporation properly: articles of dissolution, final federal and state returns coordinated with our tax team, and closing your state tax and payroll accounts, so annual fees and penalties stop. The one-time entity filing fee of $100 (North Carolina only for now) is charged separately.',
    attributes: {
      'Entity Type': 'LLC or Corporation',
      'State Filing Fee': ENTITY_FILING_FEE,
      Turnaround: '5-10 business days',
      'EIN Application': 'Not needed (EIN account closed)',
      'Governing Documents': 'Dissolution resolution and consents',
      'Registered Agent': 'Resigned at dissolution',
    },
  },

  // Compliance.
  {
    slug: 'annual-compliance',
    category: 'Compliance',
    provider: 'compliance-team',
    title: 'Annual Compliance',
    price: '$49/month',
    amount_cents: 4900,
    billing_cycle: 'monthly',
    description:
      'We track every state and federal deadline for one entity, file its annual report, act as its registered agent and keep its ownership information current, so it stays in good standing.',
    attributes: {
      Trial: 'N/A',
      'Annual Report': 'Included (state fee billed at cost)',
      'Registered Agent': 'Included',
      'BOI Reporting': 'Included when required',
      'Deadline Alerts': 'E-mail and dashboard',
      'States Covered': '1',
    },
  },
  {
    slug: 'registered-agent',
    category: 'Compliance',
    provider: 'compliance-team',
    title: 'Registered Agent Service',
    price: '$125/year',
    amount_cents: 12500,
    billing_cycle: null,
    description:
      'A registered agent with a North Carolina office that receives legal and state mail for your company during business hours and scans it to your dashboard the same day.',
    attributes: {
      Trial: 'N/A',
      'Annual Report': 'Reminders only',
      'Registered Agent': 'Included',
      'BOI Reporting': 'Not included',
      'Deadline Alerts': 'E-mail',
      'States Covered': '1',
    },
  },
  {
    slug: 'multi-state-compliance',
    category: 'Compliance',
    provider: 'compliance-team',
    title: 'Multi-State Compliance',
    price: 'Custom quote',
    amount_cents: null,
    billing_cycle: null,
    description:
      'Foreign qualifications, annual reports, registered agents and payroll tax registrations in every state where you have employees or nexus, managed from one calendar.',
    attributes: {
      Trial: 'N/A',
      'Annual Report': 'Included in every state',
      'Registered Agent': 'Included in every state',
      'BOI Reporting': 'Included when required',
      'Deadline Alerts': 'E-mail and dashboard',
      'States Covered': 'Unlimited',
    },
  },

  // People.
  {
    slug: 'payroll-starter',
    category: 'People',
    provider: 'payroll-team',
    title: 'Payroll Starter',
    price: 'Free for up to 5 employees',
    amount_cents: 0,
    billing_cycle: 'monthly',
    description:
      'Full-service payroll for up to 5 employees, free when bundled with accounting: direct deposit, tax withholding, quarterly and year-end filings, and W-2s.',
    attributes: {
      Trial: 'N/A',
      Employees: 'Up to 5',
      'Payroll Runs': 'Unlimited',
      'Payroll Tax Filings': 'Federal and state, quarterly and annual',
      'Benefits Administration': 'Not included',
      'HR Support': 'E-mail',
    },
  },
  {
    slug: 'payroll-growth',
    category: 'People',
    provider: 'payroll-team',
    title: 'Payroll Growth',
    price: '$100/month',
    amount_cents: 10000,
    billing_cycle: 'monthly',
    description:
      'Payroll for teams of 6-20 employees in any state, with contractor payments, benefits deductions and a named payroll specialist.',
    attributes: {
      Trial: 'N/A',
      Employees: '6-20',
      'Payroll Runs': 'Unlimited',
      'Payroll Tax Filings': 'Federal, state and local, quarterly and annual',
      'Benefits Administration': 'Deductions and reconciliation',
      'HR Support': 'Named payroll specialist',
    },
  },
  {
    slug: 'payroll-scale',
    category: 'People',
    provider: 'payroll-team',
    title: 'Payroll Scale',
    price: 'Custom pricing for 20+ employees',
    amount_cents: null,
    billing_cycle: 'monthly',
    description:
      'Multi-state payroll for 20+ employees, with benefits administration, HR policies and handbook support. Priced to your headcount and states.',
    attributes: {
      Trial: 'N/A',
      Employees: '20+',
      'Payroll Runs': 'Unlimited',
      'Payroll Tax Filings': 'Federal, state and local, quarterly and annual',
      'Benefits Administration': 'Included',
      'HR Support': 'Dedicated HR partner',
    },
  },
  {
    slug: 'recruiting-and-hr',
    category: 'People',
    provider: 'people-team',
    title: 'Recruiting & HR',
    price: 'Custom quote',
    amount_cents: null,
    billing_cycle: null,
    description:
      'Job descriptions, sourcing and screening for finance and operations roles, plus employee handbooks, onboarding and HR compliance for your first hires.',
    attributes: {
      Trial: 'N/A',
      Employees: 'Any size',
      'Payroll Runs': 'N/A',
      'Payroll Tax Filings': 'N/A',
      'Benefits Administration': 'Advice on plan selection',
      'HR Support': 'Dedicated HR partner',
    },
  },

  // Tax.
  {
    slug: 'tax-starter',
    category: 'Tax',
    provider: 'tax-team',
    title: 'Tax Starter',
    price: '$300/filing',
    amount_cents: 30000,
    billing_cycle: null,
    description:
      'A federal and one state income tax return for a single-member LLC, partnership or small corporation with straightforward books.',
    attributes: {
      Scope: 'Federal and one state business return',
      'W-2 Employees': 'Up to 5',
      States: '1',
      'Estimated Tax Payments': 'Calculated for the next year',
      'IRS Notice Support': 'Included for the filed year',
      Turnaround: '10 business days',
    },
  },
  {
    slug: 'tax-growth',
    category: 'Tax',
    provider: 'tax-team',
    title: 'Tax Growth',
    price: '$1,200/filing',
    amount_cents: 120000,
    billing_cycle: null,
    description:
      'Federal and state returns for growing companies with up to 20 W-2 employees, filing in up to 3 states, including apportionment and credits.',
    attributes: {
      Scope: 'Federal and multi-state business returns',
      'W-2 Employees': 'Up to 20',
      States: 'Up to 3',
      'Estimated Tax Payments': 'Calculated and scheduled',
      'IRS Notice Support': 'Included for the filed year',
      Turnaround: '10 business days',
    },
  },
  {
    slug: 'tax-enterprise',
    category: 'Tax',
    provider: 'tax-team',
    title: 'Tax Enterprise',
    price: 'Custom/year',
    amount_cents: null,
    billing_cycle: null,
    description:
      'Year-round tax for larger and multi-entity companies: federal, state and international filings, provision support and a dedicated tax manager.',
    attributes: {
      Scope: 'Federal, state and international filings',
      'W-2 Employees': 'Unlimited',
      States: 'Unlimited',
      'Estimated Tax Payments': 'Calculated and scheduled',
      'IRS Notice Support': 'Included, with audit representation',
      Turnaround: 'Agreed per filing calendar',
    },
  },
  {
    slug: 'rd-tax-credit-basic',
    category: 'Tax',
    provider: 'tax-credits-team',
    title: 'R&D Tax Credit Study (Basic)',
    price: '$2,500-$5,000 (custom quote)',
    amount_cents: null,
    billing_cycle: null,
    description:
      'For startups claiming the federal research credit for the first time: we identify qualifying wages and contractor costs, prepare Form 6765 and the payroll tax election for qualified small businesses.',
    attributes: {
      Scope: 'Federal credit, Form 6765',
      'W-2 Employees': 'Up to 20',
      States: 'Federal only',
      'Estimated Tax Payments': 'N/A',
      'IRS Notice Support': 'Included for the claimed year',
      Turnaround: '2-3 weeks',
    },
  },
  {
    slug: 'rd-tax-credit-full',
    category: 'Tax',
    provider: 'tax-credits-team',
    title: 'R&D Tax Credit Study (Full)',
    price: '$5,000-$15,000 (custom quote)',
    amount_cents: null,
    billing_cycle: null,
    description:
      'A full, documented study of federal and state research credits with project interviews, contemporaneous documentation and the nexus between projects and costs that an examiner expects.',
    attributes: {
      Scope: 'Federal and state credits, documented study',
      'W-2 Employees': 'Unlimited',
      States: 'All qualifying states',
      'Estimated Tax Payments': 'N/A',
      'IRS Notice Support': 'Included, with exam support',
      Turnaround: '4-6 weeks',
    },
  },
  {
    slug: 'tax-planning-quarterly',
    category: 'Tax',
    provider: 'tax-team',
    title: 'Tax Planning (Quarterly)',
    price: '$1,500/quarter',
    amount_cents: 150000,
    billing_cycle: null,
    description:
      'A planning session each quarter: projected tax, estimated payments, entity and compensation choices, and the moves worth making before the quarter closes.',
    attributes: {
      Scope: 'Business and owner tax planning',
      'W-2 Employees': 'Any',
      States: 'Up to 3',
      'Estimated Tax Payments': 'Calculated every quarter',
      'IRS Notice Support': 'N/A',
      Turnaround: 'Written plan within 5 business days',
    },
  },
  {
    slug: 'tax-planning-annual',
    category: 'Tax',
    provider: 'tax-team',
    title: 'Tax Planning (Annual)',
    price: '$5,000/year',
    amount_cents: 500000,
    billing_cycle: null,
    description:
      'Year-round planning at a lower annual price: four quarterly sessions, a year-end plan, and questions answered between sessions.',
    attributes: {
      Scope: 'Business and owner tax planning, year-round',
      'W-2 Employees': 'Any',
      States: 'Up to 3',
      'Estimated Tax Payments': 'Calculated every quarter',
      'IRS Notice Support': 'Included',
      Turnaround: 'Written plan within 5 business days',
    },
  },

  // Equity.
  {
    slug: '409a-valuation-initial',
    category: 'Equity',
    provider: 'valuation-team',
    title: '409A Valuation (Initial)',
    price: '$5,000-$10,000 (custom quote)',
    amount_cents: null,
    billing_cycle: null,
    description:
      'An independent valuation of your common stock before your first option grants, so strike prices are set at fair market value and employees avoid 409A penalties.',
    attributes: {
      Trial: 'N/A',
      Scope: 'Common stock fair market value',
      Deliverable: 'Valuation report with safe-harbor support',
      Turnaround: '2-3 weeks',
      'Audit Ready': 'Yes',
    },
  },
  {
    slug: '409a-valuation-annual',
    category: 'Equity',
    provider: 'valuation-team',
    title: '409A Valuation (Annual Update)',
    price: '$3,000-$7,000 (custom quote)',
    amount_cents: null,
    billing_cycle: null,
    description: 'The yearly refresh of your 409A valuation, which is generally relied on for 12 months.',
    attributes: {
      Trial: 'N/A',
      Scope: 'Common stock fair market value',
      Deliverable: 'Updated valuation report',
      Turnaround: '1-2 weeks',
      'Audit Ready': 'Yes',
    },
  },
  {
    slug: '409a-valuation-material-event',
    category: 'Equity',
    provider: 'valuation-team',
    title: '409A Valuation (Material Event)',
    price: '$2,500-$5,000 (custom quote)',
    amount_cents: null,
    billing_cycle: null,
    description:
      'A new valuation after a priced round, an acquisition offer or another material event, before the next grants.',
    attributes: {
      Trial: 'N/A',
      Scope: 'Common stock fair market value after the event',
      Deliverable: 'Updated valuation report',
      Turnaround: '1-2 weeks',
      'Audit Ready': 'Yes',
    },
  },
  {
    slug: 'cap-table-management',
    category: 'Equity',
    provider: 'equity-team',
    title: 'Cap Table Management',
    price: '$99/month',
    amount_cents: 9900,
    billing_cycle: 'monthly',
    description:
      'Your cap table kept current: option grants and exercises, SAFEs and notes, vesting schedules, board approvals and the ASC 718 expense report your auditors ask for.',
    attributes: {
      Trial: 'N/A',
      Scope: 'Cap table, grants and vesting',
      Deliverable: 'Live cap table and quarterly reports',
      Turnaround: 'Updates within 2 business days',
      'Audit Ready': 'Yes',
    },
  },
  {
    slug: 'fund-administration',
    category: 'Equity',
    provider: 'fund-admin-team',
    title: 'Equity & Fund Administration',
    price: 'Custom quote',
    amount_cents: null,
    billing_cycle: null,
    description:
      'Fund accounting for venture funds and SPVs: capital calls, distributions, waterfall calculations, investor statements and K-1 coordination.',
    attributes: {
      Trial: 'N/A',
      Scope: 'Venture funds and SPVs',
      Deliverable: 'Quarterly investor statements and fund financials',
      Turnaround: 'Quarterly close within 30 days',
      'Audit Ready': 'Yes',
    },
  },
];

const stableId = (key: string) =>
  `overlay(overlay(md5('catalog.service:' || ${key}) placing '3' from 13) placing '8' from 17)::uuid`;

const positioned = <T extends object>(rows: T[]) => rows.map((row, index) => ({ ...row, position: index + 1 }));

export class SeedServices1795316800000 implements MigrationInterface {
  name = 'SeedServices1795316800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO service_categories (name, title, position, attribute_names)
       SELECT x.name, x.title, x.position, ARRAY(SELECT jsonb_array_elements_text(x.attribute_names))
       FROM jsonb_to_recordset($1::jsonb) AS x(name text, title text, position integer, attribute_names jsonb)
       ON CONFLICT (name) DO NOTHING`,
      [JSON.stringify(positioned(CATEGORIES))],
    );
    await queryRunner.query(
      `INSERT INTO services
         (id, slug, category, provider, title, price, amount_cents, billing_cycle, description, attributes, position)
       SELECT ${stableId('x.slug')}, x.slug, x.category, x.provider, x.title, x.price, x.amount_cents,
              x.billing_cycle, x.description, x.attributes, x.position
       FROM jsonb_to_recordset($1::jsonb) AS x(
         slug text, category text, provider text, title text, price text, amount_cents integer,
         billing_cycle text, description text, attributes jsonb, position integer)
       ON CONFLICT (slug) DO NOTHING`,
      [JSON.stringify(positioned(SERVICES))],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM services WHERE slug = ANY($1)`, [SERVICES.map((service) => service.slug)]);
    await queryRunner.query(
      `DELETE FROM service_categories WHERE name = ANY($1) AND NOT EXISTS (
      SELECT 1 FROM services WHERE services.category = service_categories.name)`,
      [CATEGORIES.map((category) => category.name)],
    );
  }
}
