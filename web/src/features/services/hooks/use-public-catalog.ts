import type { MenuItemReply, SitePageReply } from '@portal/contracts';
import { usePublicRead } from '../../../shared/api/server-data';
import { CATALOG_STALE_TIME_MS } from './query-keys';

// Read without react-query: the header and the home page show them (shared/api/public-reads.ts).

/** The header's Services menu; the home page's service areas come from it too. */
export function useMenu() {
  return usePublicRead<MenuItemReply[]>('/menu/', CATALOG_STALE_TIME_MS);
}

/** The catalog's page called `name`: null when there is none, undefined until the pages have loaded. */
export function useSitePage(name: string): SitePageReply | null | undefined {
  const pages = usePublicRead<SitePageReply[]>('/pages/', CATALOG_STALE_TIME_MS);
  return pages.data && (pages.data.find((page) => page.name === name) ?? null);
}
