import { fixedPriceCents, trialMonthsOf, trialPeriodDaysOf } from '@portal/contracts';
import { ROUTES } from '../../shared/routes';
import type { CatalogService } from './catalog';

/**
 * The display rules of the service pages (spec part 2, section 9). Pure, so each rule is tested on its
 * own; the cards only render what these return.
 */

export const TRIAL_ATTRIBUTE = 'Trial';
export const RECONCILIATIONS_ATTRIBUTE = 'Bank/CC Reconciliations';

/** An attribute's value: text in the catalog's replies; the readers below take a number or a boolean too. */
type AttributeValue = CatalogService['attributes'][string] | number | boolean | null;
type Attributes = Readonly<Record<string, AttributeValue>>;

export type PackageAction = { kind: 'subscribe'; to: string } | { kind: 'book-call' };
export type CompanyServiceAction = { kind: 'start'; to: string } | { kind: 'book-call' };

function text(value: AttributeValue | undefined): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

/** Months of free trial, from the 'Trial' attribute, by the rule billing grants it by (trialMonthsOf). */
export function trialMonths(attributes: Attributes): number {
  return trialMonthsOf(text(attributes[TRIAL_ATTRIBUTE]));
}

/** 'N Month(s) Trial', the spec's words as they are, or null without a trial. */
export function trialText(attributes: Attributes): string | null {
  const months = trialMonths(attributes);
  return months > 0 ? `${months} Month(s) Trial` : null;
}

/** The trial query value of the subscribe page: days (months x 30), 0 without a trial. */
export function trialDays(attributes: Attributes): number {
  return trialPeriodDaysOf(text(attributes[TRIAL_ATTRIBUTE]));
}

export function subscribePath(pkg: Pick<CatalogService, 'id' | 'attributes'>): string {
  const query = new URLSearchParams({ package: String(pkg.id), trial: String(trialDays(pkg.attributes)) });
  return `${ROUTES.subscribe}?${query.toString()}`;
}

/** /service-purchase?service={id}&type={type}: `type` is the service's category, for the way back to its page. */
export function servicePurchasePath(service: Pick<CatalogService, 'id' | 'category'>): string {
  const query = new URLSearchParams({ service: String(service.id), type: service.category.toLowerCase() });
  return `${ROUTES.servicePurchase}?${query.toString()}`;
}

/**
 * Packages: a price with '+', custom, varies, call or quote shows 'Book a Call' instead of Subscribe, and
 * so does one billing would not charge either (a range, no amount): the rule is `fixedPriceCents`, shared
 * with billing.
 */
export function packageAction(
  pkg: Pick<CatalogService, 'id' | 'price' | 'attributes' | 'amount_cents'>,
): PackageAction {
  if (fixedPriceCents(pkg.price, pkg.amount_cents, 'package') === null) return { kind: 'book-call' };
  return { kind: 'subscribe', to: subscribePath(pkg) };
}

/**
 * Company services (formation, dissolution): 'Start' (the one-time purchase) or 'Book a Call'.
 *
 * The spec gives two readings that conflict: the old client treated a price containing fees, custom,
 * varies, call or quote "the other way round", showing Start for a matching price. Read literally, that
 * sends a 'Custom quote' service to a card payment page, which cannot charge a quote, and offers only a
 * call for a plain '$299'. We implement the reading that keeps each purchasable price purchasable:
 * - 'fees' does not make a price unpurchasable: formation prices are quoted '+ state fees' because state
 *   filing fees are not included (part 2, section 9) and the purchase page says so, so such a price
 *   still shows Start (the half of the old rule that made sense);
 * - custom, varies, call or quote, a range, or no amount at all shows 'Book a Call', as on the package
 *   pages ('+' is not a reason here: '$299 + state fees' is the normal formation price). The rule is
 *   `fixedPriceCents`, the one billing charges by.
 */
