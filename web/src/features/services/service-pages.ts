import { ROUTES } from '../../shared/routes';

/**
 * The six service pages (spec part 1, section 2). Their copy is ours; their packages come from the
 * catalog. 'company' lists one-time company services (Start or Book a Call), the others monthly
 * packages (Subscribe or Book a Call), as part 2, section 9 describes.
 */
export type ServicePageKey = 'books' | 'company' | 'compliance' | 'people' | 'tax' | 'equity';

export interface ServicePageContent {
  key: ServicePageKey;
  path: string;
  name: string;
  title: string;
  lead: string;
  highlights: string[];
  /** The packages' noun in the load-failure and empty texts. */
  noun: string;
  mode: 'packages' | 'company';
}

export const SERVICE_PAGES: Record<ServicePageKey, ServicePageContent> = {
  books: {
    key: 'books',
    path: ROUTES.books,
    name: 'Books',
    title: 'Bookkeeping that closes on time, every month',
    lead: 'Monthly books, bank and card reconciliations and AI dashboards, kept by a dedicated accountant. Start with a free 3-month trial.',
    highlights: [
      'Monthly close you can count on',
      'Every bank and card reconciled',
      'AI dashboards of cash, burn and runway',
    ],
    noun: 'bookkeeping packages',
    mode: 'packages',
  },
  company: {
    key: 'company',
    path: ROUTES.company,
    name: 'Company',
    title: 'Form, change or close your company',
    lead: 'LLC, corporation and non-profit formation and dissolution, prepared and filed with the state for you.',
    highlights: [
      'Filed by specialists, not a form wizard',
      'Registered agent and EIN guidance',
      'Clean dissolution when it is time',
    ],
    noun: 'company services',
    mode: 'company',
  },
  compliance: {
    key: 'compliance',
    path: ROUTES.compliance,
    name: 'Compliance',
    title: 'Stay in good standing in every state',
    lead: 'Annual reports, registered agents, BOI reports and certificates, tracked on one calendar and filed before they are due.',
    highlights: ['One calendar for every deadline', 'Reminders before anything is due', 'Filings done for you'],
    noun: 'compliance packages',
    mode: 'packages',
  },
  people: {
    key: 'people',
    path: ROUTES.people,
    name: 'People',
    title: 'Payroll and HR for growing teams',
    lead: 'Run payroll for employees and contractors, onboard new hires and stay compliant wherever you hire.',
    highlights: ['Payroll in every state', 'Onboarding and offer letters', 'Free payroll when bundled with accounting'],
    noun: 'payroll packages',
    mode: 'packages',
  },
  tax: {
    key: 'tax',
    path: ROUTES.tax,
    name: 'Tax',
    title: 'Business tax returns, credits and planning',
    lead: 'Federal and state returns, R&D credits and quarterly planning by CPAs and enrolled agents who work with startups.',
    highlights: [
      'Returns and extensions filed on time',
      'R&D credits claimed in full',
      'Planning that lowers next year’s bill',
    ],
    noun: 'tax packages',
    mode: 'packages',
  },
  equity: {
    key: 'equity',
    path: ROUTES.equity,
    name: 'Equity',
    title: 'Cap tables, 409A valuations and fund administration',
    lead: 'Keep ownership records right, get defensible 409A valuations and run your fund’s back office with one team.',
    highlights: ['Cap table kept current', 'Independent 409A valuations', 'Capital calls and investor reports'],
    noun: 'equity packages',
    mode: 'packages',
  },
};

export const SERVICE_PAGE_ORDER: ServicePageKey[] = ['books', 'company', 'compliance', 'people', 'tax', 'equity'];

/** The load-failure and empty texts (spec part 2, section 8, for books and company; the same form for the rest). */
export function packageMessages(noun: string): { failed: string; empty: string } {
  return { failed: `Failed to load ${noun}. Please try again.`, empty: `No ${noun} available at this time.` };
}

/** Company formation fees (spec part 2, section 9). */
export const COMPANY_FEE_NOTES = [
  'Entity filing fee: $100 one-time (North Carolina only for now).',
  'State filing fees are not included in formation prices.',
];
