import { formatFee } from './fee';

describe('formatFee', () => {
  it.each([
    [150, '$150'],
    ['150', '$150'],
    ['1500', '$1,500'],
    ['99.5', '$99.50'],
    ['150.00', '$150'],
    ['$150 + state fee', '$150 + state fee'],
    ['Varies by state', 'Varies by state'],
    [null, ''],
  ])('shows %j as %j', (fee, shown) => {
    expect(formatFee(fee)).toBe(shown);
  });
});
