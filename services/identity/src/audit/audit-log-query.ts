import { DEFAULT_PAGE_SIZE, type AuditEntry, type AuditLogQuery } from '@portal/contracts';

/** The last day Postgres and an ISO string both write with four digits: a `to` of it has no upper bound. */
const LAST_DAY = '9999-12-31';

/** 'YYYY-MM-DD' of a day that exists (2026-02-30 does not; nor does year 0000, in Postgres). */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The WHERE clause (possibly empty) of the audit log's filters and its parameters ($1, $2...). */
export interface AuditFilter {
  where: string;
  params: unknown[];
}

/**
 * The filters of GET /audit-log and its CSV: an actor by id (a UUID) or by e-mail (exact, any case),
 * an action, and days in UTC, both ends included (`to` runs until the next day's midnight, excluded).
 */
export function auditFilter(query: Pick<AuditLogQuery, 'actor' | 'action' | 'from' | 'to'>): AuditFilter {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (query.actor) {
    if (UUID.test(query.actor)) add((p) => `actor_id = ${p}::uuid`, query.actor.toLowerCase());
    else add((p) => `lower(actor_email) = lower(${p})`, query.actor);
  }
  if (query.action) add((p) => `action = ${p}`, query.action);
  if (query.from) add((p) => `at >= ${p}::timestamptz`, `${query.from}T00:00:00.000Z`);
  // The day after LAST_DAY is year 10000, which Postgres cannot read as ISO text: nothing is after it anyway.
  if (query.to && query.to < LAST_DAY) {
    add((p) => `at < ${p}::timestamptz`, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS).toISOString());
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

export function pageOf(query: Pick<AuditLogQuery, 'page' | 'page_size'>): { page: number; pageSize: number } {
  return { page: query.page ?? 1, pageSize: query.page_size ?? DEFAULT_PAGE_SIZE };
}

/** A row of identity.audit_log as `SELECT ${AUDIT_COLUMNS}` reads it: an entry with its time as a Date. */
export type AuditRow = Omit<AuditEntry, 'at' | 'details'> & { at: Date; details: AuditEntry['details'] | null };

export const AUDIT_COLUMNS = 'id, at, actor_id, actor_email, action, target, client_ip, request_id, details';

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    action: row.action,
    target: row.target,
    client_ip: row.client_ip,
    request_id: row.request_id,
    details: row.details ?? {},
  };
}

/** The CSV export's columns: AuditEntry's, in its order. */
export const CSV_HEADER: ReadonlyArray<keyof AuditEntry> = [
  'id',
  'at',
  'actor_id',
  'actor_email',
  'action',
  'target',
  'client_ip',
  'request_id',
  'details',
];

/** One entry as the values of a CSV line (details as JSON text). */
export function csvValues(entry: AuditEntry): string[] {
  return CSV_HEADER.map((column) => {
    const value = entry[column];
    if (value === null) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}
