import { Controller, Get, Global, Module, Param } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getDataSourceToken } from '@nestjs/typeorm';
import { AuthModule, Public } from '@portal/auth';
import { AppConfig, loadConfig } from '@portal/config';
import { SharedPool } from '@portal/database';
import { QueueRegistry } from '@portal/events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpApp } from './http-app';
import { bearerMatches, METRICS_TOKEN_REQUIRED, MetricsController } from './metrics.controller';
import { ProcessMetrics } from './process-metrics';

const TOKEN = 'prometheus-scrape-token-0123456789';

@Public()
@Controller('probe')
class ProbeController {
  @Get(':id')
  get(@Param('id') id: string) {
    return { id };
  }
}

// The edges at scrape time: Redis (the queue registry) and one service's data source.
const queues = {
  available: true,
  all: () => [
    { name: 'mail', getJobCounts: async () => ({ waiting: 2, active: 1, failed: 3, delayed: 4 }) },
    { name: 'stripe-events', getJobCounts: async () => ({ waiting: 0, active: 0, failed: 0, delayed: 0 }) },
  ],
};
const identityDataSource = {
  isInitialized: true,
  hasMetadata: () => true,
  getMetadata: () => ({ tablePath: 'identity.outbox' }),
  query: async (sql: string) => {
    expect(sql).toMatch(/FROM identity\.outbox\s+WHERE relayed_at IS NULL/);
    return [{ backlog: '5', oldest_age_seconds: '90.5' }];
  },
};
const pool = { totalCount: 3, idleCount: 2, waitingCount: 0, max: 5 };

async function startApp(env: NodeJS.ProcessEnv): Promise<NestFastifyApplication> {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-metrics-')),
    JWT_SECRET: 'a-metrics-test-secret-of-at-least-32-chars',
    LOG_LEVEL: 'warn',
    ...env,
  });
  @Global()
  @Module({ providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] })
  class TestConfigModule {}

  @Module({
    imports: [TestConfigModule, AuthModule],
    controllers: [MetricsController, ProbeController],
    providers: [
      ProcessMetrics,
      { provide: QueueRegistry, useValue: queues },
      { provide: getDataSourceToken('identity'), useValue: identityDataSource },
      { provide: SharedPool, useValue: pool },
    ],
  })
  class TestModule {}

  const app = await createHttpApp(TestModule, { processName: 'test', config });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('GET /api/metrics with METRICS_TOKEN set', () => {
  let app: NestFastifyApplication;
  const scrape = (authorization?: string) =>
    app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    app = await startApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => app.close());

  it('answers 401 with a detail without a bearer, with a wrong one, or with another scheme', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: METRICS_TOKEN_REQUIRED });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers the Prometheus text format with the right bearer', async () => {
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('labels request durations with the route template, never the raw URL', async () => {
    await app.inject({ method: 'GET', url: '/api/probe/a-very-specific-id?x=1' });
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/probe\/:id",status_code="200"\} 1/,
    );
    expect(body).not.toContain('a-very-specific-id');
    await app.inject({ method: 'GET', url: '/api/nothing/here-either' });
    expect((await scrape(`Bearer ${TOKEN}`)).body).toMatch(/route="unmatched",status_code="404"/);
  });

  it('reads queue counts, the outbox backlog and pool use at scrape time', async () => {
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toContain('portal_queue_jobs{queue="mail",state="waiting"} 2');
    expect(body).toContain('portal_queue_jobs{queue="mail",state="active"} 1');
    expect(body).toContain('portal_queue_jobs{queue="mail",state="failed"} 3');
    expect(body).toContain('portal_queue_jobs{queue="mail",state="delayed"} 4');
    expect(body).toContain('portal_queue_jobs{queue="stripe-events",state="failed"} 0');
    expect(body).toContain('portal_outbox_backlog{schema="identity"} 5');
    expect(body).toContain('portal_outbox_oldest_unrelayed_age_seconds{schema="identity"} 90.5');
    expect(body).toContain('portal_db_pool_total_clients 3');
    expect(body).toContain('portal_db_pool_idle_clients 2');
    expect(body).toContain('portal_db_pool_waiting_clients 0');
    expect(body).toContain('portal_db_pool_max_clients 5');
    // Only the data sources this process hosts.
    expect(body).not.toContain('schema="billing"');
  });
});

describe('GET /api/metrics without METRICS_TOKEN (development and test only)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await startApp({ NODE_ENV: 'development' });
  });
  afterAll(() => app.close());

  it('is open, and an access token or any bearer changes nothing', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(200);
    const withBearer = await app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer whatever' },
    });
    expect(withBearer.statusCode).toBe(200);
  });
});

describe('bearerMatches', () => {
  it('takes exactly the token after "Bearer", case-insensitive scheme', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
  });
});
