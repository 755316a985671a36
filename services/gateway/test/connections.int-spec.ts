import { Client } from 'pg';
import {
  apiClient,
  newIp,
  register,
  RunningProcess,
  startProcess,
  tempDataDir,
  TestDatabase,
  createTestDatabase,
  uniqueEmail,
  useTestApp,
} from '@portal/testing';

const POOL_SIZE = 10;
/** One LISTEN connection for the outbox relay and one for readiness, besides the pool. */
const DEDICATED = 2;

/** Connections to `database` other than the sampler's own, by application_name. */
async function connections(sampler: Client, database: string): Promise<Map<string, number>> {
  const { rows } = await sampler.query<{ application_name: string; n: number }>(
    `SELECT application_name, count(*)::int AS n FROM pg_stat_activity
      WHERE datname = $1 AND pid <> pg_backend_pid() GROUP BY application_name`,
    [database],
  );
  return new Map(rows.map((row) => [row.application_name, row.n]));
}

const total = (counts: Map<string, number>, prefix = '') =>
  [...counts].filter(([name]) => name.startsWith(prefix)).reduce((sum, [, n]) => sum + n, 0);

/** Samples the count until `work` is done; returns the highest seen and the work's result. */
async function peakDuring<T>(sample: () => Promise<number>, work: Promise<T>): Promise<{ peak: number; result: T }> {
  let peak = await sample();
  let done = false;
  const sampling = (async () => {
    while (!done) peak = Math.max(peak, await sample());
  })();
  const result = await work.finally(() => (done = true));
  await sampling;
  return { peak, result };
}

describe('Postgres connection budget', () => {
  describe('all-in-one: every service in one process', () => {
    const app = useTestApp({ DATABASE_POOL_SIZE: String(POOL_SIZE) });
    let sampler: Client;
    const database = () => new URL(app.db.url).pathname.slice(1);

    beforeAll(async () => {
      sampler = new Client({ connectionString: app.db.url });
      // Dropping the database at the end ends this connection too.
      sampler.on('error', () => undefined);
      await sampler.connect();
    });
    afterAll(async () => {
      await sampler?.end();
    });

    it('holds at most the pool plus two dedicated connections at rest', async () => {
      await app.settled();
      const counts = await connections(sampler, database());
      expect(total(counts)).toBeLessThanOrEqual(POOL_SIZE + DEDICATED);
      // One listening connection for the process: every outbox and the catalog's changes.
      expect(counts.get('portal-gateway-listen')).toBe(1);
    });

    it('stays within the budget under a burst of registrations, mails, catalog reads and messages', async () => {
      const burst = Promise.all([
        // Each registration writes identity rows and an outbox row; its mail job writes notifications rows.
        ...Array.from({ length: 24 }, (_, index) => register(app.call, uniqueEmail(`burst-${index}`))),
        ...Array.from({ length: 150 }, (_, index) =>
          app.call('GET', ['/services/', '/forms/', '/menu/', '/pages/'][index % 4]),
        ),
        ...Array.from({ length: 20 }, (_, index) =>
          app.call('POST', '/messages/', {
            ip: newIp(),
            json: {
              name: 'Burst',
              email: uniqueEmail(`message-${index}`),
              subject: 'Load',
              message: 'Checking the connection budget.',
              type: 'contact_form',
              source: 'website_contact_page',
            },
          }),
        ),
      ]).then(async (replies) => {
        await app.settled(60_000);
        return replies;
      });
      const { peak, result } = await peakDuring(async () => total(await connections(sampler, database())), burst);
      expect(result.filter((reply) => 'status' in reply && reply.status >= 400)).toEqual([]);
      expect(peak).toBeLessThanOrEqual(POOL_SIZE + DEDICATED);
      // The pool was used, not bypassed: the burst needed more than one connection.
      expect(peak).toBeGreaterThan(DEDICATED + 1);
    });
  });

  describe('split: a service process stays within its own setting', () => {
    let db: TestDatabase;
    let identity: RunningProcess;
    let sampler: Client;
    const data = tempDataDir();
    const SMALL_POOL = 3;

    beforeAll(async () => {
      db = await createTestDatabase([]);
      identity = await startProcess('identity', {
        DATABASE_URL: db.url,
        REDIS_URL: process.env.REDIS_URL,
        DATA_DIR: data.dir,
        DATABASE_POOL_SIZE: String(SMALL_POOL),
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      });
      sampler = new Client({ connectionString: db.url });
      sampler.on('error', () => undefined);
      await sampler.connect();
    });
    afterAll(async () => {
      await sampler?.end();
      await identity?.stop();
      await db?.drop();
      data.remove();
    });

    it('holds at most DATABASE_POOL_SIZE + 2 connections through a burst of registrations', async () => {
      const call = apiClient(identity.baseUrl);
      const database = new URL(db.url).pathname.slice(1);
      const work = Promise.all(Array.from({ length: 12 }, (_, index) => register(call, uniqueEmail(`split-${index}`))));
      const { peak } = await peakDuring(
        async () => total(await connections(sampler, database), 'portal-identity'),
        work,
      );
      expect(peak).toBeLessThanOrEqual(SMALL_POOL + DEDICATED);
    });
  });
});
