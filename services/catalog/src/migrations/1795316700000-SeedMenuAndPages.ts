import { MigrationInterface, QueryRunner } from 'typeorm';

// Original line icons, 24×24, drawn in currentColor so they follow the header's text colour.
const svg = (body: string) =>
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" ' +
  `stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`;

const MENU = [
  {
    slug: 'books',
    path: '/books',
    title: 'Books',
    description: 'Monthly bookkeeping, reconciliations and financial statements, with a 3-month free trial.',
    icon: svg(
      '<path d="M5 4.5A1.5 1.5 0 0 1 6.5 3H19v15H6.5A1.5 1.5 0 0 0 5 19.5z"/><path d="M5 19.5A1.5 1.5 0 0 0 6.5 21H19v-3"/><path d="M9 7.5h6M9 11h6M9 14.5h3.5"/>',
    ),
  },
  {
    slug: 'company',
    path: '/company',
    title: 'Company',
    description: 'Form an LLC, corporation or non-profit, or close one down, with every filing handled.',
    icon: svg(
      '<path d="M3.5 21h17"/><path d="M6 21V4.5a1 1 0 0 1 1-1h7a1 1 0 0 1 1 1V21"/><path d="M15 9.5h3a1 1 0 0 1 1 1V21"/><path d="M9 7.5h3M9 11h3M9 14.5h3"/><path d="M10 21v-3h1v3"/>',
    ),
  },
  {
    slug: 'compliance',
    path: '/compliance',
    title: 'Compliance',
    description: 'Annual reports, registered agent and state filings, tracked against every deadline.',
    icon: svg('<path d="M12 3l7 3v5c0 4.6-3 8.5-7 10-4-1.5-7-5.4-7-10V6z"/><path d="M8.75 12.25l2.25 2.25 4.25-4.5"/>'),
  },
  {
    slug: 'people',
    path: '/people',
    title: 'People',
    description: 'Payroll, HR and recruiting for teams of one to hundreds.',
    icon: svg(
      '<circle cx="9" cy="8" r="3"/><path d="M3.5 19.5a5.5 5.5 0 0 1 11 0"/><circle cx="17" cy="9.5" r="2.5"/><path d="M16 14.2a4.5 4.5 0 0 1 5 4.3"/>',
    ),
  },
  {
    slug: 'tax',
    path: '/tax',
    title: 'Tax',
    description: 'Business tax returns, R&D credits and year-round tax planning.',
    icon: svg(
      '<path d="M6 3h12v18l-3-2-3 2-3-2-3 2z"/><path d="M9.5 14.5l5-5"/><circle cx="9.75" cy="9.75" r="1"/><circle cx="14.25" cy="14.25" r="1"/>',
    ),
  },
  {
    slug: 'equity',
    path: '/equity',
    title: 'Equity',
    description: '409A valuations, cap table management and fund administration.',
    icon: svg('<path d="M11 4a8 8 0 1 0 9 9h-9z"/><path d="M14 3.2A7.5 7.5 0 0 1 20.8 10H14z"/>'),
  },
];

