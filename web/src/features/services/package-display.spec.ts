import {
  attributeLines,
  companyServiceAction,
  entityType,
  packageAction,
  isPackage,
  reconciliationsText,
  serviceAction,
  splitCompanyServices,
  subscribePath,
  trialDays,
  trialMonths,
  trialText,
} from './package-display';

// An amount is given unless a case is about its absence: the price's words decide.
const pkg = (price: string, attributes: Record<string, string> = {}, amount_cents: number | null = 30000) => ({
  id: 'pkg-1',
  price,
  attributes,
  amount_cents,
});

describe('packageAction', () => {
  it.each(['$300/month', '$1,200/month', 'Free', '$0', '$99.50 per month'])('subscribes to %j', (price) => {
    expect(packageAction(pkg(price, { Trial: '3' }))).toEqual({
      kind: 'subscribe',
      to: '/subscribe?package=pkg-1&trial=90',
    });
  });

  it.each([
    '$500+/month',
    '$2,000 + fees',
    'Custom',
    'Custom pricing',
    'Price varies',
    'Call us',
    'Get a Quote',
    'QUOTE',
    '$2,500-$5,000',
    '$200 - $400/month',
  ])('books a call for %j', (price) => {
    expect(packageAction(pkg(price))).toEqual({ kind: 'book-call' });
  });

  it('books a call for a package without an amount, which billing cannot charge', () => {
    expect(packageAction(pkg('$300/month', {}, null))).toEqual({ kind: 'book-call' });
    expect(packageAction(pkg('$0', {}, 0))).toEqual({ kind: 'subscribe', to: '/subscribe?package=pkg-1&trial=0' });
  });
});

describe('companyServiceAction', () => {
  it.each(['$299', '$299 + state fees', '$499 plus filing fees', 'Fees: $150', '$100 one-time'])(
    'starts the purchase of %j',
    (price) => {
      expect(companyServiceAction({ id: '42', price, category: 'Company', amount_cents: 29900 })).toEqual({
        kind: 'start',
        to: '/service-purchase?service=42&type=company',
      });
    },
  );

  it.each(['Custom', 'Varies by state', 'Call for pricing', 'Request a quote', '$2,500-$5,000'])(
    'books a call for %j',
    (price) => {
      expect(companyServiceAction({ id: '42', price, category: 'Company', amount_cents: 29900 })).toEqual({
        kind: 'book-call',
      });
    },
  );

  it.each(['Contact us', '', '$299'])('books a call for %j without an amount', (price) => {
    expect(companyServiceAction({ id: '42', price, category: 'Company', amount_cents: null })).toEqual({
      kind: 'book-call',
    });
  });
});

describe('trials', () => {
  it.each([
    [{ Trial: '3' }, 3, '3 Month(s) Trial', 90],
    [{ Trial: 1 }, 1, '1 Month(s) Trial', 30],
    // What billing would not grant is not shown either (one rule: trialMonthsOf).
    [{ Trial: '2 months' }, 0, null, 0],
    [{ Trial: '1.5' }, 0, null, 0],
    [{ Trial: ' 12 ' }, 12, '12 Month(s) Trial', 360],
    [{ Trial: 'N/A' }, 0, null, 0],
    [{ Trial: 'n/a' }, 0, null, 0],
    [{ Trial: '0' }, 0, null, 0],
    [{ Trial: 0 }, 0, null, 0],
    [{ Trial: null }, 0, null, 0],
    [{ Trial: 'none' }, 0, null, 0],
    [{}, 0, null, 0],
  ])('reads %j', (attributes, months, label, days) => {
    expect(trialMonths(attributes)).toBe(months);
    expect(trialText(attributes)).toBe(label);
    expect(trialDays(attributes)).toBe(days);
  });

  it('links to the subscribe page with the package and the trial in days', () => {
    expect(subscribePath({ id: '7', attributes: { Trial: '3' } })).toBe('/subscribe?package=7&trial=90');
    expect(subscribePath({ id: 'a b', attributes: { Trial: 'N/A' } })).toBe('/subscribe?package=a+b&trial=0');
  });
});

describe('reconciliationsText', () => {
  it.each([
    ['50', 'Up to 50'],
    [50, 'Up to 50'],
    [' 200 ', 'Up to 200'],
    ['Unlimited', 'Unlimited'],
    ['unlimited', 'Unlimited'],
    ['N/A', 'N/A'],
    [null, ''],
  ])('shows %j as %j', (value, shown) => {
    expect(reconciliationsText(value)).toBe(shown);
  });
});

