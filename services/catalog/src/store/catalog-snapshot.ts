import type {
  FilingFormReply,
  MenuItemReply,
  PackageReply,
  ServiceAttributesReply,
  ServiceReply,
  SitePageReply,
} from '@portal/contracts';
import { parseId, parseName } from '../common/ids';
import { Representation } from '../common/representation';
import type { CategoryAttributes } from '../services/services.service';
import { toPackageResponse } from '../services/service-view';

/** What the catalog database holds, as the API shapes it (read by CatalogStore, one query each). */
export interface CatalogContent {
  menu: MenuItemReply[];
  pages: SitePageReply[];
  /** By category, then display order. */
  services: ServiceReply[];
  categories: CategoryAttributes[];
  /** In the footer order. */
  forms: FilingFormReply[];
}

/** Lists by a case-insensitive name, in the order of `items`. */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item).toLowerCase();
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}

async function representations<T>(entries: Iterable<[string, T]>): Promise<Map<string, Representation>> {
  const built = await Promise.all(
    [...entries].map(async ([key, body]) => [key, await Representation.of(body)] as const),
  );
  return new Map(built);
}

/**
 * Every answer of the catalog's public reads, made at once from one reading of the
 * database: the lists, each item by id or name, the services of each category and
 * provider, and each category's attribute names. Immutable: a change of the catalog
 * builds a new snapshot, which CatalogStore swaps in whole.
 *
 * The lookups follow what the SQL reads did: ids are UUIDs in any case, category,
 * provider and page names are trimmed and compared case-insensitively, and an unknown
 * category or provider has an empty list (an unknown id or page, undefined: a 404).
 */
export class CatalogSnapshot {
  private constructor(
    readonly menu: Representation,
    readonly pages: Representation,
    readonly services: Representation,
    readonly forms: Representation,
    private readonly empty: Representation,
    private readonly pageByName: Map<string, Representation>,
    private readonly serviceById: Map<string, Representation>,
    private readonly packageById: Map<string, Representation>,
    private readonly formById: Map<string, Representation>,
    private readonly servicesOfCategory: Map<string, Representation>,
    private readonly servicesOfProvider: Map<string, Representation>,
    private readonly attributesOfCategory: Map<string, Representation>,
  ) {}

  static async build(content: CatalogContent): Promise<CatalogSnapshot> {
    const packages = content.services.flatMap((service): Array<[string, PackageReply]> =>
      service.billing_cycle === 'monthly'
        ? [[service.id, toPackageResponse({ ...service, billing_cycle: service.billing_cycle })]]
        : [],
    );
    const attributes = content.categories.map(({ name, attributeNames }): [string, ServiceAttributesReply] => [
      name.toLowerCase(),
      attributeNames,
    ]);
    const [menu, pages, services, forms, empty, ...maps] = await Promise.all([
      Representation.of(content.menu),
      Representation.of(content.pages),
      Representation.of(content.services),
      Representation.of(content.forms),
      Representation.of([]),
      representations(content.pages.map((page) => [page.name, page])),
      representations(content.services.map((service) => [service.id, service])),
      representations(packages),
      representations(content.forms.map((form) => [form.id, form])),
      representations(groupBy(content.services, (service) => service.category)),
      representations(groupBy(content.services, (service) => service.provider)),
      representations(attributes),
    ]);
    return new CatalogSnapshot(menu, pages, services, forms, empty, ...maps);
  }

  page(rawName: string): Representation | undefined {
    const name = parseName(rawName);
    return name === undefined ? undefined : this.pageByName.get(name.toLowerCase());
  }

  service(rawId: string): Representation | undefined {
    const id = parseId(rawId);
    return id === undefined ? undefined : this.serviceById.get(id);
  }

  /** A service billed monthly; undefined for a one-time service too. */
  package(rawId: string): Representation | undefined {
    const id = parseId(rawId);
    return id === undefined ? undefined : this.packageById.get(id);
  }

  form(rawId: string): Representation | undefined {
    const id = parseId(rawId);
    return id === undefined ? undefined : this.formById.get(id);
  }

  servicesByCategory(rawCategory: string): Representation {
    return this.byName(this.servicesOfCategory, rawCategory);
  }

  servicesByProvider(rawProvider: string): Representation {
    return this.byName(this.servicesOfProvider, rawProvider);
  }

  /** The category's attribute names in display order; empty for an unknown category. */
  attributeNames(rawCategory: string): Representation {
    return this.byName(this.attributesOfCategory, rawCategory);
  }

  private byName(map: Map<string, Representation>, raw: string): Representation {
    const name = parseName(raw);
    return (name === undefined ? undefined : map.get(name.toLowerCase())) ?? this.empty;
  }
}
