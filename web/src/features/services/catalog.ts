import type { ServiceReply } from '@portal/contracts';
import { ROUTES } from '../../shared/routes';

/** A service or package as the catalog sends it (spec part 1, section 3, and part 2, section 3). */
export type CatalogService = ServiceReply;

// A test category of the old catalog that must never show (spec part 1, section 3).
const HIDDEN_CATEGORIES = new Set(['books1']);

export function isListedCategory(category: string): boolean {
  return !HIDDEN_CATEGORIES.has(normalize(category));
}

function normalize(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Other names a catalog may give the categories of the six service pages. The pages are fixed by the
 * spec (/books, /company...) while category names are the catalog's data, so a page takes every
 * category whose name is its own, its menu entry's title, or one of these.
 */
const CATEGORY_SYNONYMS: Record<string, readonly string[]> = {
  books: ['book', 'bookkeeping', 'accounting'],
  company: ['companies', 'companyservices', 'formation', 'entityformation', 'corporate'],
  compliance: ['compliances', 'statecompliance'],
  people: ['payroll', 'hr', 'payrollhr', 'peopleops'],
  tax: ['taxes', 'taxservices'],
  equity: ['equitymanagement', 'fundadministration', 'valuations'],
};

/** The service area of a page or menu entry: its path ('/books') and, when known, its menu title. */
export interface ServiceArea {
  path: string;
  title?: string;
}

function areaNames(area: ServiceArea): Set<string> {
  const key = normalize(area.path.replace(/^\/+/, '').split(/[/?#]/, 1)[0]);
  return new Set([key, ...(area.title ? [normalize(area.title)] : []), ...(CATEGORY_SYNONYMS[key] ?? [])]);
}

/** True when `category` belongs to the service area of `area`. */
export function categoryMatchesArea(category: string, area: ServiceArea): boolean {
  return isListedCategory(category) && areaNames(area).has(normalize(category));
}

/** The services of one area, in catalog order. */
export function servicesOfArea<T extends Pick<CatalogService, 'category'>>(
  services: readonly T[],
  area: ServiceArea,
): T[] {
  return services.filter((service) => categoryMatchesArea(service.category, area));
}

/** The listed categories in order of first appearance. */
export function listedCategories(services: readonly Pick<CatalogService, 'category'>[]): string[] {
  return [...new Set(services.map((service) => service.category))].filter(isListedCategory);
}

/** The six service pages (spec part 1), each showing the categories of its area. */
const SERVICE_PAGES = [ROUTES.books, ROUTES.company, ROUTES.compliance, ROUTES.people, ROUTES.tax, ROUTES.equity];

/** The service page that lists a category's services ('Compliance' → '/compliance'), if any. */
export function servicePageOf(category: string): string | undefined {
  return SERVICE_PAGES.find((path) => categoryMatchesArea(category, { path }));
}
