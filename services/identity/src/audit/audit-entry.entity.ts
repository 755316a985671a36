import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AuditAction, AuditEntry } from '@portal/contracts';

/**
 * One line of the audit log: what staff did and every security event of an account. Written only by
 * the audit worker (id = the job id = the producer's outbox id, so a retried job never doubles a
 * line) and never changed: a trigger refuses UPDATE, DELETE and TRUNCATE (CreateAuditLog).
 */
@Entity({ name: 'audit_log' })
@Index('audit_log_at_idx', ['at'])
@Index('audit_log_actor_id_at_idx', ['actorId', 'at'])
@Index('audit_log_action_at_idx', ['action', 'at'])
// On lower(actor_email), at: an expression TypeORM cannot describe (AuditLogActorEmailIndex).
@Index('audit_log_actor_email_at_idx', { synchronize: false })
export class AuditLogEntry {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'audit_log_pkey' })
  id: string;

  @Column({ type: 'timestamptz' })
  at: Date;

  @Column({ type: 'uuid', nullable: true })
  actorId: string | null;

  /** The e-mail at the time (accounts change, the log does not). */
  @Column({ type: 'text', nullable: true })
  actorEmail: string | null;

  @Column({ type: 'text' })
  action: AuditAction;

  @Column({ type: 'text', nullable: true })
  target: string | null;

  @Column({ type: 'text', nullable: true })
  clientIp: string | null;

  @Column({ type: 'text', nullable: true })
  requestId: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  details: AuditEntry['details'];
}
