import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A job written in the same transaction as the state change that causes it. No schema
 * here: each service's data source places the table in that service's own schema.
 */
@Entity({ name: 'outbox' })
@Index('outbox_pending_idx', ['createdAt'], { where: 'relayed_at IS NULL' })
export class OutboxMessage {
  /** Also the BullMQ job id, which makes a repeated relay of this row a no-op. */
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'outbox_pkey' })
  id: string;

  @Column({ type: 'text' })
  queue: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'jsonb' })
  payload: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  relayedAt: Date | null;

  /** Failed relay attempts (Redis unreachable, ...); informational only. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;
}
