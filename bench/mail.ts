/**
 * Mail throughput: outbox → relay → BullMQ → mail worker → file transport, against a bare
 * BullMQ no-op worker on the same Redis.
 *
 *   npm run bench:mail
 *
 * Starts the built gateway (all-in-one: the outbox relay and the mail worker run in it,
 * MAIL_TRANSPORT=file), commits BENCH_MAILS template mails (default 2 000) to the
 * notifications outbox in one transaction — as a burst of sign-ups would, one row each —
 * and times until every one is delivered (its row in mail_deliveries, committed after the
 * .eml file is written). Then a bare BullMQ queue and worker (no-op, the mail worker's
 * concurrency and job options, a prefix of their own) on the same Redis run as many jobs,
 * added in batches of the relay's size. Prints mails per second, jobs per second and
 * their ratio (goal ≥ 0.5).
 *
 * Environment (all optional): DATABASE_URL, REDIS_URL (see bench-env.ts); BENCH_MAILS
 * (default 2000, at most 20000).
 */
import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Client } from 'pg';
import { defaultJobOptions } from '../libs/events/src/queues';
import { redisConnectionOptions } from '../libs/events/src/redis';
import { bounded, machineLoad, runBench, startBackingServices } from './bench-env';

/** What the relay moves per transaction and the mail worker runs at once (OutboxRelay, MAIL_CONCURRENCY). */
const RELAY_BATCH = 100;
const MAIL_CONCURRENCY = 32;
const TIMEOUT_MS = 120_000;

async function waitUntil(what: string, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function productRun(databaseUrl: string, mails: number): Promise<{ seconds: number; relayedAfter: number }> {
  const sql = new Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const count = async (query: string) => Number((await sql.query<{ n: string }>(query)).rows[0].n);
    const started = performance.now();
    await sql.query('BEGIN');
    await sql.query(
      `INSERT INTO notifications.outbox (id, queue, name, payload)
       SELECT gen_random_uuid(), 'mail', 'template', jsonb_build_object(
         'template', 'verify-email',
         'to', 'bench-' || i || '@example.com',
         'data', jsonb_build_object(
           'firstName', 'Bench', 'link', 'http://localhost:3000/verify-email?token=t' || i,
           'code', 't' || i, 'expiresInHours', 24))
       FROM generate_series(1, $1::int) AS i`,
      [mails],
    );
    await sql.query(`SELECT pg_notify('portal_outbox', 'notifications')`);
    await sql.query('COMMIT');
    let relayedAfter = 0;
    await waitUntil('delivery of every mail', async () => {
      if (!relayedAfter) {
        const waiting = await count(`SELECT count(*) AS n FROM notifications.outbox WHERE relayed_at IS NULL`);
        if (waiting === 0) relayedAfter = (performance.now() - started) / 1000;
      }
      return (await count(`SELECT count(*) AS n FROM notifications.mail_deliveries`)) >= mails;
    });
    return { seconds: (performance.now() - started) / 1000, relayedAfter };
  } finally {
    await sql.end();
  }
}

async function bareRun(redisUrl: string, jobs: number): Promise<number> {
  const connection = redisConnectionOptions(redisUrl);
  const prefix = `bench-bare-${randomBytes(4).toString('hex')}`;
  const queue = new Queue('mail', { connection, prefix });
  let completed = 0;
  let finished!: () => void;
  const allDone = new Promise<void>((resolve) => (finished = resolve));
  const worker = new Worker(
    'mail',
    async () => {
      if (++completed === jobs) finished();
    },
    { connection, prefix, concurrency: MAIL_CONCURRENCY },
  );
  try {
    await worker.waitUntilReady();
    const started = performance.now();
    for (let first = 0; first < jobs; first += RELAY_BATCH) {
      const batch = Array.from({ length: Math.min(RELAY_BATCH, jobs - first) }, (_, index) => ({
        name: 'template',
        data: { template: 'verify-email', to: `bench-${first + index}@example.com` },
        opts: { ...defaultJobOptions(), jobId: randomBytes(16).toString('hex') },
      }));
      await queue.addBulk(batch);
    }
    await allDone;
    return (performance.now() - started) / 1000;
  } finally {
    await worker.close();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

async function main(): Promise<void> {
  const mails = Math.round(bounded('BENCH_MAILS', 2000, 20_000));
  const services = await startBackingServices();
  try {
    await services.startApp({ MAIL_TRANSPORT: 'file' });
    process.stdout.write(`mail bench: ${mails} mails\n${machineLoad()} at start\n\n`);
    const product = await productRun(services.databaseUrl, mails);
    const bare = await bareRun(services.redisUrl, mails);
    const productRate = mails / product.seconds;
    const bareRate = mails / bare;
    process.stdout.write(
      `product: ${product.seconds.toFixed(2)} s for ${mails} mails (all relayed to BullMQ after ${product.relayedAfter.toFixed(2)} s): ${productRate.toFixed(0)} mails/s\n`,
    );
    process.stdout.write(
      `bare BullMQ no-op worker: ${bare.toFixed(2)} s for ${mails} jobs: ${bareRate.toFixed(0)} jobs/s\n`,
    );
    process.stdout.write(`product / bare: ${(productRate / bareRate).toFixed(2)} (goal ≥ 0.50)\n`);
    process.stdout.write(`\n${machineLoad()} at the end\n`);
  } finally {
    await services.stop();
  }
}

runBench(main);
