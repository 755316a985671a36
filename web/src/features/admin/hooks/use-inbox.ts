import type { InboxItemReply } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCursorList } from '../../../shared/api/cursor-list';
import { type InboxFilters } from '../inbox';
import { listInbox, markInboxItem } from '../inbox-api';
import { PAGE_SIZE } from '../invite-codes';
import { adminKeys } from './query-keys';

/** The inbox under these filters, newest first, a page more at a time; other filters start from the top. */
export function useInbox(filters: InboxFilters) {
  return useCursorList(adminKeys.inboxList(filters), (before) =>
    listInbox({ ...filters, page_size: PAGE_SIZE, ...(before ? { before } : {}) }),
  );
}

/** Marks an item handled or open again; the inbox reloads (filters by state change), its pages from the first. */
export function useMarkInboxItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, handled }: { item: InboxItemReply; handled: boolean }) =>
      markInboxItem(item.source, item.id, handled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.inbox }),
  });
}
