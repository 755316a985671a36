import { Queue } from 'bullmq';
import { QUEUE_NAMES, redisConnectionOptions } from '@portal/events';
import { apiClient, Call, sql } from './accounts';
import { createTestDatabase, TestDatabase } from './database';
import { RunningProcess, startProcess, tempDataDir } from './processes';
import { waitForQueueDrained } from './queues';

/** A built gateway (all-in-one) on a database and data folder of its own, as most integration tests need. */
export interface TestApp {
  readonly db: TestDatabase;
  readonly gateway: RunningProcess;
  /** DATA_DIR of the app (development mail in DATA_DIR/mail). */
  readonly dataDir: string;
  /** Calls /api with a client address of its own per call. */
  readonly call: Call;
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /**
   * Resolves once nothing is on its way: every outbox row relayed and every queue idle
   * (no job waiting, active or delayed). A mail that a request was going to cause has
   * then been written; one that has not been written will not be.
   */
  settled(timeoutMs?: number): Promise<void>;
  /** Restarts the gateway with these settings over the ones it started with, on the same database, data and Redis prefix. */
  restart(env?: Record<string, string | undefined>): Promise<void>;
  stop(): Promise<void>;
}

/** Settings every test app gets unless a test gives its own. */
function defaultEnv(db: TestDatabase, dataDir: string): Record<string, string | undefined> {
  return {
    DATABASE_URL: db.url,
    REDIS_URL: process.env.REDIS_URL,
    DATA_DIR: dataDir,
    // Each call of apiClient brings its own X-Forwarded-For: per-IP limits of one test never reach another.
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  };
}

export async function startTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp> {
  const db = await createTestDatabase([]);
  const data = tempDataDir();
  const settings = { ...defaultEnv(db, data.dir), ...env };
  let gateway = await startProcess('gateway', settings);
  let call = apiClient(gateway.baseUrl);
  return {
    db,
    dataDir: data.dir,
    get gateway() {
      return gateway;
    },
    get call() {
      return call;
    },
    sql: (text, values) => sql(db.url, text, values),
    settled: (timeoutMs = 20_000) => settled(db.url, gateway.env.REDIS_PREFIX!, timeoutMs),
    async restart(changes = {}) {
      await gateway.stop();
      gateway = await startProcess('gateway', { ...settings, REDIS_PREFIX: gateway.env.REDIS_PREFIX, ...changes });
      call = apiClient(gateway.baseUrl);
    },
    async stop() {
      await gateway.stop();
      await db.drop();
      data.remove();
    },
  };
}

/**
 * A TestApp for one describe block (or file): started in beforeAll, stopped in afterAll.
 * Its members are readable once beforeAll has run.
 */
export function useTestApp(env: Record<string, string | undefined> = {}): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(env);
  });
  afterAll(async () => {
    await app?.stop();
  });
  const started = (): TestApp => {
    if (!app) throw new Error('useTestApp: the app is started in beforeAll; use it inside tests or hooks');
    return app;
  };
  return {
    get db() {
      return started().db;
    },
    get gateway() {
      return started().gateway;
    },
    get dataDir() {
      return started().dataDir;
    },
    get call() {
      return started().call;
    },
    sql: (text, values) => started().sql(text, values),
    settled: (timeoutMs) => started().settled(timeoutMs),
    restart: (changes) => started().restart(changes),
    stop: () => started().stop(),
  };
}

async function unrelayedOutboxRows(databaseUrl: string): Promise<number> {
  const schemas = await sql<{ table_schema: string }>(
    databaseUrl,
    "SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox'",
  );
  if (!schemas.length) return 0;
  const counts = schemas.map(
    ({ table_schema }) => `(SELECT count(*) FROM "${table_schema}".outbox WHERE relayed_at IS NULL)`,
  );
  const [{ pending }] = await sql<{ pending: number }>(databaseUrl, `SELECT (${counts.join(' + ')})::int AS pending`);
  return pending;
}

async function settled(databaseUrl: string, prefix: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const queues = QUEUE_NAMES.map(
    (name) => new Queue(name, { connection: redisConnectionOptions(process.env.REDIS_URL ?? ''), prefix }),
  );
  try {
    for (;;) {
      // Outbox first (rows become jobs), then the queues (jobs may write new outbox rows), then the outbox again.
      if ((await unrelayedOutboxRows(databaseUrl)) === 0) {
        for (const queue of queues) await waitForQueueDrained(queue, Math.max(1, deadline - Date.now()));
        if ((await unrelayedOutboxRows(databaseUrl)) === 0) return;
      }
      if (Date.now() > deadline)
        throw new Error(`the app did not settle within ${timeoutMs} ms (outbox rows unrelayed)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await Promise.all(queues.map((queue) => queue.close()));
  }
}