export function companyServiceAction(
  service: Pick<CatalogService, 'id' | 'price' | 'category' | 'amount_cents'>,
): CompanyServiceAction {
  if (fixedPriceCents(service.price, service.amount_cents, 'service') === null) return { kind: 'book-call' };
  return { kind: 'start', to: servicePurchasePath(service) };
}

export type ServiceAction = PackageAction | CompanyServiceAction;

/**
 * How a service is bought: a monthly package is subscribed to, anything else is a one-time purchase.
 * The catalog says which with billing_cycle ('monthly' or null); a catalog that does not send it leaves
 * the page to decide (/company sells one-time services, the other pages packages).
 */
export function isPackage(
  service: Partial<Pick<CatalogService, 'billing_cycle'>>,
  pageMode: 'packages' | 'company',
): boolean {
  if (service.billing_cycle === 'monthly') return true;
  if (service.billing_cycle === null) return false;
  return pageMode === 'packages';
}

/** The card's button: packages by the package rule, one-time services by the company-services rule. */
export function serviceAction(
  service: Pick<CatalogService, 'id' | 'price' | 'attributes' | 'category' | 'amount_cents'> &
    Partial<Pick<CatalogService, 'billing_cycle'>>,
  pageMode: 'packages' | 'company',
): ServiceAction {
  return isPackage(service, pageMode) ? packageAction(service) : companyServiceAction(service);
}

/** 'Bank/CC Reconciliations': 'Up to {n}' unless 'Unlimited'; any other text as it is. */
export function reconciliationsText(value: AttributeValue | undefined): string {
  const shown = text(value);
  if (/^unlimited$/i.test(shown)) return 'Unlimited';
  return /^\d+$/.test(shown) ? `Up to ${shown}` : shown;
}

export type EntityType = 'LLC' | 'Corporation' | '501(c)(3)' | 'Dissolution';

/**
 * The entity type a company service is for, from its title. Dissolution comes first (an 'LLC
 * Dissolution' dissolves, it does not form) and Non-Profit before LLC (a 'Non-Profit LLC' is a
 * 501(c)(3) filing).
 */
export function entityType(title: string): EntityType | null {
  if (/dissolution/i.test(title)) return 'Dissolution';
  if (/non[\s-]?profit/i.test(title)) return '501(c)(3)';
  if (/corporation|\bc[\s-]?corp\b|\bs[\s-]?corp\b/i.test(title)) return 'Corporation';
  if (/\bllc\b/i.test(title)) return 'LLC';
  return null;
}

/** Company services in two sections: formation (and other services) first, 'Dissolution' titles apart. */
export function splitCompanyServices<T extends Pick<CatalogService, 'title'>>(
  services: readonly T[],
): { formation: T[]; dissolution: T[] } {
  const isDissolution = (service: T) => /dissolution/i.test(service.title);
  return { formation: services.filter((s) => !isDissolution(s)), dissolution: services.filter(isDissolution) };
}

export interface AttributeLine {
  name: string;
  value: string;
}

/**
 * The lines of a package's feature list: in the category's attribute order (from the attributes call),
 * then any attribute it does not list; the trial is a badge of its own and is left out (as are the
 * `omit` names, shown elsewhere on the card), reconciliations
 * read 'Up to {n}', booleans read Yes/No, and empty values are dropped.
 */
export function attributeLines(
  attributes: Attributes,
  order: readonly string[] = [],
  omit: readonly string[] = [],
): AttributeLine[] {
  const names = [...new Set([...order.filter((name) => name in attributes), ...Object.keys(attributes)])];
  return names
    .filter((name) => name !== TRIAL_ATTRIBUTE && !omit.includes(name))
    .map((name) => {
      const value = attributes[name];
      if (name === RECONCILIATIONS_ATTRIBUTE) return { name, value: reconciliationsText(value) };
      if (typeof value === 'boolean') return { name, value: value ? 'Yes' : 'No' };
      return { name, value: text(value) };
    })
    .filter((line) => line.value !== '');
}
