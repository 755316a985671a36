/** Query keys of the catalog, in one place so that every reader agrees. */
export const catalogKeys = {
  services: ['catalog', 'services'] as const,
  attributes: (categories: readonly string[]) => ['catalog', 'attributes', ...categories] as const,
};

/** Catalog content changes rarely: one fetch per visit is plenty. */
export const CATALOG_STALE_TIME_MS = 5 * 60_000;
