import type { CursorPage } from '@portal/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

/** What a list read by cursor shows: its pages' items in order, and how many it has now. */
export interface CursorList<T> {
  items: T[];
  /** The latest page's count (the list may have changed since the first), never fewer than shown. */
  total: number;
  /** A page after the last one read exists. */
  more: boolean;
  pages: number;
}

/** The loaded pages of a CursorPage list, as one list. */
export function cursorList<T>(pages: ReadonlyArray<CursorPage<T>>): CursorList<T> {
  const items = pages.flatMap((page) => page.items);
  const last = pages[pages.length - 1];
  return {
    items,
    total: Math.max(last?.total ?? 0, items.length),
    more: Boolean(last?.next_cursor),
    pages: pages.length,
  };
}

/**
 * A list the server pages by cursor (`before` = the page before's `next_cursor`), read a page more at a
 * time ("Load more"). A refresh reads the pages again from the first, each after the one before as it
 * is now, so what changed meanwhile neither hides nor repeats an item. The pages are not kept once
 * nothing shows them: a list shown again (a filter changed back, the panel opened again) starts from its
 * first page; while another filter's list loads, the one before stays on screen.
 */
export function useCursorList<T>(
  queryKey: readonly unknown[],
  fetchPage: (before: string | undefined) => Promise<CursorPage<T>>,
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  return { ...query, list: query.data && cursorList(query.data.pages) };
}
