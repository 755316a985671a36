import type { Service } from './service.entity';
import { orderAttributes, toPackageResponse, toServiceResponse } from './service-view';

const service = (overrides: Partial<Service> = {}): Service =>
  ({
    id: '6dea11ac-873a-3109-806f-bd475f7caaa6',
    slug: 'bookkeeping-starter',
    category: 'Books',
    provider: 'accounting-team',
    title: 'Starter Bookkeeping',
    price: '$299/month',
    amountCents: 29900,
    currency: 'usd',
    billingCycle: 'monthly',
    description: 'Monthly books.',
    // jsonb's own key order: shorter keys first.
    attributes: { Trial: '3', 'Extra Feature': 'Yes', 'Bank/CC Reconciliations': '3' },
    categoryInfo: {
      name: 'Books',
      title: 'Bookkeeping',
      position: 1,
      attributeNames: ['Bank/CC Reconciliations', 'Trial'],
    },
    position: 1,
    ...overrides,
  }) as Service;

describe('orderAttributes', () => {
  it("puts the category's attributes first, in its order, then the others", () => {
    const ordered = orderAttributes({ b: '2', z: '9', a: '1' }, ['a', 'b', 'missing']);
    expect(Object.entries(ordered)).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['z', '9'],
    ]);
  });
});

describe('service responses', () => {
  it('uses the spec field names and the category attribute order', () => {
    const response = toServiceResponse(service());
    expect(Object.keys(response)).toEqual([
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
    expect(Object.keys(response.attributes)).toEqual(['Bank/CC Reconciliations', 'Trial', 'Extra Feature']);
  });

  it('gives a package its billing and trial terms (months of 30 days)', () => {
    const monthly = toServiceResponse(service());
    expect(toPackageResponse({ ...monthly, billing_cycle: 'monthly' })).toMatchObject({
      amount_cents: 29900,
      currency: 'usd',
      billing_cycle: 'monthly',
      trial_months: 3,
      trial_period_days: 90,
    });
    const noTrial = toServiceResponse(service({ attributes: { Trial: 'N/A' }, amountCents: null }));
    expect(toPackageResponse({ ...noTrial, billing_cycle: 'monthly' })).toMatchObject({
      amount_cents: null,
      trial_months: 0,
      trial_period_days: 0,
    });
  });
});
