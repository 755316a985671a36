import { randomUUID } from 'node:crypto';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { ServiceName } from '@portal/config';
import type { AuditAction, AuditEntry } from '@portal/contracts';
import { assertInTransaction, type Outbox } from './outbox.service';
import { QUEUES } from './queues';

/** The service whose schema holds the audit log (audit_log); every other service sends it entries. */
export const AUDIT_LOG_SERVICE: ServiceName = 'identity';

/** Who did something, from where, in which request: what every audit entry carries besides the action. */
export interface AuditScope {
  actor_id: string | null;
  actor_email: string | null;
  client_ip: string | null;
  request_id: string | null;
}

/** The job identity's worker turns into one audit_log row (its id is the job id, so a retry never doubles it). */
export type AuditRecord = Omit<AuditEntry, 'id'>;

interface AuditedRequest {
  ip?: string;
  id?: string;
  user?: { id: string; email: string };
}

/** The scope of a request: its signed-in user (if any), its client address and its request id. */
export function auditScopeOf(request: AuditedRequest): AuditScope {
  return {
    actor_id: request.user?.id ?? null,
    actor_email: request.user?.email ?? null,
    client_ip: request.ip ?? null,
    request_id: request.id === undefined ? null : String(request.id),
  };
}

/** `@Audited() scope: AuditScope` in a controller method: the request's audit scope. */
export const Audited = createParamDecorator((_data: unknown, context: ExecutionContext): AuditScope => {
  return auditScopeOf(context.switchToHttp().getRequest<AuditedRequest>());
});

/** Inserts the audit_log row given as JSON in parameter `$n` (its id and the AuditRecord's fields). */
function auditLogInsert(n: number): string {
  return `INSERT INTO audit_log (id, at, actor_id, actor_email, action, target, client_ip, request_id, details)
    SELECT id, at, actor_id, actor_email, action, target, client_ip, request_id, details
    FROM jsonb_populate_record(NULL::audit_log, $${n}::jsonb)`;
}

/** An entry of now: who, from where, what, on what. */
function auditRecord(
  scope: AuditScope,
  action: AuditAction,
  target: string | null,
  details: AuditEntry['details'],
): AuditRecord {
  return { at: new Date().toISOString(), ...scope, action, target, details };
}

function auditLogRow(id: string, entry: AuditRecord): string {
  return JSON.stringify({ ...entry, id, details: entry.details ?? {} });
}

/**
 * Appends one entry to audit_log (in the audit log service's schema, first on the search_path). The id
 * is the entry's for good: an entry written twice (a job run again) stays one line.
 */
export async function appendAuditEntry(
  queryable: Pick<EntityManager, 'query'>,
  id: string,
  entry: AuditRecord,
): Promise<void> {
  await queryable.query(`${auditLogInsert(1)} ON CONFLICT (id) DO NOTHING`, [auditLogRow(id, entry)]);
}

/**
 * Writes audit entries in the caller's transaction, so an entry commits (or rolls back) with the
 * change it describes and reaches the log exactly once:
 *
 *   await dataSource.transaction(async (manager) => {
 *     await manager.save(code);
 *     await audit.record(manager, scope, 'invite_code.created', `invite_code:${code.id}`);
 *   });
 *
 * A service sends its entries through its outbox to the audit log service's worker; the audit log
 * service itself (identity: sign-ins, password and two-factor changes) writes them straight into
 * audit_log, which is in its own schema — a sign-in does not pay a relay, a queue and a worker.
 *
 * A read that is audited (a submission viewed, a vault listed) has no change to commit with:
 * `recordAlone` writes the entry in a transaction of its own.
 */
export class AuditTrail {
  private readonly local: boolean;

  constructor(
    private readonly outbox: Outbox,
    private readonly dataSource: DataSource,
    service: ServiceName,
  ) {
    this.local = service === AUDIT_LOG_SERVICE;
  }

  async record(
    manager: EntityManager,
    scope: AuditScope,
    action: AuditAction,
    target: string | null = null,
    details: AuditEntry['details'] = {},
  ): Promise<void> {
    const entry = auditRecord(scope, action, target, details);
    if (!this.local) {
      await this.outbox.enqueue(manager, QUEUES.audit, 'record', entry);
      return;
    }
    assertInTransaction(manager, 'AuditTrail.record', 'the entry commits or rolls back with the change it describes');
    await appendAuditEntry(manager, randomUUID(), entry);
  }

  /**
   * Runs `change` (one INSERT, UPDATE or DELETE, with RETURNING for the rows it answers with) and
   * the entry describing it as one statement: atomic without a transaction, one round trip where
   * a transaction takes four. The entry is written whatever the change matched. Only for the
   * audit log service's own entries: the others go through an outbox, in a transaction.
   */
  async withEntry<Row>(
    queryable: Pick<EntityManager, 'query'>,
    change: { sql: string; params: unknown[] },
    scope: AuditScope,
    action: AuditAction,
    target: string | null = null,
    details: AuditEntry['details'] = {},
  ): Promise<Row[]> {
    if (!this.local) throw new Error(`AuditTrail.withEntry: only ${AUDIT_LOG_SERVICE} writes audit_log itself`);
    const entry = auditRecord(scope, action, target, details);
    return (await queryable.query(
      `WITH change AS (${change.sql}), entry AS (${auditLogInsert(change.params.length + 1)}) SELECT * FROM change`,
      [...change.params, auditLogRow(randomUUID(), entry)],
    )) as Row[];
  }

  async recordAlone(
    scope: AuditScope,
    action: AuditAction,
    target: string | null = null,
    details: AuditEntry['details'] = {},
  ): Promise<void> {
    await this.dataSource.transaction((manager) => this.record(manager, scope, action, target, details));
  }
}
