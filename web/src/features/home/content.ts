import { ROUTES } from '../../shared/routes';
import type { Palette } from './components/illustrations';
import type { Motif } from './motifs';

/** The home page's copy and images (spec part 1, section 2: seven blocks, four images each). */

export interface HomeImage {
  motif: Motif;
  label: string;
}

export interface MarketingBlock {
  id: string;
  heading: string;
  title: string;
  description: string;
  link: { label: string; to: string };
  palette: Palette;
  images: [HomeImage, HomeImage, HomeImage, HomeImage];
}

export const MARKETING_BLOCKS: MarketingBlock[] = [
  {
    id: 'books',
    heading: 'Books',
    title: 'Books that close on time, every month',
    description:
      'Monthly bookkeeping, bank and card reconciliations and an AI dashboard of your numbers, kept by a dedicated accountant who knows your business.',
    link: { label: 'Explore Books', to: ROUTES.books },
    palette: { a: '#13315c', b: '#0b6e6e', c: '#9fd8d1', bg: '#e6f3f2' },
    images: [
      { motif: 'ledger', label: 'A general ledger with reconciled entries' },
      { motif: 'bars', label: 'A bar chart of monthly revenue' },
      { motif: 'receipt', label: 'A receipt ready to be categorised' },
      { motif: 'laptop', label: 'A laptop showing the monthly dashboard' },
    ],
  },
  {
    id: 'company',
    heading: 'Company',
    title: 'Start, change or close your company',
    description:
      'LLC, corporation and non-profit formation, amendments and dissolution, prepared and filed with the state for you.',
    link: { label: 'Explore Company', to: ROUTES.company },
    palette: { a: '#3b2f7a', b: '#c4661f', c: '#c9c3ee', bg: '#f1effb' },
    images: [
      { motif: 'building', label: 'An office building for a new company' },
      { motif: 'certificate', label: 'Articles of organization with a state seal' },
      { motif: 'idCard', label: 'An identity card for the company record' },
      { motif: 'checklist', label: 'A formation checklist with two steps done' },
    ],
  },
  {
    id: 'compliance',
    heading: 'Compliance',
    title: 'Never miss a state or federal deadline',
    description:
      'Annual reports, registered agent changes, certificates of good standing and BOI reports, tracked on one calendar and filed before they are due.',
    link: { label: 'Explore Compliance', to: ROUTES.compliance },
    palette: { a: '#0b1f3a', b: '#1f8a5b', c: '#bfe3cf', bg: '#ecf7f1' },
    images: [
      { motif: 'shield', label: 'A shield with a check mark' },
      { motif: 'calendar', label: 'A calendar with a filing deadline marked' },
      { motif: 'checklist', label: 'A compliance checklist' },
      { motif: 'certificate', label: 'A certificate of good standing' },
    ],
  },
  {
    id: 'people',
    heading: 'People',
    title: 'Payroll, HR and hiring without the paperwork',
    description:
      'Run payroll for employees and contractors, onboard new hires and stay compliant in every state where you hire.',
    link: { label: 'Explore People', to: ROUTES.people },
    palette: { a: '#7a2e4d', b: '#c98a2e', c: '#f2c6d6', bg: '#fbf0f4' },
    images: [
      { motif: 'people', label: 'A small team of three people' },
      { motif: 'payslip', label: 'A payslip with the net pay highlighted' },
      { motif: 'calendar', label: 'A payroll calendar' },
      { motif: 'idCard', label: 'An employee badge' },
    ],
  },
  {
    id: 'tax',
    heading: 'Tax',
    title: 'Tax returns and planning from people who know startups',
    description:
      'Federal and state business returns, R&D credits and quarterly tax planning, prepared and filed by our CPAs and enrolled agents.',
    link: { label: 'Explore Tax', to: ROUTES.tax },
    palette: { a: '#1f4e79', b: '#b8452f', c: '#c7dcef', bg: '#eef4fa' },
    images: [
      { motif: 'taxForm', label: 'A business tax return' },
      { motif: 'percent', label: 'A percentage sign for tax rates and credits' },
      { motif: 'calculator', label: 'A calculator' },
      { motif: 'calendar', label: 'A calendar with the filing date marked' },
    ],
  },
  {
    id: 'equity-management',
    heading: 'Equity Management',
    title: 'Your cap table, always up to date',
    description:
      'Issue shares and options, track vesting and model your next round, with 409A valuations when you need them.',
    link: { label: 'Explore Equity Management', to: ROUTES.equity },
    palette: { a: '#264653', b: '#b7791f', c: '#a8dadc', bg: '#eef6f6' },
    images: [
      { motif: 'pie', label: 'A pie chart of ownership' },
      { motif: 'certificate', label: 'A share certificate' },
      { motif: 'growth', label: 'A line chart of company value rising' },
      { motif: 'people', label: 'Founders and employees holding equity' },
    ],
  },
  {
    id: 'equity',
    heading: 'Equity',
    title: 'Fund administration for investors',
    description:
      'Capital calls, distributions and investor reporting for funds and SPVs, reconciled to the books every month.',
    link: { label: 'Explore Equity', to: ROUTES.equity },
    palette: { a: '#5b3a29', b: '#1d7f74', c: '#e9d5c3', bg: '#faf4ee' },
    images: [
      { motif: 'vault', label: 'A vault for fund assets' },
      { motif: 'growth', label: 'A chart of fund performance' },
      { motif: 'bars', label: 'A bar chart of capital calls' },
      { motif: 'globe', label: 'A globe for investors everywhere' },
    ],
  },
];

/** The services tab's features list (spec part 1, section 2). */
export const SERVICE_FEATURES = [
  {
    title: 'Dedicated account manager',
    text: 'One person who knows your business and answers within a working day.',
  },
  {
    title: 'Use our platform or yours',
    text: 'Work in our client portal or keep the accounting software you already use.',
  },
  {
    title: 'Custom workflows',
    text: 'Approvals, reports and reminders set up the way your team works.',
  },
  {
    title: 'Built-in AI and automation',
    text: 'Transactions categorised and reconciled automatically, reviewed by people.',
  },
];

/** The marketing block of a service area, for the services tab's images; Books' when none matches. */
export function blockForPath(path: string): MarketingBlock {
  return MARKETING_BLOCKS.find((block) => block.link.to === path) ?? MARKETING_BLOCKS[0];
}
