import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 19 filings of the footer (spec part 1 section 2). `estimated_fee` is our fee for
 * preparing and filing; government fees are billed at cost and named in the description.
 * `deadline_date` is the next statutory due date, or for on-demand filings the date by
 * which we can still deliver before year-end. Two are past on purpose: the BOI deadline
 * (domestic companies are now exempt) and the extended FBAR due date for 2025 accounts.
 */
const FORMS = [
  {
    slug: 'assumed-business-name-certificate',
    form_name: 'Assumed Business Name Certificate',
    name: 'Assumed Business Name Certificate (County Register of Deeds)',
    short_description: 'Register the name your business trades under when it differs from its legal name.',
    long_description:
      'In North Carolina, a business that operates under any name other than its exact legal name must file an Assumed Business Name Certificate with the Register of Deeds of the county where it has its principal office (sole proprietors and partnerships in each county where they do business). Banks ask for the recorded certificate before opening an account in the trade name. We prepare the certificate, record it and put the recorded copy in your vault. The county recording fee ($26) is billed at cost.',
    filing_frequency: 'One-time; amend or withdraw when details change',
    estimated_fee: '$99',
    estimated_fee_cents: 9900,
    deadline_date: '2026-12-31',
  },
  {
    slug: 'certified-copies',
    form_name: 'Certified Copies',
    name: 'Certified Copies of Filed Documents (Secretary of State)',
    short_description:
      'Certified copies of your formation documents and amendments for banks, courts and other states.',
    long_description:
      'Lenders, banks, courts and other states (for a foreign qualification) often require certified copies of your articles, amendments and other filed documents. We order them from the Secretary of State and deliver them as PDFs or paper copies. The state certification and per-page fees are billed at cost. Orders placed by the date shown are delivered before the year-end holiday closure.',
    filing_frequency: 'As needed',
    estimated_fee: '$75',
    estimated_fee_cents: 7500,
    deadline_date: '2026-12-18',
  },
  {
    slug: 'certificate-of-good-standing',
    form_name: 'Certificate of Good Standing',
    name: 'Certificate of Existence (Good Standing)',
    short_description: 'Official proof that your company exists and is current with the state.',
    long_description:
      'Called a Certificate of Existence in North Carolina, it confirms that your company is active and current with its annual reports. Banks, investors, landlords and other states usually want one issued within the last 30 days. If the state shows a problem, such as a missed annual report, we tell you what to file to fix it. The $15 state fee is billed at cost. Orders placed by the date shown are delivered before the year-end holiday closure.',
    filing_frequency: 'As needed (usually requested within 30 days of issue)',
    estimated_fee: '$75',
    estimated_fee_cents: 7500,
    deadline_date: '2026-12-18',
  },
  {
    slug: 'articles-of-dissolution',
    form_name: 'Articles of Dissolution',
    name: 'Articles of Dissolution (LLC or Business Corporation)',
    short_description: 'Formally close your LLC or corporation so state fees and penalties stop.',
    long_description:
      'Articles of Dissolution end your company with the Secretary of State, so annual reports, franchise taxes and penalties stop accruing. Filing before December 31 keeps the company from owing next year\u2019s annual report. We include a checklist for the final payroll, final federal and state returns and closing your tax accounts. The $30 state filing fee is billed at cost.',
    filing_frequency: 'One-time',
    estimated_fee: '$199',
    estimated_fee_cents: 19900,
    deadline_date: '2026-12-31',
  },
  {
    slug: 'annual-report',
    form_name: 'Annual Report',
    name: 'Annual Report (Secretary of State)',
    short_description: 'The yearly report that keeps your company in good standing with the state.',
    long_description:
      'Every North Carolina LLC files an annual report with the Secretary of State by April 15, confirming its principal office, registered agent and managers ($200 state fee). Business corporations file by the 15th day of the fourth month after their fiscal year ends ($25 state fee). Missing it leads to administrative dissolution. We prepare and file the report and keep the filed copy in your vault.',
    filing_frequency: 'Annual',
    estimated_fee: '$150',
    estimated_fee_cents: 15000,
    deadline_date: '2027-04-15',
  },
  {
    slug: 'trade-name-certificate',
    form_name: 'Trade Name Certificate',
    name: 'Trade Name Certificate (DBA) for States Outside North Carolina',
    short_description: 'Register a trade name (DBA) in the states outside North Carolina where you do business.',
    long_description:
      'Many states call the DBA filing a trade name certificate or registration, filed with the state or with the county. We file it where you operate, publish notice where the state requires it, and track renewals in the states where trade names expire. Government fees vary by state and are billed at cost.',
    filing_frequency: 'One-time; renew where the state requires it',
    estimated_fee: '$125',
    estimated_fee_cents: 12500,
    deadline_date: '2027-01-15',
  },
  {
    slug: 'amendment-of-articles',
    form_name: 'Amendment of Articles',
    name: 'Articles of Amendment',
    short_description: 'Change your company name, authorized shares or other terms of your articles.',
    long_description:
      'Articles of Amendment change the name, purpose, authorized shares, management structure or other provisions of your articles of organization or incorporation. Investors often require one before a priced round, for example to authorize preferred stock. We draft the amendment and the approving consent and file it. The $50 state filing fee is billed at cost.',
    filing_frequency: 'As needed',
    estimated_fee: '$175',
    estimated_fee_cents: 17500,
    deadline_date: '2027-01-15',
  },
  {
    slug: 'change-of-registered-agent',
    form_name: 'Change of Registered Agent',
    name: 'Statement of Change of Registered Office and/or Registered Agent',
    short_description: 'Update the registered agent or registered office the state has on record.',
    long_description:
      'Updates the registered agent or registered office on file with the Secretary of State, for example when you appoint us as your agent or move your office. Keep it current: legal papers served on an outdated agent still count as delivered to your company. The $5 state filing fee is billed at cost.',
    filing_frequency: 'As needed',
    estimated_fee: '$99',
    estimated_fee_cents: 9900,
    deadline_date: '2026-12-15',
  },
  {
    slug: 'application-for-reinstatement',
    form_name: 'Application for Reinstatement',
    name: 'Application for Reinstatement Following Administrative Dissolution',
    short_description: 'Bring an administratively dissolved company back into good standing.',
    long_description:
      'Restores an LLC or corporation that the state dissolved, usually for missed annual reports or a lapsed registered agent. We file the missing annual reports together with the application and obtain the tax clearance from the Department of Revenue when it is required. State fees ($100 plus each missing annual report) are billed at cost.',
    filing_frequency: 'One-time',
    estimated_fee: '$250',
    estimated_fee_cents: 25000,
    deadline_date: '2027-02-26',
  },
  {
    slug: 'articles-of-organization',
    form_name: 'Articles of Organization',
    name: 'Articles of Organization (Limited Liability Company)',
    short_description: 'Create your LLC with the Secretary of State.',
    long_description:
      'The filing that creates a limited liability company. We check that the name is available, prepare and file the articles, and can act as your registered agent. To start the new year as an LLC, file by the date shown: the articles can carry a delayed effective date of January 1. The state filing fee is billed at cost; see our LLC Formation service for the EIN and operating agreement.',
    filing_frequency: 'One-time',
    estimated_fee: '$150',
    estimated_fee_cents: 15000,
    deadline_date: '2026-12-15',
  },
  {
    slug: 'resignation-of-agent',
    form_name: 'Resignation of Agent',
    name: 'Statement of Resignation of Registered Agent',
    short_description: 'Resign as registered agent of a company you no longer represent.',
    long_description:
      'Lets a registered agent resign from an entity it no longer represents, for example a company you have left. The resignation takes effect on the 31st day after filing unless the company appoints a new agent sooner, and the agent must send a copy to the company. The $5 state filing fee is billed at cost.',
    filing_frequency: 'As needed',
    estimated_fee: '$99',
    estimated_fee_cents: 9900,
    deadline_date: '2027-01-15',
  },
  {
    slug: 'irs-form-7004',
    form_name: 'IRS Form 7004',
    name: 'Application for Automatic Extension of Time To File Certain Business Income Tax, Information, and Other Returns',
    short_description: 'Six more months to file your business income tax return.',
    long_description:
      'Gives partnerships and S corporations until September 15 and C corporations until October 15 to file their income tax returns. It extends the time to file, not to pay: tax still due must be paid by the original due date to avoid penalties and interest. For calendar-year partnerships and S corporations it is due March 15; for C corporations, April 15.',
    filing_frequency: 'Annual',
    estimated_fee: '$150',
    estimated_fee_cents: 15000,
    deadline_date: '2027-03-15',
  },
  {
    slug: 'irs-form-5471',
    form_name: 'IRS Form 5471',
    name: 'Information Return of U.S. Persons With Respect to Certain Foreign Corporations',
    short_description: 'Report ownership of, or a role in, a foreign corporation.',
    long_description:
      'Required of U.S. citizens, residents and companies that are officers, directors or shareholders of certain foreign corporations, for example a U.S. startup with a foreign subsidiary. It is attached to the income tax return and due with it, including extensions. The penalty for not filing starts at $10,000 per form per year, and the statute of limitations on the whole return stays open until it is filed.',
    filing_frequency: 'Annual, with the income tax return',
    estimated_fee: '$1,500',
    estimated_fee_cents: 150000,
    deadline_date: '2027-04-15',
  },
  {
    slug: 'irs-form-5472',
    form_name: 'IRS Form 5472',
    name: 'Information Return of a 25% Foreign-Owned U.S. Corporation or a Foreign Corporation Engaged in a U.S. Trade or Business',
    short_description: 'Report transactions with foreign owners, including for foreign-owned single-member LLCs.',
    long_description:
      'Reports transactions between a U.S. corporation and its foreign owners or other related parties. A single-member LLC owned by a foreign person must file it too, attached to a pro forma Form 1120, even with no income. The penalty for a missing or incomplete form is $25,000. It is due with the return: April 15 for calendar-year filers, or October 15 with an extension.',
    filing_frequency: 'Annual, with the income tax return',
    estimated_fee: '$750',
    estimated_fee_cents: 75000,
    deadline_date: '2027-04-15',
  },
  {
    slug: 'irs-form-1120',
    form_name: 'IRS Form 1120',
    name: 'U.S. Corporation Income Tax Return',
    short_description: 'The federal income tax return of a C corporation.',
    long_description:
      'Reports a C corporation\u2019s income, deductions and credits (including the research credit) and its tax at the 21% corporate rate. Calendar-year corporations file by April 15, or by October 15 with Form 7004. A corporation files every year it exists, even a startup with no revenue.',
    filing_frequency: 'Annual',
    estimated_fee: '$1,200',
    estimated_fee_cents: 120000,
    deadline_date: '2027-04-15',
  },
  {
    slug: 'irs-form-1099-series',
    form_name: 'IRS Form 1099 Series',
    name: 'Information Returns (Forms 1099-NEC, 1099-MISC and 1099-INT)',
    short_description: 'Report payments to contractors and other non-employees.',
    long_description:
      'Reports payments to contractors (1099-NEC), rents and other income (1099-MISC) and interest (1099-INT). Form 1099-NEC is due to the IRS and to each recipient by January 31; for 2026 payments that is February 1, 2027, as January 31 falls on a Sunday. We collect W-9s, file electronically (required once you file 10 or more information returns) and deliver the recipient copies.',
    filing_frequency: 'Annual',
    estimated_fee: '$150',
    estimated_fee_cents: 15000,
    deadline_date: '2027-02-01',
  },
  {
    slug: 'fincen-form-114',
    form_name: 'FinCEN Form 114 (FBAR)',
    name: 'Report of Foreign Bank and Financial Accounts',
    short_description: 'Report foreign bank and financial accounts worth more than $10,000 in total.',
    long_description:
      'U.S. persons, including U.S. companies, file an FBAR when the combined highest balances of their foreign financial accounts exceeded $10,000 at any time during the year. It is filed electronically with FinCEN, not with the tax return, and is due April 15 with an automatic extension to October 15: the report on 2025 accounts was due by October 15, 2026. Missed it? Late reports go through the IRS delinquent FBAR procedures; send us a message and we will review your situation.',
    filing_frequency: 'Annual',
    estimated_fee: '$200',
    estimated_fee_cents: 20000,
    deadline_date: '2026-10-15',
  },
  {
    slug: '409a-valuation',
    form_name: '409A Valuation',
    name: 'Independent Valuation of Common Stock (IRC Section 409A)',
    short_description: 'An independent valuation so option strike prices hold up under Section 409A.',
    long_description:
      'An independent appraisal of your common stock, so that option strike prices are set at fair market value and employees avoid 409A penalties (immediate income tax plus 20%). A valuation is generally relied on for 12 months, or until a material event such as a priced round. Order one before the board approves the next grants; a year-end valuation lets you grant in January without a gap.',
    filing_frequency: 'Every 12 months or after a material event',
    estimated_fee: '$5,000',
    estimated_fee_cents: 500000,
    deadline_date: '2026-12-31',
  },
  {
    slug: 'fincen-boi-report',
    form_name: 'FinCEN BOI Report',
    name: 'Beneficial Ownership Information Report',
    short_description: 'Report the people who own or control your company to FinCEN, where still required.',
    long_description:
      'Under the Corporate Transparency Act, reporting companies had to report their beneficial owners to FinCEN; the extended deadline for most existing companies was March 21, 2025. FinCEN\u2019s March 2025 interim final rule exempted companies created in the United States and their U.S. owners, while foreign companies registered to do business in a U.S. state must still report within 30 days of registration. Send us a message and we will confirm whether your company has to file.',
    filing_frequency: 'One-time; update within 30 days of a change',
    estimated_fee: '$99',
    estimated_fee_cents: 9900,
    deadline_date: '2025-03-21',
  },
];

const stableId = (key: string) =>
  `overlay(overlay(md5('catalog.form:' || ${key}) placing '3' from 13) placing '8' from 17)::uuid`;

const positioned = <T extends object>(rows: T[]) => rows.map((row, index) => ({ ...row, position: index + 1 }));

export class SeedFilingForms1795316900000 implements MigrationInterface {
  name = 'SeedFilingForms1795316900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO filing_forms (id, slug, form_name, name, short_description, long_description, filing_frequency,
                                 estimated_fee, estimated_fee_cents, deadline_date, position)
       SELECT ${stableId('x.slug')}, x.slug, x.form_name, x.name, x.short_description, x.long_description,
              x.filing_frequency, x.estimated_fee, x.estimated_fee_cents, x.deadline_date, x.position
       FROM jsonb_to_recordset($1::jsonb) AS x(
         slug text, form_name text, name text, short_description text, long_description text,
         filing_frequency text, estimated_fee text, estimated_fee_cents integer, deadline_date date, position integer)
       ON CONFLICT (slug) DO NOTHING`,
      [JSON.stringify(positioned(FORMS))],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM filing_forms WHERE slug = ANY($1)`, [FORMS.map((form) => form.slug)]);
  }
}
