import type { Dollars } from '@portal/contracts';

/** Cents to the dollars the pages show (29990 → 299.9): exact to the cent, never a float artefact. */
export function toDollars(cents: number): Dollars {
  if (!Number.isInteger(cents)) throw new Error(`not an amount in cents: ${cents}`);
  return Number((cents / 100).toFixed(2));
}

/** Stripe's unix seconds as a Date (null stays null). */
export function fromUnix(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