// Plain text: paragraphs separated by a blank line (the web renders text, never HTML, from pages).
const PAGES = [
  {
    name: 'home',
    title: 'Your business, books, equity, payroll, taxes and compliance. Handled.',
    content: [
      'One team for the back office of founders, startups and small businesses: bookkeeping, tax, compliance, company formation, payroll and equity management, on our platform or yours.',
      'Start with a no-obligation 3-month trial of our bookkeeping. No card is charged during the trial.',
      'Clients save up to 70% against in-house staff and get back 20+ hours a month, with a 24-hour turnaround, AI monthly dashboards and a dedicated team for every client.',
    ].join('\n\n'),
  },
  {
    name: 'about',
    title: 'About Us',
    content: [
      'We are accountants, tax professionals and compliance specialists who work with freelancers, startups, growing businesses and the CPA firms that serve them.',
      'Every client gets a dedicated team that knows their business, backed by a platform that automates the routine work: bank feeds, reconciliations, deadline tracking and monthly reporting.',
      'More than 1000 businesses trust us with their books, taxes and filings, with a 99% satisfaction rate.',
    ].join('\n\n'),
  },
  {
    name: 'contact',
    title: 'Contact Us',
    content: [
      'Questions about a service, a filing or your account? Send us a message and we will get back to you.',
      'We typically reply within 2-4 hours during office hours, Monday to Friday, 9 AM to 5 PM EST, and always within 24 business hours.',
    ].join('\n\n'),
  },
  {
    name: 'careers',
    title: 'Careers',
    content: [
      'We are growing our team in Raleigh, in Chennai and remotely. We look for people who like clean books, clear answers and clients who become long-term partners.',
      'Open roles include CPA, accountants, customer support, equity and fund administration, and enrolled agents. Do not see your role? Send a general application.',
    ].join('\n\n'),
  },
  {
    name: 'perks',
    title: 'Perks',
    content: [
      'Clients get discounts and credits from software and service providers we trust.',
      'Are you a provider with an offer for founders and small businesses? Tell us about your perk and we will review it.',
    ].join('\n\n'),
  },
  {
    name: 'pricing',
    title: 'Pricing',
    content: [
      'Transparent monthly plans for bookkeeping, payroll and compliance, fixed fees for formation and tax filings, and custom quotes where the work depends on your situation.',
      'Bookkeeping plans start with a no-obligation 3-month trial. State filing fees are not included in formation prices.',
    ].join('\n\n'),
  },
  {
    name: 'privacy-policy',
    title: 'Privacy Policy',
    content: [
      'This policy explains what personal information we collect when you use our website and client portal, how we use it and the choices you have.',
      'Our services are intended for users 18 years of age and over. We do not knowingly collect information from anyone under 18.',
      'We collect the information you give us (such as your name, e-mail address, phone number and company details), the documents you upload to your vault, and technical information about how you use the site. We use it to provide and bill our services, to answer your messages and to meet our legal obligations. We never sell your personal information.',
      'Payment card details are handled by our payment provider and never stored on our servers. You may ask us at any time to access, correct or delete your information.',
    ].join('\n\n'),
  },
  {
    name: 'terms-of-service',
    title: 'Terms of Service',
    content: [
      'These terms govern your use of our website, client portal and services. By creating an account or buying a service you agree to them.',
      'You must be 18 or older to use our services. You are responsible for the accuracy of the information and documents you provide.',
      'Subscriptions renew monthly until cancelled. A trial is free for its stated length; you can cancel before it ends and will not be charged.',
      'We will give you at least 30 days\u2019 notice of any material change to these terms.',
      'These terms are governed by the laws of the State of North Carolina.',
    ].join('\n\n'),
  },
  {
    name: 'blog',
    title: 'Blog',
    content:
      'Our blog is coming soon: filing deadlines, tax changes and practical guides for founders and small businesses.',
  },
  {
    name: 'product-sheets',
    title: 'Products We Support',
    content: [
      'We work in the accounting, payroll, banking and payments software you already use, or set you up on ours.',
      'Do not see your software? Contact us: we add new platforms regularly.',
    ].join('\n\n'),
  },
];

/** Stable ids: the same content has the same id in every environment (md5-based, UUID v3 layout). */
const stableId = (kind: string, key: string) =>
  `overlay(overlay(md5('catalog.${kind}:' || ${key}) placing '3' from 13) placing '8' from 17)::uuid`;

const positioned = <T extends object>(rows: T[]) => rows.map((row, index) => ({ ...row, position: index + 1 }));

export class SeedMenuAndPages1795316700000 implements MigrationInterface {
  name = 'SeedMenuAndPages1795316700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO menu_items (id, slug, path, title, description, icon, position)
       SELECT ${stableId('menu', 'x.slug')}, x.slug, x.path, x.title, x.description, x.icon, x.position
       FROM jsonb_to_recordset($1::jsonb)
         AS x(slug text, path text, title text, description text, icon text, position integer)
       ON CONFLICT (slug) DO NOTHING`,
      [JSON.stringify(positioned(MENU))],
    );
    await queryRunner.query(
      `INSERT INTO pages (id, name, title, content, position)
       SELECT ${stableId('page', 'x.name')}, x.name, x.title, x.content, x.position
       FROM jsonb_to_recordset($1::jsonb) AS x(name text, title text, content text, position integer)
       ON CONFLICT (name) DO NOTHING`,
      [JSON.stringify(positioned(PAGES))],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM pages WHERE name = ANY($1)`, [PAGES.map((page) => page.name)]);
    await queryRunner.query(`DELETE FROM menu_items WHERE slug = ANY($1)`, [MENU.map((item) => item.slug)]);
  }
}
