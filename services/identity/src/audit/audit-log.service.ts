import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuditLogPage, AuditLogQuery, SecurityEventsReply } from '@portal/contracts';
import { csvLine } from '@portal/http';
import { DataSource } from 'typeorm';
import { AUDIT_COLUMNS, auditFilter, AuditRow, CSV_HEADER, csvValues, pageOf, toAuditEntry } from './audit-log-query';

/** A user's own security events shown at most (GET /auth/security-events). */
export const SECURITY_EVENTS_LIMIT = 50;
/** Rows read per query while the CSV streams. */
const EXPORT_BATCH = 1000;

/** Reads of the audit log (the audit worker is its only writer). */
@Injectable()
export class AuditLogService {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  /** One page, newest first. */
  async page(query: AuditLogQuery): Promise<AuditLogPage> {
    const { page, pageSize } = pageOf(query);
    const { where, params } = auditFilter(query);
    const n = params.length;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${AUDIT_COLUMNS} FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      ) as Promise<AuditRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS total FROM audit_log ${where}`, params) as Promise<
        Array<{ total: number }>
      >,
    ]);
    return { items: rows.map(toAuditEntry), total, page, page_size: pageSize };
  }

  /**
   * Every matching entry as CSV, newest first, streamed a batch at a time (keyset: at, id), so an
   * export of any size holds one batch in memory. Entries written while it streams may be left out.
   */
  exportCsv(query: AuditLogQuery): Readable {
    const dataSource = this.dataSource;
    const { where, params } = auditFilter(query);
    const n = params.length;
    async function* lines(): AsyncGenerator<string> {
      yield csvLine(CSV_HEADER);
      let after: { at: string; id: string } | undefined;
      for (;;) {
        const keyset = after ? `(at, id) < ($${n + 1}::timestamptz, $${n + 2}::uuid)` : '';
        const condition = keyset ? (where ? `${where} AND ${keyset}` : `WHERE ${keyset}`) : where;
        // The cursor is the timestamp as Postgres writes it: a JS Date would drop its microseconds.
        const rows = (await dataSource.query(
          `SELECT ${AUDIT_COLUMNS}, at::text AS cursor FROM audit_log ${condition}
            ORDER BY at DESC, id DESC LIMIT ${EXPORT_BATCH}`,
          after ? [...params, after.at, after.id] : params,
        )) as Array<AuditRow & { cursor: string }>;
        for (const row of rows) yield csvLine(csvValues(toAuditEntry(row)));
        if (rows.length < EXPORT_BATCH) return;
        const last = rows[rows.length - 1];
        after = { at: last.cursor, id: last.id };
      }
    }
    return Readable.from(lines());
  }

  /**
   * The user's own security events (`auth.*`), newest first: those they did, and those done to
   * their account (a failed sign-in or a lockout names the account as its target).
   */
  async securityEvents(userId: string): Promise<SecurityEventsReply> {
    const rows = (await this.dataSource.query(
      `SELECT ${AUDIT_COLUMNS} FROM audit_log
        WHERE (actor_id = $1 OR target = 'user:' || $1::text) AND starts_with(action, 'auth.')
        ORDER BY at DESC, id DESC LIMIT ${SECURITY_EVENTS_LIMIT}`,
      [userId],
    )) as AuditRow[];
    return { items: rows.map(toAuditEntry) };
  }
}
