import { useQuery } from '@tanstack/react-query';
import { getServiceAttributes, getServices } from '../api';
import { CATALOG_STALE_TIME_MS, catalogKeys } from './query-keys';

/** Every service and package; pages and filters take their part of it (one call for the whole visit). */
export function useServices() {
  return useQuery({
    queryKey: catalogKeys.services,
    queryFn: ({ signal }) => getServices(signal),
    staleTime: CATALOG_STALE_TIME_MS,
  });
}

/** The attribute names of each category, in order; a failure only loses the ordering. */
export function useServiceAttributes(categories: readonly string[]) {
  return useQuery({
    queryKey: catalogKeys.attributes(categories),
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        categories.map((category) => getServiceAttributes(category, signal).catch(() => [] as string[])),
      );
      return Object.fromEntries(categories.map((category, index) => [category, lists[index]]));
    },
    enabled: categories.length > 0,
    staleTime: CATALOG_STALE_TIME_MS,
  });
}
