const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount the API gives in dollars (payments, purchases, subscription prices), as people read it: $1,234.50. */
export function formatAmount(amount: number | null | undefined, currency = 'usd'): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '—';
  if (currency.toLowerCase() === 'usd') return dollars.format(amount);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
}

/** Invoice amounts come in cents (spec part 2, section 9: divided by 100). */
export function formatCents(cents: number | null | undefined, currency = 'usd'): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return '—';
  return formatAmount(cents / 100, currency);
}

/** A date as the pages show it: May 1, 2026 (in the reader's time zone). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