describe('entityType', () => {
  it.each([
    ['LLC Formation', 'LLC'],
    ['Single-Member LLC', 'LLC'],
    ['Corporation Formation', 'Corporation'],
    ['C-Corp Formation', 'Corporation'],
    ['Non-Profit Formation', '501(c)(3)'],
    ['Nonprofit LLC Formation', '501(c)(3)'],
    ['LLC Dissolution', 'Dissolution'],
    ['Corporation Dissolution', 'Dissolution'],
    ['Registered Agent', null],
    ['Bookkeeping Essentials', null],
  ])('%j is for %j', (title, type) => {
    expect(entityType(title)).toBe(type);
  });
});

describe('splitCompanyServices', () => {
  it('puts Dissolution titles in a section of their own, keeping the order', () => {
    const services = ['LLC Formation', 'LLC Dissolution', 'Corporation Formation', 'Corporation Dissolution'].map(
      (title) => ({ title }),
    );
    expect(splitCompanyServices(services)).toEqual({
      formation: [{ title: 'LLC Formation' }, { title: 'Corporation Formation' }],
      dissolution: [{ title: 'LLC Dissolution' }, { title: 'Corporation Dissolution' }],
    });
  });
});

describe('attributeLines', () => {
  it('follows the category order, adds the rest, drops the trial and empty values', () => {
    const attributes = {
      Trial: '3',
      'Monthly Transactions': 'Up to 100',
      'Bank/CC Reconciliations': '5',
      'AI Dashboard': true,
      'Tax Filing': false,
      Notes: '',
      'Dedicated Accountant': 'Yes',
    };
    expect(attributeLines(attributes, ['Bank/CC Reconciliations', 'Missing', 'Monthly Transactions'])).toEqual([
      { name: 'Bank/CC Reconciliations', value: 'Up to 5' },
      { name: 'Monthly Transactions', value: 'Up to 100' },
      { name: 'AI Dashboard', value: 'Yes' },
      { name: 'Tax Filing', value: 'No' },
      { name: 'Dedicated Accountant', value: 'Yes' },
    ]);
  });
});

describe('serviceAction', () => {
  const service = (price: string, billing_cycle?: 'monthly' | null) => ({
    id: 's-1',
    category: 'Compliance',
    price,
    attributes: { Trial: '3' },
    amount_cents: 29900,
    ...(billing_cycle === undefined ? {} : { billing_cycle }),
  });

  it('subscribes to a monthly package and purchases a one-time service, on any page', () => {
    expect(serviceAction(service('$299/month', 'monthly'), 'company')).toEqual({
      kind: 'subscribe',
      to: '/subscribe?package=s-1&trial=90',
    });
    expect(serviceAction(service('$300/filing', null), 'packages')).toEqual({
      kind: 'start',
      to: '/service-purchase?service=s-1&type=compliance',
    });
  });

  it('books a call for a quoted price, by the rule of each kind', () => {
    expect(serviceAction(service('$1,500+/month', 'monthly'), 'packages')).toEqual({ kind: 'book-call' });
    expect(serviceAction(service('$2,500-$5,000 (custom quote)', null), 'packages')).toEqual({ kind: 'book-call' });
    // '+' stops a package, not a one-time service quoted '+ state filing fees'.
    expect(serviceAction(service('$399 + state filing fees', null), 'company')).toEqual({
      kind: 'start',
      to: '/service-purchase?service=s-1&type=compliance',
    });
  });

  it('lets the page decide when the catalog does not say', () => {
    expect(isPackage({}, 'packages')).toBe(true);
    expect(isPackage({}, 'company')).toBe(false);
    expect(isPackage({ billing_cycle: 'monthly' }, 'company')).toBe(true);
    expect(isPackage({ billing_cycle: null }, 'packages')).toBe(false);
  });
});

describe('attributeLines omit', () => {
  it('leaves out what the card shows elsewhere', () => {
    expect(attributeLines({ 'Entity Type': 'LLC', Turnaround: '5 days' }, [], ['Entity Type'])).toEqual([
      { name: 'Turnaround', value: '5 days' },
    ]);
  });
});
