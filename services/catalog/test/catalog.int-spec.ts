import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource, Logger as TypeOrmLogger } from 'typeorm';
import { repoRoot } from '@portal/config';
import { fixedPriceCents, trialMonthsOf } from '@portal/contracts';
import { serviceDataSourceOptions } from '@portal/database';
import { createTestDatabase, TestDatabase, useTestApp } from '@portal/testing';
import { CATALOG_DATA } from '../src/catalog.data';
import { Representation } from '../src/common/representation';
import { FilingForm } from '../src/forms/filing-form.entity';
import { FormsService } from '../src/forms/forms.service';
import { MenuItem } from '../src/menu/menu-item.entity';
import { MenuService } from '../src/menu/menu.service';
import { Page } from '../src/pages/page.entity';
import { PagesService } from '../src/pages/pages.service';
import { ServiceCategory } from '../src/services/service-category.entity';
import { Service } from '../src/services/service.entity';
import { ServicesService } from '../src/services/services.service';
import { CatalogStore } from '../src/store/catalog.store';

interface MenuItemBody {
  id: string;
  path: string;
  title: string;
  description: string;
  icon: string;
}
interface ServiceBody {
  id: string;
  slug: string;
  provider: string;
  category: string;
  title: string;
  price: string;
  attributes: Record<string, string>;
  description: string;
  amount_cents: number | null;
  currency: string;
  billing_cycle: 'monthly' | null;
}
interface FormBody {
  id: string;
  slug: string;
  form_name: string;
  name: string;
  short_description: string;
  long_description: string;
  filing_frequency: string;
  estimated_fee: string;
  estimated_fee_cents: number | null;
  currency: string;
  deadline_date: string;
}

/** The footer's filing links (spec part 1 section 2), as form_name, in order. */
const FOOTER_FORMS = [
  'Assumed Business Name Certificate',
  'Certified Copies',
  'Certificate of Good Standing',
  'Articles of Dissolution',
  'Annual Report',
  'Trade Name Certificate',
  'Amendment of Articles',
  'Change of Registered Agent',
  'Application for Reinstatement',
  'Articles of Organization',
  'Resignation of Agent',
  'IRS Form 7004',
  'IRS Form 5471',
  'IRS Form 5472',
  'IRS Form 1120',
  'IRS Form 1099 Series',
  'FinCEN Form 114 (FBAR)',
  '409A Valuation',
  'FinCEN BOI Report',
];

/** Part 2 section 9's prices, each verbatim in some service's price text. */
const SPEC_PRICES = [
  '$100/month',
  '$300/filing',
  '$1,200/filing',
  '$2,500-$5,000',
  '$5,000-$15,000',
  '$1,500/quarter',
  '$5,000/year',
  '$5,000-$10,000',
  '$3,000-$7,000',
];

