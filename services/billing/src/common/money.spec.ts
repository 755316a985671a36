import { fromUnix, iso, toDollars } from './money';

describe('money', () => {
  it('turns cents into dollars with at most two decimals', () => {
    expect(toDollars(39900)).toBe(399);
    expect(toDollars(29990)).toBe(299.9);
    expect(toDollars(1)).toBe(0.01);
    expect(toDollars(0)).toBe(0);
    // 0.07 * 100 is 7.000000000000001 in floating point: cents stay cents.
    expect(toDollars(7)).toBe(0.07);
    expect(toDollars(123456789)).toBe(1234567.89);
    expect(() => toDollars(1.5)).toThrow('not an amount in cents');
  });

  it("reads Stripe's unix seconds", () => {
    expect(fromUnix(1_800_000_000)?.toISOString()).toBe('2027-01-15T08:00:00.000Z');
    expect(fromUnix(null)).toBeNull();
    expect(iso(null)).toBeNull();
    expect(iso(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });
});
