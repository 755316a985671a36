import { randomBytes } from 'node:crypto';
import { Job, Queue, Worker } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { ServiceName } from '@portal/config';
import { ServiceDataDefinition, serviceDataSourceOptions } from '@portal/database';
import {
  DEFAULT_ATTEMPTS,
  MailMessage,
  Outbox,
  OUTBOX_CHANNEL,
  OutboxRelay,
  OutboxRelayError,
  OutboxRelayOptions,
  QUEUES,
  REDACTED,
  redisConnectionOptions,
  serviceData,
} from '@portal/events';
import { createTestDatabase, freePort, startRedisServer, TestDatabase } from '@portal/testing';

// A schema no service owns: this file only exercises the outbox itself.
const SCHEMA = 'events_test' as ServiceName;
const definition: ServiceDataDefinition = serviceData(SCHEMA, { entities: [], migrations: [] });
// A second service's outbox, for what a relay draining several does on one's notification.
const OTHER_SCHEMA = 'events_test_other' as ServiceName;
const otherDefinition: ServiceDataDefinition = serviceData(OTHER_SCHEMA, { entities: [], migrations: [] });
const mail: MailMessage = { to: 'client@example.com', subject: 'Welcome', text: 'Hello' };

let db: TestDatabase;
let dataSource: DataSource;
let otherDataSource: DataSource;
const outbox = new Outbox();
const connection = (): RedisOptions => redisConnectionOptions(process.env.REDIS_URL ?? '');

// Everything a test opens, closed in afterEach (in reverse order).
let cleanups: Array<() => Promise<unknown>> = [];
const track = <T>(value: T, cleanup: (value: T) => Promise<unknown>): T => {
  cleanups.push(() => cleanup(value));
  return value;
};

function freshPrefix(): string {
  return `test-${randomBytes(6).toString('hex')}`;
}

function relay(options: Partial<OutboxRelayOptions> & { prefix: string }): OutboxRelay {
  return track(new OutboxRelay({ sources: [dataSource], connection: connection(), ...options }), (r) => r.stop());
}

function queue(name: string, prefix: string, redis: RedisOptions = connection()): Queue {
  const created = new Queue(name, { connection: redis, prefix });
  return track(created, async (q) => {
    await q.obliterate({ force: true }).catch(() => undefined);
    await q.close();
  });
}

/** A worker that records every job it is handed. */
function recordingWorker(
  name: string,
  prefix: string,
  handler: (job: Job) => Promise<unknown> = async () => 'ok',
  redis: RedisOptions = connection(),
): { received: Job[]; worker: Worker } {
  const received: Job[] = [];
  const worker = new Worker(
    name,
    async (job) => {
      received.push(job);
      return handler(job);
    },
    { connection: redis, prefix },
  );
  worker.on('error', () => undefined);
  track(worker, (w) => w.close());
  return { received, worker };
}

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(25);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function outboxRow(
  id: string,
): Promise<{ relayed_at: Date | null; attempts: number; last_error: string | null }> {
  const [row] = await dataSource.query('SELECT relayed_at, attempts, last_error FROM outbox WHERE id = $1', [id]);
  return row;
}

async function commitMail(message: MailMessage = mail): Promise<string> {
  return dataSource.transaction((manager) => outbox.enqueue(manager, QUEUES.mail, 'send', message));
}

beforeAll(async () => {
  db = await createTestDatabase([definition, otherDefinition]);
  dataSource = await new DataSource(serviceDataSourceOptions(definition, db.url)).initialize();
  otherDataSource = await new DataSource(serviceDataSourceOptions(otherDefinition, db.url)).initialize();
});

afterAll(async () => {
  await otherDataSource?.destroy();
  await dataSource?.destroy();
  await db?.drop();
});

beforeEach(async () => {
  await dataSource.query('TRUNCATE outbox');
  await otherDataSource.query('TRUNCATE outbox');
});

afterEach(async () => {
  const pending = cleanups.reverse();
  cleanups = [];
  for (const cleanup of pending) await cleanup();
});

