import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditAction, AuditEntry } from '@portal/contracts';
import type { Outbox } from './outbox.service';
import { QUEUES } from './queues';

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

/**
 * Writes audit entries through the service's outbox, so an entry commits (or rolls back) with the
 * change it describes and reaches the log exactly once:
 *
 *   await dataSource.transaction(async (manager) => {
 *     await manager.save(code);
 *     await audit.record(manager, scope, 'invite_code.created', `invite_code:${code.id}`);
 *   });
 *
 * A read that is audited (a submission viewed, a vault listed) has no change to commit with:
 * `recordAlone` writes the entry in a transaction of its own.
 */
export class AuditTrail {
  constructor(
    private readonly outbox: Outbox,
    private readonly dataSource: DataSource,
  ) {}

  async record(
    manager: EntityManager,
    scope: AuditScope,
    action: AuditAction,
    target: string | null = null,
    details: AuditEntry['details'] = {},
  ): Promise<void> {
    const entry: AuditRecord = { at: new Date().toISOString(), ...scope, action, target, details };
    await this.outbox.enqueue(manager, QUEUES.audit, 'record', entry);
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
