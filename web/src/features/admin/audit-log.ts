import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditLogQuery } from '@portal/contracts';
import { AUDIT_ACTION_LABELS } from '../../shared/audit-actions';

/** The Audit log tab: action labels, filters and the query they make. Pure. */

export const AUDIT_LOG_MESSAGES = {
  loadFailed: 'Failed to load the audit log. Please try again.',
  exportFailed: 'Failed to export the audit log. Please try again.',
  empty: 'No entries match these filters.',
  rangeInvalid: 'The “From” date must not be after the “To” date.',
} as const;

/** The action filter: every action, or one. */
export const AUDIT_ACTION_FILTERS: ReadonlyArray<{ value: AuditAction | ''; label: string }> = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

/** What the filter form holds (text inputs: empty means no filter). */
export interface AuditLogFilters {
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

export const NO_FILTERS: AuditLogFilters = { actor: '', action: '', from: '', to: '' };

/** Why the filters cannot be sent as they are, or null (the server checks them again). */
export function filtersProblem(filters: AuditLogFilters): string | null {
  return filters.from && filters.to && filters.from > filters.to ? AUDIT_LOG_MESSAGES.rangeInvalid : null;
}

/** The API query of a page under these filters (the empty ones left out). */
export function auditLogQuery(filters: AuditLogFilters, page?: number, pageSize?: number): AuditLogQuery {
  const actor = filters.actor.trim();
  return {
    ...(actor ? { actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(page !== undefined ? { page } : {}),
    ...(pageSize !== undefined ? { page_size: pageSize } : {}),
  };
}

/** `actor=…&action=…&from=…&to=…&page=…&page_size=…`, in that order. */
export function auditLogQueryString(query: AuditLogQuery): string {
  const params = new URLSearchParams();
  for (const key of ['actor', 'action', 'from', 'to', 'page', 'page_size'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** Who did it, for people: the e-mail at the time, else 'System' (the CLI, a start-up, a job). */
export function actorLabel(entry: Pick<AuditEntry, 'actor_email' | 'actor_id' | 'details'>): string {
  if (entry.actor_email) return entry.actor_email;
  if (entry.details.via === 'cli') return 'System (admin command line)';
  if (entry.details.via === 'ADMIN_EMAIL') return 'System (ADMIN_EMAIL at start)';
  return entry.actor_id ?? 'System';
}
