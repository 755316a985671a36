import { join } from 'node:path';
// Tests reuse the local launcher's embedded Postgres and redis-server, so tests and
// `npm start` need the same things and nothing more.
import { startEmbeddedPostgres } from '../../../infra/local/embedded-postgres';
import { startRedisServer } from '../../../infra/local/redis-server';
import { repoRoot } from '../../config/src/repo-root';

type Stop = () => Promise<void>;
const state = globalThis as typeof globalThis & { __portalTestStops?: Stop[] };

/**
 * Real Postgres and Redis for the integration and browser suites: DATABASE_URL and
 * REDIS_URL when set (CI sets them), else the embedded defaults `npm start` uses.
 * Test files then create their own databases (createTestDatabase) beside it.
 */
export default async function globalSetup(): Promise<void> {
  state.__portalTestStops = [];
  if (!process.env.DATABASE_URL) {
    const postgres = await startEmbeddedPostgres(join(repoRoot(), '.data', 'test-postgres'), 'portal_test');
    process.env.DATABASE_URL = postgres.url;
    state.__portalTestStops.push(postgres.stop);
  }
  if (!process.env.REDIS_URL) {
    const redis = await startRedisServer();
    process.env.REDIS_URL = redis.url;
    state.__portalTestStops.push(redis.stop);
  }
}
