import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { JobName, JobPayload, QueueName } from './queues';

/** Channel on which a commit that wrote outbox rows wakes the relays; payload = schema. */
export const OUTBOX_CHANNEL = 'portal_outbox';

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
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(
        'Outbox.enqueue needs the EntityManager of an open transaction (dataSource.transaction(async (manager) => ...)), ' +
          'so that the job commits or rolls back with the change that causes it',
      );
    }
    const id = randomUUID();
    await manager.query('INSERT INTO outbox (id, queue, name, payload) VALUES ($1, $2, $3, $4::jsonb)', [
      id,
      queue,
      name,
      JSON.stringify(payload),
    ]);
    // Delivered by Postgres at commit only (and dropped on rollback).
    await manager.query('SELECT pg_notify($1, current_schema())', [OUTBOX_CHANNEL]);
    return id;
  }
}
