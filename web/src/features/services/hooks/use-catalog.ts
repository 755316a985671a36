import { useQuery } from '@tanstack/react-query';
import { getMenu, getServiceAttributes, getServices, getSitePages } from '../api';
import { CATALOG_STALE_TIME_MS, catalogKeys } from './query-keys';

/** The header's Services menu; the home page's service areas come from it too. */
export function useMenu() {
  return useQuery({
    queryKey: catalogKeys.menu,
    queryFn: ({ signal }) => getMenu(signal),
    staleTime: CATALOG_STALE_TIME_MS,
  });
}

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

export function useSitePage(name: string) {
  return useQuery({
    queryKey: catalogKeys.pages,
    queryFn: ({ signal }) => getSitePages(signal),
    staleTime: CATALOG_STALE_TIME_MS,
    select: (pages) => pages.find((page) => page.name === name) ?? null,
  });
}
