import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { JobName, JobPayload, QueueName } from './queues';

/** Channel on which a commit that wrote outbox rows wakes the relays; payload = schema. */
export const OUTBOX_CHANNEL = 'portal_outbox';

/** Throws unless `manager` runs an open transaction: what `caller` writes must commit with the caller's change. */
export function assertInTransaction(manager: EntityManager, caller: string, why: string): void {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(
      `${caller} needs the EntityManager of an open transaction (dataSource.transaction(async (manager) => ...)), ` +
        `so that ${why}`,
    );
  }
}

/**
 * Writes jobs into the service's outbox inside the caller's transaction, so the job
 * exists exactly when the state change that causes it is committed.
 *
 *   await dataSource.transaction(async (manager) => {
 *     await manager.save(user);
 *     await outbox.enqueue(manager, QUEUES.mail, 'send', { to: user.email, subject, text });
 *   });
 */
@Injectable()
export class Outbox {
  /** Returns the outbox id, which is also the BullMQ job id. */
  async enqueue<Q extends QueueName, N extends JobName<Q>>(
    manager: EntityManager,
    queue: Q,
    name: N,
    payload: JobPayload<Q, N>,
  ): Promise<string> {
    assertInTransaction(manager, 'Outbox.enqueue', 'the job commits or rolls back with the change that causes it');
    const id = randomUUID();
    // One round trip: the row, and the notification Postgres delivers at commit only (dropped on rollback).
    await manager.query(
      `WITH added AS (INSERT INTO outbox (id, queue, name, payload) VALUES ($1, $2, $3, $4::jsonb) RETURNING id)
       SELECT pg_notify($5, current_schema()) FROM added`,
      [id, queue, name, JSON.stringify(payload), OUTBOX_CHANNEL],
    );
    return id;
  }
}
