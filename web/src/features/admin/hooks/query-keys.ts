import type { AuditLogQuery } from '@portal/contracts';
import type { InboxFilters } from '../inbox';

/** Query keys of the admin panel, in one place so that every reader and writer agrees. */
export const adminKeys = {
  inviteCodes: ['admin', 'invite-codes'] as const,
  inviteCodePage: (page: number) => [...adminKeys.inviteCodes, page] as const,
  submissions: ['admin', 'submissions'] as const,
  submissionPage: (page: number) => [...adminKeys.submissions, page] as const,
  inbox: ['admin', 'inbox'] as const,
  inboxList: (filters: InboxFilters) => [...adminKeys.inbox, filters] as const,
  auditLog: ['admin', 'audit-log'] as const,
  auditLogPage: (query: AuditLogQuery) => [...adminKeys.auditLog, query] as const,
};
