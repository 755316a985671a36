import { formatAmount, formatCents, formatDate } from './money';

describe('amounts and dates', () => {
  it('shows dollar amounts as they come, with two decimals', () => {
    expect(formatAmount(399)).toBe('$399.00');
    expect(formatAmount(299.9)).toBe('$299.90');
    expect(formatAmount(1500)).toBe('$1,500.00');
    expect(formatAmount(0)).toBe('$0.00');
    expect(formatAmount(null)).toBe('—');
  });

  it('divides invoice cents by 100', () => {
    expect(formatCents(29900)).toBe('$299.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(undefined)).toBe('—');
  });

  it('writes dates for people', () => {
    expect(formatDate('2026-05-01T12:00:00Z')).toBe('May 1, 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('soon')).toBe('—');
  });
});
