import type { AuditLogQuery } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listAuditLog } from '../audit-log-api';
import { adminKeys } from './query-keys';

/** A page of the audit log, newest first; the previous page stays on screen while the next one loads. */
export function useAuditLog(query: AuditLogQuery) {
  return useQuery({
    queryKey: adminKeys.auditLogPage(query),
    queryFn: () => listAuditLog(query),
    placeholderData: keepPreviousData,
  });
}
