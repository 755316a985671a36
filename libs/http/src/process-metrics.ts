import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { SERVICE_NAMES, ServiceName } from '@portal/config';
import { SharedPool } from '@portal/database';
import { OutboxMessage, QueueRegistry } from '@portal/events';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';

/** Job states reported per queue; 'prioritized' is the waiting list mail (LIST_MAIL_PRIORITY). */
export const QUEUE_JOB_STATES = ['waiting', 'prioritized', 'active', 'failed', 'delayed'] as const;

/** The route label of requests no route matched (never the raw URL: unbounded label values). */
export const UNMATCHED_ROUTE = 'unmatched';

/** What one scrape may wait for Redis or Postgres before it answers without that part. */
const COLLECT_TIMEOUT_MS = 2_000;

interface HostedDataSource {
  service: ServiceName;
  dataSource: DataSource;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${what} did not answer within ${COLLECT_TIMEOUT_MS} ms`)),
        COLLECT_TIMEOUT_MS,
      ).unref(),
    ),
  ]);
}

/**
 * The Prometheus metrics of this process (one registry per application, so tests may run
 * several in one Node process): request durations by route template, Node's default
 * metrics, and what is read at scrape time — job counts of every queue (when the process
 * has Redis), the outbox backlog of each hosted service and the use of the process's Postgres pool.
 */
@Injectable()
export class ProcessMetrics {
  private readonly logger = new Logger(ProcessMetrics.name);
  readonly registry = new Registry();

  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers: [this.registry],
  });
  private readonly queueJobs = new Gauge({
    name: 'portal_queue_jobs',
    help: 'Jobs of a queue in a state (waiting, prioritized, active, failed, delayed), read from Redis at scrape time',
    labelNames: ['queue', 'state'],
    registers: [this.registry],
  });
  private readonly outboxBacklog = new Gauge({
    name: 'portal_outbox_backlog',
    help: 'Outbox rows of a schema not yet relayed to the queues',
    labelNames: ['schema'],
    registers: [this.registry],
  });
  private readonly outboxOldestAge = new Gauge({
    name: 'portal_outbox_oldest_unrelayed_age_seconds',
    help: 'Age of the oldest outbox row of a schema not yet relayed (0 when none is waiting)',
    labelNames: ['schema'],
    registers: [this.registry],
  });
  private readonly poolTotal = new Gauge({
    name: 'portal_db_pool_total_clients',
    help: "Postgres connections open in the process's pool (shared by every service it hosts)",
    registers: [this.registry],
  });
  private readonly poolIdle = new Gauge({
    name: 'portal_db_pool_idle_clients',
    help: "Postgres connections of the process's pool that are idle",
    registers: [this.registry],
  });
  private readonly poolWaiting = new Gauge({
    name: 'portal_db_pool_waiting_clients',
    help: "Queries waiting for a connection of the process's pool (the pool is exhausted)",
    registers: [this.registry],
  });
  private readonly poolMax = new Gauge({
    name: 'portal_db_pool_max_clients',
    help: "Size limit of the process's pool (DATABASE_POOL_SIZE)",
    registers: [this.registry],
  });

  private hosted: HostedDataSource[] | undefined;

  constructor(
    private readonly moduleRef: ModuleRef,
    adapterHost: HttpAdapterHost,
    @Optional() private readonly queues?: QueueRegistry,
    @Optional() @Inject(SharedPool) private readonly pool?: SharedPool | null,
  ) {
    collectDefaultMetrics({ register: this.registry });
    // Instrumented as soon as the Fastify instance exists, before any plugin (the proxy, the
    // queue dashboard) creates a context of its own: those inherit only hooks added earlier.
    const fastify = adapterHost?.httpAdapter?.getInstance<FastifyInstance>();
    // Synchronous: an async hook costs a promise and a microtask on every answer.
    fastify?.addHook('onResponse', (request, reply, done) => {
      this.httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Reads the scrape-time values, then renders every metric in the text exposition format. */
  async scrape(): Promise<string> {
    await this.collect();
    return this.registry.metrics();
  }

  private async collect(): Promise<void> {
    const hosted = this.dataSources();
    const [queues, outboxes] = await Promise.all([
      this.readQueues(),
      Promise.all(hosted.map(({ service, dataSource }) => this.readOutbox(service, dataSource))),
    ]);

    // Replaced all at once (no await in between), so a concurrent scrape never sees half.
    this.queueJobs.reset();
    for (const { queue, counts } of queues) {
      for (const state of QUEUE_JOB_STATES) this.queueJobs.set({ queue, state }, counts[state] ?? 0);
    }
    this.outboxBacklog.reset();
    this.outboxOldestAge.reset();
    for (const outbox of outboxes) {
      if (!outbox) continue;
      this.outboxBacklog.set({ schema: outbox.schema }, outbox.backlog);
      this.outboxOldestAge.set({ schema: outbox.schema }, outbox.oldestAgeSeconds);
    }
    for (const gauge of [this.poolTotal, this.poolIdle, this.poolWaiting, this.poolMax]) gauge.reset();
    // One pool per process, whatever it hosts; a process hosting no service (a proxy gateway) uses none.
    if (this.pool && hosted.length) {
      this.poolTotal.set(this.pool.totalCount);
      this.poolIdle.set(this.pool.idleCount);
      this.poolWaiting.set(this.pool.waitingCount);
      this.poolMax.set(this.pool.max);
    }
  }

  private async readQueues(): Promise<Array<{ queue: string; counts: Record<string, number> }>> {
    if (!this.queues?.available) return [];
    try {
      return await withTimeout(
        Promise.all(
          this.queues.all().map(async (queue) => ({
            queue: queue.name,
            counts: await queue.getJobCounts(...QUEUE_JOB_STATES),
          })),
        ),
        'Redis',
      );
    } catch (error) {
      this.logger.warn(`queue metrics skipped: ${(error as Error).message}`);
      return [];
    }
  }

  private async readOutbox(
    service: ServiceName,
    dataSource: DataSource,
  ): Promise<{ schema: string; backlog: number; oldestAgeSeconds: number } | undefined> {
    if (!dataSource.isInitialized || !dataSource.hasMetadata(OutboxMessage)) return undefined;
    const { tablePath } = dataSource.getMetadata(OutboxMessage);
    try {
      // Served by the partial index on created_at WHERE relayed_at IS NULL.
      const [row] = await withTimeout<Array<{ backlog: string | number; oldest_age_seconds: string | number }>>(
        dataSource.query(
          `SELECT count(*) AS backlog,
                  coalesce(extract(epoch FROM now() - min(created_at)), 0) AS oldest_age_seconds
             FROM ${tablePath}
            WHERE relayed_at IS NULL`,
        ),
        `Postgres (${service})`,
      );
      return {
        schema: service,
        backlog: Number(row.backlog),
        oldestAgeSeconds: Math.max(0, Number(row.oldest_age_seconds)),
      };
    } catch (error) {
      this.logger.warn(`outbox metrics of ${service} skipped: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** The named data sources of the service modules this process hosts (none in a proxy gateway). */
  private dataSources(): HostedDataSource[] {
    this.hosted ??= SERVICE_NAMES.flatMap((service) => {
      try {
        const dataSource = this.moduleRef.get<DataSource>(getDataSourceToken(service), { strict: false });
        return dataSource ? [{ service, dataSource }] : [];
      } catch {
        return [];
      }
    });
    return this.hosted;
  }
}
