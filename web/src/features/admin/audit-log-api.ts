import type { AuditLogPage, AuditLogQuery } from '@portal/contracts';
import { apiClient } from '../../shared/api';
import { auditLogQueryString } from './audit-log';

/* The audit log's calls (identity, /audit-log*, admins only). */

export function listAuditLog(query: AuditLogQuery): Promise<AuditLogPage> {
  return apiClient.get<AuditLogPage>(`/audit-log?${auditLogQueryString(query)}`);
}

/** The CSV export of the same filters (every page), for downloadFile. */
export function auditLogExportPath(query: AuditLogQuery): string {
  return `/audit-log.csv?${auditLogQueryString(query)}`;
}