/** The spec's slug rule, with leading and trailing hyphens trimmed. */
const slugOf = (formName: string) =>
  formName
    .replace(/\([^)]*\)/g, '')
    .toLowerCase()
    .replace(/[\s,.]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/** The date the seed's deadlines were chosen against. */
const SEED_TODAY = '2026-11-22';

describe('catalog API', () => {
  const app = useTestApp();
  let sql: Client;

  const get = async <T>(path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${app.gateway.baseUrl}/api${path}`, { headers });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: (text ? JSON.parse(text) : undefined) as T,
    };
  };

  beforeAll(async () => {
    sql = new Client({ connectionString: app.db.url });
    // The app's teardown drops the database, which ends this connection too.
    sql.on('error', () => undefined);
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
  });

  describe('GET /api/menu/', () => {
    it('lists Books, Company, Compliance, People, Tax and Equity in order, each with an inline SVG icon', async () => {
      const { status, body } = await get<MenuItemBody[]>('/menu/');
      expect(status).toBe(200);
      expect(body.map((item) => [item.title, item.path])).toEqual([
        ['Books', '/books'],
        ['Company', '/company'],
        ['Compliance', '/compliance'],
        ['People', '/people'],
        ['Tax', '/tax'],
        ['Equity', '/equity'],
      ]);
      for (const item of body) {
        expect(Object.keys(item)).toEqual(['id', 'path', 'title', 'description', 'icon']);
        expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(item.description.length).toBeGreaterThan(20);
        expect(item.icon).toMatch(
          /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*viewBox="0 0 24 24"[^>]*>.*<\/svg>$/s,
        );
        expect(item.icon).not.toMatch(/<script|\son\w+=|javascript:|href=/i);
      }
    });
  });

  describe('GET /api/pages/', () => {
    it('has the home page and the pages the site shows, as name, title and content', async () => {
      const { status, body } = await get<Array<{ name: string; title: string; content: string }>>('/pages/');
      expect(status).toBe(200);
      expect(body.map((page) => page.name)).toEqual(
        expect.arrayContaining(['home', 'about', 'contact', 'privacy-policy', 'terms-of-service', 'blog']),
      );
      for (const page of body) {
        expect(Object.keys(page)).toEqual(['name', 'title', 'content']);
        expect(page.title).not.toBe('');
        expect(page.content).not.toMatch(/<[a-z]/i);
      }
      const byName = new Map(body.map((page) => [page.name, page]));
      expect(byName.get('home')!.content).toContain('3-month trial');
      expect(byName.get('privacy-policy')!.content).toContain('18 years of age and over');
      expect(byName.get('terms-of-service')!.content).toContain('30 days\u2019 notice');
      expect(byName.get('terms-of-service')!.content).toContain('State of North Carolina');
      expect(byName.get('blog')!.content).toMatch(/coming soon/i);
    });

    it('serves one page by name, and 404s an unknown one with a detail', async () => {
      expect((await get('/pages/about')).body).toMatchObject({ name: 'about', title: 'About Us' });
      const missing = await get('/pages/no-such-page');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: 'Page not found' });
    });
  });

  describe('services', () => {
    let services: ServiceBody[];

    beforeAll(async () => {
      services = (await get<ServiceBody[]>('/services/')).body;
    });

    it('lists every service with the spec fields and text attributes', () => {
      expect(services.length).toBeGreaterThanOrEqual(25);
      for (const service of services) {
        expect(Object.keys(service)).toEqual([
          'id',
          'slug',
          'provider',
          'category',
          'title',
          'price',
          'attributes',
          'description',
          'amount_cents',
          'currency',
          'billing_cycle',
        ]);
        expect(service.price).not.toBe('');
        expect(service.currency).toBe('usd');
        expect(Object.values(service.attributes).every((value) => typeof value === 'string')).toBe(true);
      }
      expect(new Set(services.map((service) => service.slug)).size).toBe(services.length);
    });

    it('has the six categories, never Books1, in menu order', () => {
      const categories = [...new Set(services.map((service) => service.category))];
      expect(categories).toEqual(['Books', 'Company', 'Compliance', 'People', 'Tax', 'Equity']);
      expect(categories).not.toContain('Books1');
    });

    it("gives every service its category's attributes, in the category's order", async () => {
      for (const category of ['Books', 'Company', 'Compliance', 'People', 'Tax', 'Equity']) {
        const names = (await get<string[]>(`/services/attributes/${category}`)).body;
        expect(names.length).toBeGreaterThan(3);
        for (const service of services.filter((item) => item.category === category)) {
          expect(Object.keys(service.attributes)).toEqual(names);
        }
      }
    });

    it('has bookkeeping packages with a 3-month Trial and Bank/CC Reconciliations as numbers or Unlimited', () => {
      const books = services.filter((service) => service.category === 'Books');
      expect(books.length).toBeGreaterThanOrEqual(3);
      for (const book of books) {
        expect(book.billing_cycle).toBe('monthly');
        expect(book.attributes.Trial).toBe('3');
        expect(book.attributes['Bank/CC Reconciliations']).toMatch(/^(\d+|Unlimited)$/);
      }
      const reconciliations = books.map((book) => book.attributes['Bank/CC Reconciliations']);
      expect(reconciliations.some((value) => /^\d+$/.test(value))).toBe(true);
      expect(reconciliations).toContain('Unlimited');
      // 'Book a Call' on the web: a price with '+' or custom.
      expect(books.some((book) => /\+|custom/i.test(book.price))).toBe(true);
      // The others can be subscribed to: a monthly amount in cents.
      expect(books.filter((book) => book.amount_cents !== null).length).toBeGreaterThanOrEqual(3);
    });

    it('has LLC, Corporation, Non-Profit formation and Dissolution, each stating the $100 North Carolina filing fee', () => {
      const company = services.filter((service) => service.category === 'Company');
      for (const word of ['LLC', 'Corporation', 'Non-Profit', 'Dissolution']) {
        const service = company.find((item) => item.title.includes(word));
        expect(service).toBeDefined();
        expect(service!.billing_cycle).toBeNull();
        expect(service!.amount_cents).toBeGreaterThan(0);
        expect(`${service!.description} ${service!.attributes['State Filing Fee']}`).toMatch(/\$100 .*North Carolina/);
      }
      expect(company.filter((item) => /formation/i.test(item.title))).toHaveLength(3);
    });

    it.each(SPEC_PRICES)('shows the price %s verbatim', (price) => {
      expect(services.some((service) => service.price.includes(price))).toBe(true);
    });

    it('has the payroll, tax, R&D, tax planning and 409A offers of part 2 section 9', () => {
      const find = (title: string) => services.find((service) => service.title === title)!;
      expect(find('Payroll Starter')).toMatchObject({ price: expect.stringMatching(/^Free/), amount_cents: 0 });
      expect(find('Payroll Starter').attributes.Employees).toBe('Up to 5');
      expect(find('Payroll Growth')).toMatchObject({ price: '$100/month', amount_cents: 10000 });
      expect(find('Payroll Growth').attributes.Employees).toBe('6-20');
      expect(find('Payroll Scale').price).toMatch(/custom/i);
      expect(find('Payroll Scale').attributes.Employees).toBe('20+');
      expect(find('Tax Starter')).toMatchObject({ price: '$300/filing', amount_cents: 30000 });
      expect(find('Tax Growth')).toMatchObject({ price: '$1,200/filing', amount_cents: 120000 });
      expect(find('Tax Growth').attributes).toMatchObject({ 'W-2 Employees': 'Up to 20', States: 'Up to 3' });
      expect(find('Tax Enterprise').price).toBe('Custom/year');
      expect(find('Tax Planning (Quarterly)').amount_cents).toBe(150000);
      expect(find('Tax Planning (Annual)').amount_cents).toBe(500000);
      const equity = services.filter((service) => service.category === 'Equity').map((service) => service.title);
      expect(equity).toEqual(
        expect.arrayContaining([
          '409A Valuation (Initial)',
          '409A Valuation (Annual Update)',
          '409A Valuation (Material Event)',
          'Equity & Fund Administration',
        ]),
      );
      expect(services.filter((service) => service.category === 'Compliance').length).toBeGreaterThanOrEqual(2);
    });

    it('quotes ranges rather than charging them: no amount, and a price the web shows as Book a Call', () => {
      for (const service of services.filter((item) => /\$[\d,]+-\$[\d,]+/.test(item.price))) {
        expect(service.amount_cents).toBeNull();
        expect(service.price).toMatch(/custom|quote|varies|call/i);
      }
    });

    it('filters by category and by provider, case-insensitively, with or without a trailing slash', async () => {
      const books = services.filter((service) => service.category === 'Books');
      expect((await get('/services/by-category/Books')).body).toEqual(books);
      expect((await get('/services/by-category/books/')).body).toEqual(books);
      const tax = services.filter((service) => service.provider === 'tax-team');
      expect(tax.length).toBeGreaterThan(2);
      expect((await get('/services/by-provider/tax-team/')).body).toEqual(tax);
      expect((await get('/services/by-provider/TAX-TEAM')).body).toEqual(tax);
    });

    it('answers an empty list for an unknown category, Books1 or provider', async () => {
      for (const path of [
        '/services/by-category/Books1',
        '/services/by-category/nothing',
        '/services/by-provider/nobody/',
        '/services/attributes/Books1',
        `/services/by-category/${'x'.repeat(100)}`,
      ]) {
        const reply = await get(path);
        expect([path, reply.status, reply.body]).toEqual([path, 200, []]);
      }
    });

    it('lists the attribute names of a category in display order', async () => {
      const reply = await get<string[]>('/services/attributes/books');
      expect(reply.status).toBe(200);
      expect(reply.body.slice(0, 2)).toEqual(['Trial', 'Bank/CC Reconciliations']);
    });

    it('serves one service by id', async () => {
      for (const service of services.slice(0, 5)) {
        expect((await get(`/services/${service.id}`)).body).toEqual(service);
      }
    });

    it.each([
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      '1%20OR%201=1',
      '%27',
      // Fastify refuses path parameters over 100 characters itself (414, see the report).
      'x'.repeat(100),
      '6dea11ac873a3109806fbd475f7caaa6',
    ])('answers 404 Service not found for /services/%s', async (id) => {
      const reply = await get(`/services/${id}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ detail: 'Service not found' });
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('etag')).toBeNull();
    });

    it('serves a package with its billing and trial terms', async () => {
      const starter = services.find((service) => service.slug === 'bookkeeping-starter')!;
      const reply = await get(`/subscriptions/packages/${starter.id}/`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        id: starter.id,
        slug: starter.slug,
        title: starter.title,
        price: starter.price,
        description: starter.description,
        attributes: starter.attributes,
        category: 'Books',
        provider: starter.provider,
        amount_cents: starter.amount_cents,
        currency: 'usd',
        billing_cycle: 'monthly',
        trial_months: 3,
        trial_period_days: 90,
      });
      const payroll = services.find((service) => service.title === 'Payroll Growth')!;
      expect((await get(`/subscriptions/packages/${payroll.id}`)).body).toMatchObject({
        amount_cents: 10000,
        trial_months: 0,
      });
    });

    it('answers 404 Package not found for a one-time service, an unknown or a malformed id', async () => {
      const llc = services.find((service) => service.slug === 'llc-formation')!;
      for (const id of [llc.id, '00000000-0000-4000-8000-000000000000', 'abc']) {
        const reply = await get(`/subscriptions/packages/${id}/`);
        expect(reply.status).toBe(404);
        expect(reply.body).toEqual({ detail: 'Package not found' });
      }
    });
  });

  describe('filing forms', () => {
    let forms: FormBody[];

    beforeAll(async () => {
      forms = (await get<FormBody[]>('/forms/')).body;
    });

    it('lists the 19 filings of the footer, in its order', () => {
      expect(forms.map((form) => form.form_name)).toEqual(FOOTER_FORMS);
    });

    it('gives every form the spec fields, a fee in text and cents, and an ISO deadline', () => {
      for (const form of forms) {
        expect(Object.keys(form)).toEqual([
          'id',
          'slug',
          'form_name',
          'name',
          'short_description',
          'long_description',
          'filing_frequency',
          'estimated_fee',
          'estimated_fee_cents',
          'currency',
          'deadline_date',
        ]);
        for (const field of ['name', 'short_description', 'long_description', 'filing_frequency'] as const) {
          expect([form.form_name, field, form[field].length > 3]).toEqual([form.form_name, field, true]);
        }
        expect(form.long_description.length).toBeGreaterThan(form.short_description.length);
        expect(form.estimated_fee).toMatch(/^\$\d{1,3}(,\d{3})*$/);
        expect(form.estimated_fee_cents).toBe(Number(form.estimated_fee.replace(/[$,]/g, '')) * 100);
        expect(form.deadline_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${form.deadline_date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(form.deadline_date);
      }
    });

    it('has a slug by the spec rule for each (the web finds /forms/{slug} with it)', () => {
      for (const form of forms) expect([form.form_name, form.slug]).toEqual([form.form_name, slugOf(form.form_name)]);
    });

    it('has deadlines both past and (mostly) future relative to the seed date', () => {
      const past = forms.filter((form) => form.deadline_date < SEED_TODAY).map((form) => form.form_name);
      expect(past).toEqual(['FinCEN Form 114 (FBAR)', 'FinCEN BOI Report']);
      expect(forms.length - past.length).toBe(17);
    });

    it('serves one form by id, and 404s unknown or malformed ids with a detail', async () => {
      expect((await get(`/forms/${forms[4].id}`)).body).toEqual(forms[4]);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'annual-report', '-1', 'x'.repeat(300)]) {
        const reply = await get(`/forms/${id}/`);
        expect(reply.status).toBe(404);
        expect(reply.body).toEqual({ detail: 'Form not found' });
      }
    });
  });

  describe('caching', () => {
    it.each(['/menu/', '/pages/', '/services/', '/services/by-category/Tax', '/services/attributes/Books', '/forms/'])(
      '%s is cacheable for a minute and revalidates with a strong ETag (304 without a body)',
      async (path) => {
        const first = await get(path);
        const etag = first.headers.get('etag')!;
        expect(first.status).toBe(200);
        expect(first.headers.get('cache-control')).toBe('public, max-age=60');
        expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}(-gzip)?"$/);
        expect((await get(path)).headers.get('etag')).toBe(etag);

        for (const ifNoneMatch of [etag, `W/${etag}`, `"stale", ${etag}`]) {
          const again = await get(path, { 'if-none-match': ifNoneMatch });
          expect(again.status).toBe(304);
          expect(again.text).toBe('');
          expect(again.headers.get('etag')).toBe(etag);
          expect(again.headers.get('cache-control')).toBe('public, max-age=60');
        }
        const stale = await get(path, { 'if-none-match': '"stale"' });
        expect(stale.status).toBe(200);
        expect(stale.text).toBe(first.text);
      },
    );

    it('tags the plain and the gzip bytes of a body apart, and revalidates either', async () => {
      const plain = await get('/services/', { 'accept-encoding': 'identity' });
      const gzip = await get('/services/', { 'accept-encoding': 'gzip' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gzip.text).toBe(plain.text);
      const plainTag = plain.headers.get('etag')!;
      expect(gzip.headers.get('etag')).toBe(plainTag.replace(/"$/, '-gzip"'));
      expect((await get('/services/', { 'accept-encoding': 'gzip', 'if-none-match': plainTag })).status).toBe(304);
      expect(
        (await get('/services/', { 'accept-encoding': 'identity', 'if-none-match': gzip.headers.get('etag')! })).status,
      ).toBe(304);
    });

    it('tags different content differently', async () => {
      const a = (await get('/services/by-category/Books')).headers.get('etag');
      const b = (await get('/services/by-category/Tax')).headers.get('etag');
      expect(a).not.toBe(b);
    });
  });

  describe('billing_price_list (the view billing charges by)', () => {
    // Prices and trials an admin might type; the view (SQL) and @portal/contracts (the site) must agree.
    const PRICES = [
      '$300/month',
      '$0',
      '$1,500+/month',
      '$299 + state filing fees',
      '$2,500-$5,000',
      '$200 - $ 400',
      'Custom quote',
      'Price VARIES',
      'Call us',
      'Form 1099-NEC',
    ];
    const TRIALS = ['3', ' 12 ', '0', 'N/A', '2 months', '1.5', '-1', '100', ''];

    it('reads prices and trials by the rules the site shows them by', async () => {
      await sql.query('BEGIN');
      try {
        const expected: Array<[string, boolean, number]> = [];
        for (const [index, price] of PRICES.entries()) {
          for (const [kind, cycle] of [
            ['package', 'monthly'],
            ['service', null],
          ] as const) {
            const trial = TRIALS[index % TRIALS.length];
            const amount = index % 3 === 0 ? null : 10000 + index;
            const { rows } = await sql.query<{ id: string }>(
              `INSERT INTO catalog.services (slug, category, provider, title, price, amount_cents, billing_cycle,
                                             description, attributes, position)
               VALUES ($1, 'Books', 'Harbor', $1, $2, $3, $4, '', jsonb_build_object('Trial', $5::text), 999)
               RETURNING id`,
              [`price-rule-${kind}-${index}`, price, amount, cycle, trial],
            );
            expected.push([
              rows[0].id,
              fixedPriceCents(price, amount, kind) !== null,
              kind === 'package' ? trialMonthsOf(trial) : 0,
            ]);
          }
          const fee = index % 3 === 1 ? null : 5000 + index;
          const { rows } = await sql.query<{ id: string }>(
            `INSERT INTO catalog.filing_forms (slug, form_name, name, short_description, long_description,
                                               filing_frequency, estimated_fee, estimated_fee_cents, position)
             VALUES ($1, $1, $1, '', '', 'Annual', $2, $3, 999) RETURNING id`,
            [`price-rule-form-${index}`, price, fee],
          );
          expected.push([rows[0].id, fixedPriceCents(price, fee, 'form') !== null, 0]);
        }
        const { rows } = await sql.query<{ id: string; is_fixed_price: boolean; trial_months: number }>(
          'SELECT id, is_fixed_price, trial_months FROM catalog.billing_price_list WHERE id = ANY($1::uuid[])',
          [expected.map(([id]) => id)],
        );
        const byId = new Map(rows.map((row) => [row.id, [row.id, row.is_fixed_price, row.trial_months]]));
        expect(expected.map(([id]) => byId.get(id))).toEqual(expected);
        // Both answers occur: the comparison is not between two constants.
        expect(new Set(expected.map(([, fixed]) => fixed))).toEqual(new Set([true, false]));
        expect(new Set(expected.map(([, , months]) => months)).size).toBeGreaterThan(2);
      } finally {
        await sql.query('ROLLBACK');
      }
    });
  });

  it('documents every catalog route in OpenAPI', async () => {
    const spec = (await get<{ paths: Record<string, unknown> }>('/docs/json')).body;
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/menu',
        '/api/pages',
        '/api/services',
        '/api/services/{id}',
        '/api/services/by-category/{category}',
        '/api/services/by-provider/{provider}',
        '/api/services/attributes/{category}',
        '/api/subscriptions/packages/{id}',
        '/api/forms',
        '/api/forms/{id}',
      ]),
    );
  });

  describe('seed migrations', () => {
    const counts = async () => {
      const { rows } = await sql.query<Record<string, number>>(`
        SELECT (SELECT count(*)::int FROM catalog.menu_items) AS menu,
               (SELECT count(*)::int FROM catalog.pages) AS pages,
               (SELECT count(*)::int FROM catalog.service_categories) AS categories,
               (SELECT count(*)::int FROM catalog.services) AS services,
               (SELECT count(*)::int FROM catalog.filing_forms) AS forms`);
      return rows[0];
    };
    const ids = async () =>
      (
        await sql.query<{ id: string }>(
          `SELECT id FROM catalog.services UNION ALL SELECT id FROM catalog.filing_forms ORDER BY 1`,
        )
      ).rows;

    const migrate = async () => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [join(repoRoot(), 'dist/services/catalog/src/main.js'), 'migrate'],
        {
          cwd: repoRoot(),
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'test',
            DATABASE_URL: app.db.url,
            DATA_DIR: app.dataDir,
            LOG_LEVEL: 'warn',
          },
        },
      );
      return stdout;
    };

    it('are a no-op when run again, even when replayed from scratch (upserts by natural key)', async () => {
      const before = await counts();
      const beforeIds = await ids();
      expect(before).toEqual({ menu: 6, pages: 10, categories: 6, services: before.services, forms: 19 });

      expect(await migrate()).toBe('catalog: 0 migration(s) applied\n');
      expect(await counts()).toEqual(before);

      // Forget that the seeds ran, as a later content migration replaying them would: nothing doubles.
      await sql.query(`DELETE FROM catalog.migrations WHERE name LIKE 'Seed%'`);
      expect(await migrate()).toBe('catalog: 3 migration(s) applied\n');
      expect(await counts()).toEqual(before);
      expect(await ids()).toEqual(beforeIds);
    });

    it('offer deadline reminders of the statutory due dates only, not of on-demand filings’ order-by dates', async () => {
      const { rows } = await sql.query<{ slug: string }>(
        `SELECT f.slug FROM catalog.filing_deadlines_read_only d JOIN catalog.filing_forms f USING (id)
          WHERE f.position < 100 ORDER BY f.slug`,
      );
      expect(rows.map((row) => row.slug)).toEqual([
        'annual-report',
        'fincen-boi-report',
        'fincen-form-114',
        'irs-form-1099-series',
        'irs-form-1120',
        'irs-form-5471',
        'irs-form-5472',
        'irs-form-7004',
      ]);
    });

    it('give content the same ids in every database (derived from the natural key)', async () => {
      const { rows } = await sql.query<{ id: string; expected: string }>(
        `SELECT id::text, overlay(overlay(md5('catalog.service:' || slug) placing '3' from 13) placing '8' from 17) AS expected
         FROM catalog.services`,
      );
      for (const row of rows) expect(row.id.replace(/-/g, '')).toBe(row.expected);
    });
  });
});

