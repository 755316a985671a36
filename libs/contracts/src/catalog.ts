/* The catalog's public reads: menu, content pages, services and packages, filing forms. */

export const BILLING_CYCLES = ['monthly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** GET /menu/: the header's Services dropdown, in order. */
export interface MenuItemReply {
  id: string;
  /** '/books' */
  path: string;
  title: string;
  description: string;
  /** An inline SVG element (24×24, drawn in currentColor). */
  icon: string;
}

/** GET /pages/ and /pages/{name}. */
export interface SitePageReply {
  /** `home` is the home page. */
  name: string;
  title: string;
  /** Plain text; paragraphs are separated by a blank line. */
  content: string;
}

/** GET /services/, /services/{id}, /services/by-category/{category}, /services/by-provider/{provider}. */
export interface ServiceReply {
  id: string;
  slug: string;
  provider: string;
  category: string;
  title: string;
  /** For people; may be a range or a quote: '$299/month', '$1,500+/month', 'Custom quote'. */
  price: string;
  /** Feature name → value, as text ('3', 'Unlimited', 'N/A'), in the category's attribute order. */
  attributes: Record<string, string>;
  description: string;
  /** What one purchase or one month costs, in cents; null when the price is quoted. */
  amount_cents: number | null;
  currency: string;
  /** 'monthly' for packages (subscribe), null for one-time services (purchase). */
  billing_cycle: BillingCycle | null;
}

/** GET /services/attributes/{category}: the attribute names, in display order. */
export type ServiceAttributesReply = string[];

/** GET /subscriptions/packages/{id}: a service billed monthly, with its billing and trial terms. */
export interface PackageReply {
  id: string;
  slug: string;
  title: string;
  price: string;
  description: string;
  attributes: Record<string, string>;
  category: string;
  provider: string;
  /** Monthly amount in cents; null when the price is quoted. */
  amount_cents: number | null;
  currency: string;
  billing_cycle: BillingCycle;
  /** The Trial attribute in months; 0 when it is 'N/A' or '0'. */
  trial_months: number;
  trial_period_days: number;
}

/** GET /forms/ and /forms/{id}. */
export interface FilingFormReply {
  id: string;
  /** form_name by the slug rule (parenthesised text removed, hyphens trimmed). */
  slug: string;
  /** 'FinCEN Form 114 (FBAR)' */
  form_name: string;
  /** The official title. */
  name: string;
  short_description: string;
  long_description: string;
  filing_frequency: string;
  /** For people ('$200'); government fees are billed at cost. */
  estimated_fee: string;
  estimated_fee_cents: number | null;
  currency: string;
  /** 'YYYY-MM-DD' */
  deadline_date: string | null;
}

/** Days per month of a package's Trial attribute (spec part 2, section 9). */
export const DAYS_PER_TRIAL_MONTH = 30;

/**
 * Months of free trial from a package's Trial attribute: a whole number of months, else none ('N/A',
 * '0', absent, or any other text, '2 months' too). One rule for what the site shows ('N Month(s)
 * Trial', the Subscribe link's days) and what billing grants (catalog.billing_price_list reads the
 * attribute the same way, in SQL), so a trial shown is a trial given.
 */
export function trialMonthsOf(trial: string | number | null | undefined): number {
  const text = trial === null || trial === undefined ? '' : String(trial).trim();
  return /^\d{1,2}$/.test(text) ? Number(text) : 0;
}

/** The trial of a package's Trial attribute in days (months x 30): what the site offers and the catalog states. */
export function trialPeriodDaysOf(trial: string | number | null | undefined): number {
  return trialMonthsOf(trial) * DAYS_PER_TRIAL_MONTH;
}

/** What a price belongs to: a monthly package, a one-time service or a filing. */
export type PricedItemKind = 'package' | 'service' | 'form';

const QUOTE_WORDS = /quote|custom|varies|call/i;
const RANGE = /[0-9]\s*-\s*\$?\s*[0-9]/;

/**
 * A price that is not one amount (spec part 2, section 9): custom, a quote, 'varies', 'call', a range
 * ('$2,500-$5,000'), and for a package a starting price ('$1,500+/month'). A one-time service keeps its
 * '+' ('$299 + state filing fees' is a fixed price; the fees are billed separately).
 */
export function isQuotedPrice(price: string, kind: PricedItemKind): boolean {
  return QUOTE_WORDS.test(price) || RANGE.test(price) || (kind === 'package' && price.includes('+'));
}

/**
 * What the item costs when it can be bought by card: its amount, unless it has none or its price is
 * quoted; null otherwise. The site offers Subscribe, Start or a card form by it, and billing charges by it
 * (`catalog.billing_price_list` holds the same rule in SQL; the catalog's integration test compares them).
 */
export function fixedPriceCents(price: string, amountCents: number | null, kind: PricedItemKind): number | null {
  return amountCents !== null && !isQuotedPrice(price, kind) ? amountCents : null;
}

/**
 * The subscribe page's trial rule (spec part 2, section 9) for a requested number of days: 1 means 30
 * days, another positive whole number that many days; 0, nothing or anything else means no trial.
 * Applying it twice changes nothing (30 stays 30), so a page that already applied it may send days.
 */
export function trialDaysOf(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) return 0;
  return value === 1 ? DAYS_PER_TRIAL_MONTH : value;
}
