/**
 * The 25 third-party platforms we work in (spec part 2, section 2). Names are used only to say which
 * products we support; each logo is a neutral monogram of our own (web/public/platform-logos), not the
 * platform's artwork.
 */
export interface PlatformGroup {
  title: string;
  platforms: string[];
}

export const PLATFORM_GROUPS: PlatformGroup[] = [
  {
    title: 'Accounting',
    platforms: ['QuickBooks Online', 'Xero', 'NetSuite', 'Sage Intacct', 'FreshBooks', 'Wave', 'Zoho Books'],
  },
  { title: 'Bills and spend', platforms: ['Bill.com', 'Expensify', 'Ramp', 'Brex', 'Dext'] },
  { title: 'Payroll and HR', platforms: ['Gusto', 'ADP', 'Rippling', 'Justworks', 'Deel', 'Paychex'] },
  { title: 'Payments and commerce', platforms: ['Stripe', 'Shopify', 'PayPal', 'Square'] },
  { title: 'Equity and banking', platforms: ['Carta', 'Pulley', 'Mercury'] },
];

/** File name of a platform's monogram: 'Bill.com' → 'bill-com'. */
export function platformLogoSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function platformLogoPath(name: string): string {
  return `/platform-logos/${platformLogoSlug(name)}.svg`;
}