describe('catalog reads', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  const queries: string[] = [];

  class CountingLogger implements TypeOrmLogger {
    logQuery(query: string) {
      queries.push(query);
    }
    logQueryError() {}
    logQuerySlow() {}
    logSchemaBuild() {}
    logMigration() {}
    log() {}
  }

  beforeAll(async () => {
    db = await createTestDatabase([CATALOG_DATA]);
    dataSource = new DataSource({
      ...serviceDataSourceOptions(CATALOG_DATA, db.url),
      logging: ['query'],
      logger: new CountingLogger(),
    });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('are answered from memory: one query per table when the catalog is loaded (no N+1), none per request', async () => {
    const services = new ServicesService(dataSource.getRepository(Service), dataSource.getRepository(ServiceCategory));
    const forms = new FormsService(dataSource.getRepository(FilingForm));
    const menu = new MenuService(dataSource.getRepository(MenuItem));
    const pages = new PagesService(dataSource.getRepository(Page));
    // No DATABASE_URL: no change listener, only the reads under test.
    const store = new CatalogStore(menu, pages, services, forms);

    queries.length = 0;
    await store.onModuleInit();
    expect(queries).toHaveLength(5);
    expect(queries.join('\n')).toMatch(/JOIN "catalog"\."service_categories"/);

    const catalog = store.current;
    const all = JSON.parse(catalog.services.variant(undefined).bytes.toString()) as ServiceBody[];
    const anyForm = (JSON.parse(catalog.forms.variant(undefined).bytes.toString()) as FormBody[])[0];
    const monthly = all.find((service) => service.billing_cycle === 'monthly')!;
    queries.length = 0;
    const reads: Array<[string, unknown]> = [
      ['menu', catalog.menu],
      ['pages', catalog.pages],
      ['page', catalog.page('home')],
      ['services', catalog.services],
      ['service', catalog.service(all[0].id)],
      ['by category', catalog.servicesByCategory('Books')],
      ['by provider', catalog.servicesByProvider('tax-team')],
      ['attributes', catalog.attributeNames('Books')],
      ['package', catalog.package(monthly.id)],
      ['forms', catalog.forms],
      ['form', catalog.form(anyForm.id)],
    ];
    for (const [name, answer] of reads) expect([name, answer]).toEqual([name, expect.any(Representation)]);
    expect(catalog.service('nope')).toBeUndefined();
    expect(queries).toHaveLength(0);
  });
});
