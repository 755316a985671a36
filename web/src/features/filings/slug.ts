import { ROUTES } from '../../shared/routes';

/**
 * The slug of a filing form's page (spec part 1, section 2, and part 2, section 2): the form name with
 * parenthesised text removed, lowercased, spaces, commas and dots turned into hyphens, repeated hyphens
 * collapsed. Hyphens left at either end (where '(FBAR)' was, say) are dropped too: the spec does not say
 * so, but 'fincen-form-114-' is not an address anyone would type or share.
 *
 * The function is idempotent, so a slug read from the address bar can go through it again: an old link
 * with the trailing hyphen still finds its form.
 */
export function filingSlug(formName: string): string {
  return formName
    .replace(/\([^)]*\)/g, '')
    .toLowerCase()
    .replace(/[\s,.]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The filing's page under /forms (the footer's links). */
export function formPath(formName: string): string {
  return ROUTES.form.replace(':formName', encodeURIComponent(filingSlug(formName)));
}

/** The filing's page under /filings (the filings grid). */
export function filingPath(formName: string): string {
  return ROUTES.filing.replace(':formName', encodeURIComponent(filingSlug(formName)));
}

/** The footer's filing links, in the spec's order and words (part 1, section 2). */
export const FOOTER_FILING_NAMES = [
  'Assumed Business Name Certificate',
  'Certified Copies',
  'Certificate of Good Standing',
  'Articles of Dissolution',
  'Annual Report',
  'Trade Name Certificate',
  'Amendment of Articles',
  'Change of Registered Agent',
  'Application for Reinstatement',
  'Articles of Organization',
  'Resignation of Agent',
  'IRS Form 7004',
  'IRS Form 5471',
  'IRS Form 5472',
  'IRS Form 1120',
  'IRS Form 1099 Series',
  'FinCEN Form 114 (FBAR)',
  '409A Valuation',
  'FinCEN BOI Report',
] as const;

/** Start Filing: the purchase page of the form (behind the sign-in guard). */
export function filingPurchasePath(id: string | number): string {
  return `${ROUTES.filingPurchase}?${new URLSearchParams({ filing: String(id) }).toString()}`;
}
