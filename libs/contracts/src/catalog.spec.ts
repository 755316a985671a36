import { fixedPriceCents, isQuotedPrice, trialDaysOf, trialMonthsOf, trialPeriodDaysOf } from './catalog';

/** Prices with how a package, a one-time service and a filing read them (quoted = true). */
const PRICE_CASES: ReadonlyArray<[price: string, pkg: boolean, service: boolean, form: boolean]> = [
  ['$300/month', false, false, false],
  ['$0', false, false, false],
  ['Free', false, false, false],
  ['$1,500+/month', true, false, false],
  ['$299 + state filing fees', true, false, false],
  ['$2,500-$5,000', true, true, true],
  ['$200 - $ 400', true, true, true],
  ['Custom quote', true, true, true],
  ['Price VARIES', true, true, true],
  ['Call us', true, true, true],
  ['$2,500-$5,000 (custom quote)', true, true, true],
  ['Form 1099-NEC', false, false, false],
];

describe('trial rules shared by the site and billing', () => {
  it.each([
    ['3', 3],
    [' 3 ', 3],
    ['12', 12],
    [3, 3],
    ['0', 0],
    ['N/A', 0],
    ['', 0],
    [undefined, 0],
    [null, 0],
    ['3 months', 0],
    ['1.5', 0],
    ['-1', 0],
    ['100', 0],
  ])('the Trial attribute %j gives %d months', (trial, months) => {
    expect(trialMonthsOf(trial)).toBe(months);
    expect(trialPeriodDaysOf(trial)).toBe(months * 30);
  });

  it.each([
    [1, 30],
    [30, 30],
    [14, 14],
    [90, 90],
    [0, 0],
    [-5, 0],
    [2.5, 0],
    [undefined, 0],
    [null, 0],
  ])('a requested trial of %p means %p days', (value, days) => {
    expect(trialDaysOf(value)).toBe(days);
  });
});

describe('the price rule shared by the site and billing', () => {
  it.each(PRICE_CASES)('%j is quoted: package %p, service %p, filing %p', (price, pkg, service, form) => {
    expect(isQuotedPrice(price, 'package')).toBe(pkg);
    expect(isQuotedPrice(price, 'service')).toBe(service);
    expect(isQuotedPrice(price, 'form')).toBe(form);
  });

  it('charges the amount of a price that is not quoted, and nothing without an amount', () => {
    expect(fixedPriceCents('$300/month', 30000, 'package')).toBe(30000);
    expect(fixedPriceCents('$0', 0, 'package')).toBe(0);
    expect(fixedPriceCents('$300/month', null, 'package')).toBeNull();
    expect(fixedPriceCents('$1,500+/month', 150000, 'package')).toBeNull();
    expect(fixedPriceCents('$299 + state filing fees', 29900, 'service')).toBe(29900);
    expect(fixedPriceCents('$100 - $300', 10000, 'form')).toBeNull();
  });
});
