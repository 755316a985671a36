import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from './database';
import globalSetup from './global-setup';
import { startProcess } from './processes';

type Stop = () => Promise<void>;
const state = globalThis as typeof globalThis & { __portalTestStops?: Stop[] };

/**
 * Browser suite: real Postgres and Redis as for integration tests, then the built
 * product (gateway, all-in-one, serving web/dist) on a free port with its own database
 * and DATA_DIR. Tests read E2E_BASE_URL, E2E_DATA_DIR (mail) and E2E_ADMIN_EMAIL /
 * E2E_ADMIN_PASSWORD (an admin created at start).
 */
export default async function e2eSetup(): Promise<void> {
  await globalSetup();
  const db = await createTestDatabase([]);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const admin = { email: 'admin@e2e.test', password: 'Adm1n!e2e-pass' };
  const app = await startProcess('gateway', {
    DATABASE_URL: db.url,
    REDIS_URL: process.env.REDIS_URL,
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ADMIN_EMAIL = admin.email;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  // Teardown runs these in reverse: the app stops before its database is dropped.
  state.__portalTestStops!.push(db.drop, app.stop);
}
