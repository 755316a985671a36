import type { INestApplication } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { SharedPool } from '@portal/database';
import { RedisConnections } from '@portal/events';
import type { TestDatabase } from './database';

/**
 * Stops an app a test built in its own process (Test.createTestingModule): empties its queues, closes it,
 * then what the process shares and the app's shutdown leaves open (its Redis connections, the Postgres
 * pool), and drops its database. Safe to call when beforeAll failed half-way.
 */
export async function stopModuleApp(
  app: INestApplication | undefined,
  db: TestDatabase | undefined,
  queues: Array<Queue | undefined> = [],
): Promise<void> {
  for (const queue of queues) await queue?.obliterate({ force: true });
  await app?.close();
  await app?.get(RedisConnections).close();
  await app?.get(SharedPool)?.end();
  await db?.drop();
}
