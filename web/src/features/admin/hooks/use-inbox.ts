import type { InboxItemReply, InboxQuery } from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listInbox, markInboxItem } from '../inbox-api';
import { adminKeys } from './query-keys';

/** A page of the inbox, newest first; the previous page stays on screen while the next one loads. */
export function useInbox(query: InboxQuery) {
  return useQuery({
    queryKey: adminKeys.inboxPage(query),
    queryFn: () => listInbox(query),
    placeholderData: keepPreviousData,
  });
}

/** Marks an item handled or open again; every inbox page reloads (filters by state change). */
export function useMarkInboxItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, handled }: { item: InboxItemReply; handled: boolean }) =>
      markInboxItem(item.source, item.id, handled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.inbox }),
  });
}
