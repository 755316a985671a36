import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { SERVICE_NAMES } from '@portal/config';
import { QUEUES, redisConnectionOptions } from '@portal/events';
import {
  createTestDatabase,
  freePort,
  RunningProcess,
  sql,
  startProcess,
  tempDataDir,
  TestDatabase,
} from '@portal/testing';

const METRICS_TOKEN = `metrics-${randomUUID()}`;

/** The value of one sample line (`name{labels} value`) of a scrape, or undefined when absent. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((text) => text.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const scrape = (baseUrl: string, authorization?: string) =>
  fetch(`${baseUrl}/api/metrics`, { headers: authorization ? { authorization } : {} });

describe('GET /api/metrics of an all-in-one gateway with METRICS_TOKEN set', () => {
  let db: TestDatabase;
  let gateway: RunningProcess;
  let stripeQueue: Queue;
  const data = tempDataDir();
  const redisPrefix = `metrics-${Date.now().toString(36)}`;

  beforeAll(async () => {
    db = await createTestDatabase([]);
    gateway = await startProcess('gateway', {
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      DATA_DIR: data.dir,
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
      // No relay and no workers: what is put in the outbox and the queues below stays there.
      RUN_WORKERS: 'false',
    });
    stripeQueue = new Queue(QUEUES.stripeEvents, {
      connection: redisConnectionOptions(process.env.REDIS_URL!),
      prefix: redisPrefix,
    });
  });

  afterAll(async () => {
    await stripeQueue?.obliterate({ force: true }).catch(() => undefined);
    await stripeQueue?.close();
    await gateway?.stop();
    await db?.drop();
    data.remove();
  });

  it('answers 401 with a detail without a bearer or with a wrong one, 200 with the right one', async () => {
    for (const authorization of [undefined, 'Bearer not-the-metrics-token', METRICS_TOKEN]) {
      const refused = await scrape(gateway.baseUrl, authorization);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({
        detail: 'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>)',
      });
    }
    const response = await scrape(gateway.baseUrl, `Bearer ${METRICS_TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
  });

  it('times requests by route template', async () => {
    expect((await fetch(`${gateway.baseUrl}/api/health/identity`)).status).toBe(200);
    const body = await (await scrape(gateway.baseUrl, `Bearer ${METRICS_TOKEN}`)).text();
    expect(body).toContain('# TYPE http_request_duration_seconds histogram');
    const series = 'http_request_duration_seconds_count{method="GET",route="/api/health/identity",status_code="200"}';
    expect(sample(body, series)).toBeGreaterThanOrEqual(1);
  });

  it('counts the jobs of every queue by state, read from Redis at scrape time', async () => {
    await stripeQueue.add('process', { eventId: 'evt_metrics' }, { jobId: randomUUID() });
    const body = await (await scrape(gateway.baseUrl, `Bearer ${METRICS_TOKEN}`)).text();
    expect(sample(body, 'portal_queue_jobs{queue="stripe-events",state="waiting"}')).toBe(1);
    for (const queue of ['mail', 'stripe-events', 'deadline-alerts']) {
      for (const state of ['waiting', 'active', 'failed', 'delayed']) {
        expect(sample(body, `portal_queue_jobs{queue="${queue}",state="${state}"}`)).toEqual(expect.any(Number));
      }
    }
  });

  it('reports the outbox backlog and the age of its oldest unrelayed row, per schema', async () => {
    await sql(
      db.url,
      `INSERT INTO identity.outbox (id, queue, name, payload, created_at)
       VALUES ($1, 'mail', 'send', '{}', now() - interval '120 seconds')`,
      [randomUUID()],
    );
    const body = await (await scrape(gateway.baseUrl, `Bearer ${METRICS_TOKEN}`)).text();
    expect(sample(body, 'portal_outbox_backlog{schema="identity"}')).toBe(1);
    expect(sample(body, 'portal_outbox_oldest_unrelayed_age_seconds{schema="identity"}')).toBeGreaterThanOrEqual(120);
    for (const schema of SERVICE_NAMES.filter((name) => name !== 'identity')) {
      expect(sample(body, `portal_outbox_backlog{schema="${schema}"}`)).toBe(0);
      expect(sample(body, `portal_outbox_oldest_unrelayed_age_seconds{schema="${schema}"}`)).toBe(0);
    }
  });

  it("reports the use of the process's one Postgres pool", async () => {
    const body = await (await scrape(gateway.baseUrl, `Bearer ${METRICS_TOKEN}`)).text();
    const total = sample(body, 'portal_db_pool_total_clients');
    // The pool has served the outbox queries of the scrape, so it has a connection open.
    expect(total).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'portal_db_pool_idle_clients')).toBeLessThanOrEqual(total!);
    expect(sample(body, 'portal_db_pool_waiting_clients')).toBe(0);
    expect(sample(body, 'portal_db_pool_max_clients')).toBe(10);
  });
});

describe('GET /api/metrics in production', () => {
  let db: TestDatabase;
  let gateway: RunningProcess;
  const data = tempDataDir();

  const production = async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    return {
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL,
      DATA_DIR: data.dir,
      APP_URL: 'https://portal.example.com',
      TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
      LOG_LEVEL: 'warn',
      // A proxy gateway: no service of its own, nothing to migrate; its metrics are its own.
      GATEWAY_MODE: 'proxy',
      RUN_WORKERS: 'false',
      IDENTITY_URL: nowhere,
      CATALOG_URL: nowhere,
      BILLING_URL: nowhere,
      ONBOARDING_URL: nowhere,
      DOCUMENTS_URL: nowhere,
      NOTIFICATIONS_URL: nowhere,
    };
  };

  beforeAll(async () => {
    db = await createTestDatabase([]);
  });

  afterAll(async () => {
    await gateway?.stop();
    await db?.drop();
    data.remove();
  });

  it('refuses to start without METRICS_TOKEN, saying so in one line', async () => {
    await expect(startProcess('gateway', await production())).rejects.toThrow(
      'Invalid configuration: METRICS_TOKEN is required in production',
    );
  });

  it('is protected: 401 without the bearer, 200 with it, answered by the gateway itself', async () => {
    gateway = await startProcess('gateway', { ...(await production()), METRICS_TOKEN });
    const refused = await scrape(gateway.baseUrl);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect((await scrape(gateway.baseUrl, 'Bearer wrong-token-of-some-length')).status).toBe(401);

    const response = await scrape(gateway.baseUrl, `Bearer ${METRICS_TOKEN}`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('http_request_duration_seconds');
    // No service is hosted here: no outbox, no connection in its pool, while the queues are still seen.
    expect(body).not.toContain('portal_outbox_backlog{');
    expect(sample(body, 'portal_db_pool_total_clients')).toBe(0);
    expect(sample(body, 'portal_queue_jobs{queue="mail",state="failed"}')).toEqual(expect.any(Number));
  });
});