describe('outbox table', () => {
  it('refuses an EntityManager that is not in a transaction', async () => {
    await expect(outbox.enqueue(dataSource.manager, QUEUES.mail, 'send', mail)).rejects.toThrow(
      /needs the EntityManager of an open transaction/,
    );
    expect(await dataSource.query('SELECT count(*)::int AS n FROM outbox')).toEqual([{ n: 0 }]);
  });
});

describe('OutboxRelay', () => {
  it('(a) never delivers a job whose transaction rolled back, and does not notify', async () => {
    const prefix = freshPrefix();
    const listener = track(new Client({ connectionString: db.url }), (client) => client.end());
    const notifications: Array<string | undefined> = [];
    listener.on('notification', (message) => notifications.push(message.payload));
    await listener.connect();
    await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
    const mailQueue = queue(QUEUES.mail, prefix);
    const { received } = recordingWorker(QUEUES.mail, prefix);

    await expect(
      dataSource.transaction(async (manager) => {
        await outbox.enqueue(manager, QUEUES.mail, 'send', mail);
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');

    expect(await relay({ prefix }).relayOnce()).toBe(0);
    await sleep(500);
    expect(received).toHaveLength(0);
    expect(await mailQueue.getJobCountByTypes('waiting', 'active', 'delayed', 'completed', 'failed')).toBe(0);
    expect(await dataSource.query('SELECT count(*)::int AS n FROM outbox')).toEqual([{ n: 0 }]);
    expect(notifications).toEqual([]);

    // The same path committed does notify, with the schema as payload.
    await commitMail();
    await waitUntil(() => notifications.length > 0, 2000, 'the commit notification');
    expect(notifications).toEqual([SCHEMA]);
  });

  it('(b) delivers a committed job exactly once, also when a relay dies between add and mark', async () => {
    const prefix = freshPrefix();
    const mailQueue = queue(QUEUES.mail, prefix);
    const id = await commitMail();

    class CrashingRelay extends OutboxRelay {
      protected override async markRelayed(): Promise<void> {
        throw new Error('relay crashed after add');
      }
    }
    const crashing = track(new CrashingRelay({ sources: [dataSource], connection: connection(), prefix }), (r) =>
      r.stop(),
    );
    await expect(crashing.relayOnce()).rejects.toThrow('relay crashed after add');
    await crashing.stop();

    // The job reached Redis, the row was not marked: the state a crash leaves behind.
    const added = await mailQueue.getJob(id);
    expect(added?.name).toBe('send');
    expect(added?.data).toEqual(mail);
    expect((await outboxRow(id)).relayed_at).toBeNull();

    // A new relay instance re-adds the same job id; BullMQ keeps the one job.
    const restarted = relay({ prefix });
    expect(await restarted.relayOnce()).toBe(1);
    expect((await outboxRow(id)).relayed_at).toBeInstanceOf(Date);
    expect(await restarted.relayOnce()).toBe(0);

    const { received } = recordingWorker(QUEUES.mail, prefix);
    await waitUntil(async () => (await mailQueue.getCompletedCount()) === 1, 5000, 'the job to complete');
    await sleep(500);
    expect(received.map((job) => [job.id, job.name, job.data])).toEqual([[id, 'send', mail]]);
    expect(await mailQueue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed')).toMatchObject({
      waiting: 0,
      active: 0,
      delayed: 0,
      completed: 1,
      failed: 0,
    });
    // Every job carries the registry's defaults.
    expect(received[0].opts).toMatchObject({
      attempts: DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: 5000 },
      removeOnComplete: { age: 7 * 24 * 3600, count: 10000 },
    });
  });

  it('keeps no credential in a relayed row: the job carries it, the row keeps the rest', async () => {
    const prefix = freshPrefix();
    const mailQueue = queue(QUEUES.mail, prefix);
    const reset = {
      template: 'reset-password',
      to: 'client@example.com',
      data: { firstName: 'Jane', link: 'https://portal.test/reset-password?token=secret', expiresInMinutes: 60 },
    } as const;
    const [withSecret, without] = await dataSource.transaction(async (manager) => [
      await outbox.enqueue(manager, QUEUES.mail, 'template', reset),
      await outbox.enqueue(manager, QUEUES.mail, 'send', mail),
    ]);

    expect(await relay({ prefix }).relayOnce()).toBe(2);
    expect((await mailQueue.getJob(withSecret))?.data).toEqual(reset);
    const payloads = async () =>
      new Map(
        (
          (await dataSource.query('SELECT id, payload FROM outbox WHERE id = ANY($1::uuid[])', [
            [withSecret, without],
          ])) as Array<{ id: string; payload: unknown }>
        ).map((row) => [row.id, row.payload]),
      );
    const rows = await payloads();
    expect(rows.get(withSecret)).toEqual({ ...reset, data: { ...reset.data, link: REDACTED } });
    expect(rows.get(without)).toEqual(mail);
    expect((await outboxRow(withSecret)).relayed_at).toBeInstanceOf(Date);
  });

  it('wakes on the commit notification without waiting for the poll', async () => {
    const prefix = freshPrefix();
    const { received } = recordingWorker(QUEUES.mail, prefix);
    queue(QUEUES.mail, prefix);
    const running = relay({ prefix, pollIntervalMs: 60_000 });
    await running.start();
    await sleep(200); // the first pass has run and found nothing; the next poll is a minute away

    const started = Date.now();
    const id = await commitMail();
    await waitUntil(() => received.length === 1, 3000, 'the job to reach the worker');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(received[0].id).toBe(id);
    expect((await outboxRow(id)).relayed_at).toBeInstanceOf(Date);
  });

  it("drains only the notified service's outbox, and sweeps every outbox each poll interval", async () => {
    const prefix = freshPrefix();
    const { received } = recordingWorker(QUEUES.mail, prefix);
    queue(QUEUES.mail, prefix);
    const running = relay({ prefix, sources: [dataSource, otherDataSource], pollIntervalMs: 1500 });
    await running.start();
    await sleep(200); // the first sweep has looked at both outboxes
    const otherPasses = jest.spyOn(otherDataSource, 'transaction');

    const id = await commitMail();
    await waitUntil(() => received.length === 1, 3000, 'the job to reach the worker');
    expect(received[0].id).toBe(id);
    expect(otherPasses).not.toHaveBeenCalled();

    // A row whose notification was lost (written without one) waits for the sweep, which the other
    // service's steady notifications do not put off.
    const [{ id: silent }] = await otherDataSource.query(
      `INSERT INTO outbox (id, queue, name, payload) VALUES (gen_random_uuid(), $1, 'send', $2::jsonb) RETURNING id`,
      [QUEUES.mail, JSON.stringify(mail)],
    );
    const started = Date.now();
    const chatter = setInterval(() => void commitMail(), 100);
    try {
      await waitUntil(() => received.some((job) => job.id === silent), 5000, 'the silent row to be swept');
    } finally {
      clearInterval(chatter);
    }
    expect(Date.now() - started).toBeLessThan(3000);
    expect(otherPasses).toHaveBeenCalled();
  });

  it('keeps relaying by polling when its listening connection is killed, and listens again', async () => {
    const prefix = freshPrefix();
    const { received } = recordingWorker(QUEUES.mail, prefix);
    queue(QUEUES.mail, prefix);
    const logger = { log: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const running = relay({ prefix, pollIntervalMs: 200, logger });
    await running.start();
    const listeners = () =>
      dataSource.query(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'portal-outbox'",
      );
    const [{ pid }] = await listeners();
    await dataSource.query('SELECT pg_terminate_backend($1)', [pid]);

    const id = await commitMail();
    await waitUntil(() => received.length === 1, 5000, 'the job to reach the worker by polling');
    expect(received[0].id).toBe(id);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/^outbox listener lost/));
    await waitUntil(
      async () => (await listeners()).some((row: { pid: number }) => row.pid !== pid),
      5000,
      'a new listening connection',
    );
  });

  it('(c) keeps rows while Redis is down, warns once, and delivers them once Redis is back', async () => {
    const prefix = freshPrefix();
    const port = await freePort();
    const redisOptions: RedisOptions = { host: '127.0.0.1', port, maxRetriesPerRequest: null };
    let server = await startRedisServer(port);
    track(undefined, async () => server.stop());
    const logger = { log: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const outage = relay({ prefix, connection: redisOptions, pollIntervalMs: 100, maxRetryDelayMs: 400, logger });

    const before = await commitMail();
    expect(await outage.relayOnce()).toBe(1);
    expect((await outboxRow(before)).relayed_at).toBeInstanceOf(Date);

    await server.stop();
    const waiting = await commitMail({ ...mail, subject: 'Sent during the outage' });

    // Fails fast, records the attempt, leaves the row unrelayed.
    const started = Date.now();
    await expect(outage.relayOnce()).rejects.toThrow(OutboxRelayError);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await outboxRow(waiting)).toMatchObject({ relayed_at: null, attempts: 1 });
    expect((await outboxRow(waiting)).last_error).toMatch(/Redis/);

    // The running relay retries with backoff and says so once.
    await outage.start();
    await waitUntil(async () => (await outboxRow(waiting)).attempts >= 4, 5000, 'several retries');
    expect((await outboxRow(waiting)).relayed_at).toBeNull();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0][0]).toMatch(/cannot deliver: .*Redis.*rows wait in the outbox/);

    server = await startRedisServer(port);
    const { received } = recordingWorker(QUEUES.mail, prefix, undefined, redisOptions);
    await waitUntil(async () => (await outboxRow(waiting)).relayed_at !== null, 10_000, 'the row to be relayed');
    await waitUntil(() => received.length > 0, 5000, 'the job to reach the worker');
    await sleep(500);
    // The restarted server kept nothing (no persistence): only the waiting row's job exists.
    expect(received.map((job) => [job.id, job.data.subject])).toEqual([[waiting, 'Sent during the outage']]);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.log).toHaveBeenCalledWith(expect.stringMatching(/recovered after \d+ failed attempts/));
  });

  it('(d) retries a failing consumer with growing delays and keeps the failed job', async () => {
    const prefix = freshPrefix();
    // Small enough that all the attempts fit in the test: 5 ms, 10 ms, ... 5 s, about 10 s in all.
    const base = 5;
    const stripeQueue = queue(QUEUES.stripeEvents, prefix);
    const id = await dataSource.transaction((manager) =>
      outbox.enqueue(manager, QUEUES.stripeEvents, 'process', { eventId: 'evt_123' }),
    );
    expect(await relay({ prefix, jobOptions: { backoff: { type: 'exponential', delay: base } } }).relayOnce()).toBe(1);

    const calls: number[] = [];
    recordingWorker(QUEUES.stripeEvents, prefix, async () => {
      calls.push(Date.now());
      throw new Error('the consumer always fails');
    });
    await waitUntil(async () => (await stripeQueue.getFailedCount()) === 1, 30_000, 'the job to fail for good');

    const failed = await stripeQueue.getFailed();
    expect(failed.map((job) => job.id)).toEqual([id]);
    const [job] = failed;
    expect(job.opts.attempts).toBe(DEFAULT_ATTEMPTS);
    expect(job.attemptsMade).toBe(DEFAULT_ATTEMPTS);
    expect(job.failedReason).toBe('the consumer always fails');
    expect(job.data).toEqual({ eventId: 'evt_123' });
    expect(await job.getState()).toBe('failed');

    expect(calls).toHaveLength(DEFAULT_ATTEMPTS);
    const gaps = calls.slice(1).map((time, index) => time - calls[index]);
    // Each retry waits at least its exponential delay (5, 10, 20, ... ms). Only lower bounds:
    // a busy machine may add latency to any gap, never remove it.
    gaps.forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual(base * 2 ** index - 2));
    expect(gaps.at(-1)).toBeGreaterThanOrEqual(base * 2 ** (DEFAULT_ATTEMPTS - 2) - 10);

    // Failed jobs stay for inspection: still there after the worker is gone.
    await sleep(200);
    expect((await stripeQueue.getFailed()).map((kept) => kept.id)).toEqual([id]);
  });
});
