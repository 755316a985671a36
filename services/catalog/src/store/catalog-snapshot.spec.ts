import type { FilingFormReply, ServiceReply } from '@portal/contracts';
import { bodyTag } from '../common/http-cache';
import type { Representation } from '../common/representation';
import { CatalogContent, CatalogSnapshot } from './catalog-snapshot';

const service = (id: string, overrides: Partial<ServiceReply>): ServiceReply => ({
  id,
  slug: `slug-${id.slice(0, 4)}`,
  provider: 'accounting-team',
  category: 'Books',
  title: 'A service',
  price: '$299/month',
  attributes: { Trial: '3' },
  description: 'Described.',
  amount_cents: 29900,
  currency: 'usd',
  billing_cycle: 'monthly',
  ...overrides,
});

const BOOKS = '6dea11ac-873a-3109-806f-bd475f7caaa6';
const LLC = '1a2b3c4d-873a-3109-806f-bd475f7caaa6';
const TAX = '9f8e7d6c-873a-3109-806f-bd475f7caaa6';
const FORM = '0f0e0d0c-873a-3109-806f-bd475f7caaa6';

const content: CatalogContent = {
  menu: [{ id: 'm', path: '/books', title: 'Books', description: 'Bookkeeping', icon: '<svg/>' }],
  pages: [
    { name: 'home', title: 'Home', content: 'Welcome' },
    { name: 'about', title: 'About Us', content: 'Us' },
  ],
  services: [
    service(BOOKS, {}),
    service(LLC, { category: 'Company', provider: 'formation-team', billing_cycle: null, attributes: {} }),
    service(TAX, { category: 'Tax', provider: 'Tax-Team', billing_cycle: null, attributes: {} }),
  ],
  categories: [
    { name: 'Books', attributeNames: ['Trial', 'Bank/CC Reconciliations'] },
    { name: 'Company', attributeNames: ['Entity Type'] },
    { name: 'Tax', attributeNames: [] },
    { name: 'Equity', attributeNames: ['Scope'] },
  ],
  forms: [{ id: FORM, slug: 'annual-report', form_name: 'Annual Report' } as FilingFormReply],
};

const body = (answer: Representation | undefined) =>
  answer === undefined ? undefined : (JSON.parse(answer.variant(undefined).bytes.toString()) as unknown);

describe('CatalogSnapshot', () => {
  let snapshot: CatalogSnapshot;

  beforeAll(async () => {
    snapshot = await CatalogSnapshot.build(content);
  });

  it('answers the lists as they were read, tagged by their JSON', () => {
    expect(body(snapshot.menu)).toEqual(content.menu);
    expect(body(snapshot.pages)).toEqual(content.pages);
    expect(body(snapshot.services)).toEqual(content.services);
    expect(body(snapshot.forms)).toEqual(content.forms);
    expect(snapshot.services.tag).toBe(bodyTag(JSON.stringify(content.services)));
  });

  it('finds a service, package or form by id in any case, and nothing for another or a malformed id', () => {
    expect(body(snapshot.service(BOOKS.toUpperCase()))).toEqual(content.services[0]);
    expect(body(snapshot.form(FORM))).toEqual(content.forms[0]);
    expect(snapshot.service('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(snapshot.service('not-a-uuid')).toBeUndefined();
    expect(snapshot.form(BOOKS)).toBeUndefined();
  });

  it('has a package for a monthly service only, with its trial terms', () => {
    expect(body(snapshot.package(BOOKS))).toMatchObject({ id: BOOKS, trial_months: 3, trial_period_days: 90 });
    expect(snapshot.package(LLC)).toBeUndefined();
  });

  it('finds a page by its trimmed name in any case', () => {
    expect(body(snapshot.page(' About '))).toEqual(content.pages[1]);
    expect(snapshot.page('nope')).toBeUndefined();
    expect(snapshot.page('   ')).toBeUndefined();
  });

  it('lists the services of a category or provider case-insensitively, and none for an unknown one', () => {
    expect(body(snapshot.servicesByCategory('books'))).toEqual([content.services[0]]);
    expect(body(snapshot.servicesByProvider('TAX-team'))).toEqual([content.services[2]]);
    expect(body(snapshot.servicesByCategory('Books1'))).toEqual([]);
    expect(body(snapshot.servicesByProvider('x'.repeat(101)))).toEqual([]);
    // A category without services has an empty list too, and its attributes.
    expect(body(snapshot.servicesByCategory('Equity'))).toEqual([]);
    expect(body(snapshot.attributeNames('equity'))).toEqual(['Scope']);
    expect(body(snapshot.attributeNames('Nothing'))).toEqual([]);
  });
});
