import { Logger } from '@nestjs/common';
import { JobsOptions, Queue } from 'bullmq';
import { Redis, RedisOptions } from 'ioredis';
import { PostgresNotifications, type Unlisten } from '@portal/database';
import type { ClientConfig } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { OUTBOX_CHANNEL } from './outbox.service';
import { defaultJobOptions, jobPriority } from './queues';
import { redactSecrets } from './secrets';

export interface RelayLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface OutboxRelayOptions {
  /** Data sources of the services whose outboxes this relay drains (more with addSource). */
  sources?: DataSource[];
  /**
   * The process's shared queue connection (RedisConnections.queues), left open on stop; or
   * ioredis options, for a connection of the relay's own that fails fast and is closed on stop.
   * A function is called on first use.
   */
  connection: Redis | RedisOptions | (() => Redis);
  /** BullMQ key prefix; must match the workers' (default `bull`). */
  prefix?: string;
  /**
   * The process's listening connection (shared with other listeners, left open on stop); by
   * default the relay opens one of its own from its first source's settings.
   */
  notifications?: PostgresNotifications;
  /** application_name of a listening connection of its own. Default `portal-outbox`. */
  listenerName?: string;
  /** Rows moved per transaction. Default 100. */
  batchSize?: number;
  /** Fallback poll when no notification arrives. Default 1000 ms. */
  pollIntervalMs?: number;
  /** Upper bound of the retry delay while Redis (or Postgres) is unreachable. Default 30 s. */
  maxRetryDelayMs?: number;
  /** How long one `add` may take before it counts as failed. Default 2000 ms. */
  redisTimeoutMs?: number;
  /** Merged over defaultJobOptions() (attempts, backoff, retention). */
  jobOptions?: JobsOptions;
  logger?: RelayLogger;
}

interface OutboxRow {
  id: string;
  queue: string;
  name: string;
  payload: unknown;
}

/** Thrown by relayOnce() when a row could not be handed to Redis; it stays in the outbox. */
export class OutboxRelayError extends Error {
  constructor(
    readonly outboxId: string,
    cause: unknown,
  ) {
    super(`could not add outbox row ${outboxId} to its queue: ${errorMessage(cause)}`, { cause });
    this.name = 'OutboxRelayError';
  }
}

/** Rows grouped by queue, queues in the order they first appear, each queue's rows in their order. */
function byQueue(rows: OutboxRow[]): OutboxRow[][] {
  const groups = new Map<string, OutboxRow[]>();
  for (const row of rows) {
    const group = groups.get(row.queue);
    if (group) group.push(row);
    else groups.set(row.queue, [row]);
  }
  return [...groups.values()];
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe schema name for the outbox: ${name}`);
  return `"${name}"`;
}

interface OutboxSource {
  dataSource: DataSource;
  schema: string;
  /** Schema-qualified table name. */
  table: string;
}

/**
 * Moves committed outbox rows to BullMQ: one relay per process, draining the outbox of
 * every service the process hosts (one in split mode, all of them in all-in-one) on one
 * listening connection. The job id is the outbox id, so a relay that dies after `add`
 * and before marking the row re-adds the same id later and BullMQ ignores the
 * duplicate: each row becomes exactly one job.
 *
 * Wakes on NOTIFY portal_outbox (payload = schema) and drains that schema's outbox only:
 * a sign-in in all-in-one would otherwise pay a transaction on each of the six outboxes.
 * Every outbox is swept at start, when the listener reconnects, after a failure and at
 * least every pollIntervalMs (the fallback for a notification lost). While Redis
 * is unreachable, adds fail fast, rows wait, one warning is logged and retries back off
 * up to maxRetryDelayMs. Several relays (replicas) may run: rows are locked with SKIP LOCKED.
 */
export class OutboxRelay {
  private readonly sources: OutboxSource[] = [];
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly redisTimeoutMs: number;
  private readonly jobOptions: JobsOptions;
  private readonly logger: RelayLogger;

  private redis?: Redis;
  private readonly ownsRedis: boolean;
  private redisWasReady = false;
  private readonly queues = new Map<string, Queue>();
  private notifications?: PostgresNotifications;
  private unlisten?: Unlisten;
  private listening = false;
  private listenerFailed = false;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private started = false;
  private stopping = false;
  /** Schemas notified since their outbox was last drained. */
  private readonly notified = new Set<string>();
  /** Every outbox is drained on the next pass (start, reconnection, after a failure). */
  private sweepDue = true;
  private lastSweepAt = 0;
  private failures = 0;

  constructor(private readonly options: OutboxRelayOptions) {
    this.ownsRedis = !(options.connection instanceof Redis || typeof options.connection === 'function');
    for (const dataSource of options.sources ?? []) this.addSource(dataSource);
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
    this.redisTimeoutMs = options.redisTimeoutMs ?? 2000;
    this.jobOptions = { ...defaultJobOptions(), ...options.jobOptions };
    this.logger = options.logger ?? new Logger('OutboxRelay');
  }

  /** Drains this service's outbox too (its data source's schema holds the `outbox` table). */
  addSource(dataSource: DataSource): void {
    const schema = (dataSource.options as PostgresConnectionOptions).schema;
    if (!schema) throw new Error('OutboxRelay needs data sources with a schema (one per service)');
    if (this.sources.some((source) => source.schema === schema)) return;
    this.sources.push({ dataSource, schema, table: `${quoteIdentifier(schema)}.outbox` });
  }

  /** The schemas whose outboxes this relay drains. */
  get schemas(): string[] {
    return this.sources.map((source) => source.schema);
  }

  /** Listens for notifications and starts relaying; resolves once listening (or polling only). */
  async start(): Promise<void> {
    if (this.started || this.sources.length === 0) return;
    this.started = true;
    this.stopping = false;
    this.sweepDue = true;
    await this.listen();
    this.schedule(0);
  }

  /** Lets the batch in progress finish, then closes every connection the relay opened. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    this.started = false;
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    this.listening = false;
    await unlisten?.();
    if (!this.options.notifications) await this.notifications?.close();
    this.notifications = undefined;
    await Promise.all([...this.queues.values()].map((queue) => queue.close().catch(() => undefined)));
    this.queues.clear();
    const redis = this.redis;
    this.redis = undefined;
    this.redisWasReady = false;
    if (!redis) return;
    redis.off('ready', this.onRedisReady);
    if (!this.ownsRedis) return;
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  }

  /**
   * One batch from each outbox: locks up to batchSize unrelayed rows, adds them to BullMQ
   * in order, marks those added as relayed and commits. On the first failed add the rest
   * of the batch waits, the failure is recorded on the row, and OutboxRelayError is thrown
   * after commit. Returns the number of rows relayed from the fullest outbox.
   */
  async relayOnce(): Promise<number> {
    let most = 0;
    for (const source of this.sources) most = Math.max(most, await this.relayBatch(source));
    return most;
  }

  /** The sources notified since the last call, forgotten as they are handed out. */
  private takeNotified(): OutboxSource[] {
    const taken = this.sources.filter((source) => this.notified.has(source.schema));
    this.notified.clear();
    return taken;
  }

  private async relayBatch({ dataSource, table }: OutboxSource): Promise<number> {
    let failure: OutboxRelayError | undefined;
    const relayed = await dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, queue, name, payload FROM ${table}
          WHERE relayed_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      const added: OutboxRow[] = [];
      // One round trip per queue (BullMQ's addBulk), each queue's rows in their order.
      for (const batch of byQueue(rows)) {
        try {
          await this.addJobs(batch);
          added.push(...batch);
        } catch (error) {
          failure = new OutboxRelayError(batch[0].id, error);
          break;
        }
      }
      if (added.length) await this.markRelayed(manager, table, added);
      if (failure) await this.recordFailure(manager, table, failure.outboxId, errorMessage(failure.cause));
      return added.length;
    });
    if (failure) throw failure;
    return relayed;
  }

  /**
   * The rows are on their queues: marked relayed, and the credentials a payload carries (a mail's reset
   * link) leave the row, which stays for days after (`redactSecrets`). Separate step so tests can
   * simulate a crash between `add` and the update.
   */
  protected async markRelayed(manager: EntityManager, table: string, rows: OutboxRow[]): Promise<void> {
    const redacted = rows.map((row) => {
      const kept = redactSecrets(row.payload);
      return kept === row.payload ? null : JSON.stringify(kept);
    });
    await manager.query(
      `UPDATE ${table} AS t SET relayed_at = now(), last_error = NULL, payload = coalesce(r.payload, t.payload)
         FROM unnest($1::uuid[], $2::jsonb[]) AS r(id, payload) WHERE t.id = r.id`,
      [rows.map((row) => row.id), redacted],
    );
  }

  private async recordFailure(manager: EntityManager, table: string, id: string, message: string): Promise<void> {
    await manager.query(`UPDATE ${table} SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [
      id,
      message.slice(0, 1000),
    ]);
  }

  /**
   * Rows of one queue; all or none count as added (a retry re-adds the same ids, which BullMQ ignores).
   * List mail goes behind the rest of the mail queue (jobPriority).
   */
  private async addJobs(rows: OutboxRow[]): Promise<void> {
    await this.connected();
    const adding = this.queue(rows[0].queue).addBulk(
      rows.map((row) => ({
        name: row.name,
        data: row.payload,
        opts: { ...this.jobOptions, jobId: row.id, priority: jobPriority(row.queue, row.name, row.payload) },
      })),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis did not answer within ${this.redisTimeoutMs} ms`)),
        this.redisTimeoutMs,
      );
    });
    // A late answer is harmless (same job id), a late rejection must not go unhandled.
    adding.catch(() => undefined);
    try {
      await Promise.race([adding, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * With the offline queue disabled a command fails at once while disconnected; failing
   * here already also keeps a queue from being created (and waiting to initialise) then.
   * Only the very first connection is waited for, briefly.
   */
  private async connected(): Promise<void> {
    const redis = this.connection();
    if (redis.status === 'ready') return;
    if (!this.redisWasReady) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          redis.off('ready', onReady);
          reject(new Error(`could not connect to Redis within ${this.redisTimeoutMs} ms`));
        }, this.redisTimeoutMs);
        const onReady = () => {
          clearTimeout(timer);
          resolve();
        };
        redis.once('ready', onReady);
      });
      return;
    }
    throw new Error(`Redis is not connected (${redis.status})`);
  }

  private readonly onRedisReady = () => {
    this.redisWasReady = true;
    if (this.failures > 0 && this.started && !this.stopping && !this.running) this.schedule(0);
  };

  private connection(): Redis {
    if (!this.redis) {
      const { connection } = this.options;
      const redis =
        typeof connection === 'function'
          ? connection()
          : connection instanceof Redis
            ? connection
            : new Redis({
                ...connection,
                enableOfflineQueue: false,
                maxRetriesPerRequest: 0,
                commandTimeout: this.redisTimeoutMs,
              });
      // Failures surface through add(); the relay logs them once per outage.
      if (this.ownsRedis) redis.on('error', () => undefined);
      if (redis.status === 'ready') this.redisWasReady = true;
      redis.on('ready', this.onRedisReady);
      this.redis = redis;
    }
    return this.redis;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection(), prefix: this.options.prefix });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  private schedule(delayMs: number): void {
    if (this.stopping || !this.started) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private wake(schema?: string): void {
    if (schema === undefined) this.sweepDue = true;
    else this.notified.add(schema);
    // During an outage the backoff decides when to try again; a pass in progress takes the new work too.
    if (this.stopping || !this.started || this.failures > 0 || this.running) return;
    this.schedule(0);
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    this.running = this.drain();
    await this.running;
    this.running = undefined;
    if (!this.unlisten && !this.stopping) await this.listen();
    this.schedule(this.failures === 0 && (this.notified.size > 0 || this.sweepDue) ? 0 : this.nextDelay());
  }

  /**
   * Drains the notified outboxes (every one when a sweep is due) until each is empty or another pass is due:
   * an outbox that filled a whole batch, or one notified meanwhile, is drained again.
   */
  private async drain(): Promise<void> {
    try {
      const sweep = this.sweepDue || Date.now() - this.lastSweepAt >= this.pollIntervalMs;
      this.sweepDue = false;
      if (sweep) {
        this.lastSweepAt = Date.now();
        this.notified.clear();
      }
      let pending = sweep ? this.sources : this.takeNotified();
      while (pending.length > 0 && !this.stopping) {
        const full: OutboxSource[] = [];
        for (const source of pending) if ((await this.relayBatch(source)) === this.batchSize) full.push(source);
        const notified = this.takeNotified();
        pending = [...full, ...notified.filter((source) => !full.includes(source))];
      }
      if (this.failures > 0) this.logger.log(`outbox relay recovered after ${this.failures} failed attempts`);
      this.failures = 0;
    } catch (error) {
      // Whatever was notified may not have been drained: the retry sweeps every outbox.
      this.sweepDue = true;
      this.failures += 1;
      if (this.failures === 1) {
        this.logger.warn(
          `outbox relay cannot deliver: ${errorMessage(error)}; rows wait in the outbox, ` +
            `retrying with backoff up to ${this.maxRetryDelayMs} ms`,
        );
      }
    }
  }

  private nextDelay(): number {
    if (this.failures === 0) return this.pollIntervalMs;
    return Math.min(this.maxRetryDelayMs, this.pollIntervalMs * 2 ** Math.min(this.failures, 20));
  }

  private async listen(): Promise<void> {
    this.notifications ??= this.options.notifications ?? new PostgresNotifications(this.listenerConfig());
    try {
      const unlisten = await this.notifications.listen(OUTBOX_CHANNEL, {
        onNotification: (payload) => {
          if (this.schemas.includes(payload)) this.wake(payload);
        },
        onError: (error) => {
          // Said once per loss; the listening connection comes back by itself meanwhile.
          if (this.listening && !this.stopping) {
            this.logger.warn(`outbox listener lost (${errorMessage(error)}); polling until it reconnects`);
          }
          this.listening = false;
        },
        onReconnected: () => {
          this.listening = true;
          // Notifications sent while it was away are lost: every outbox is looked at.
          this.wake();
        },
      });
      if (this.stopping) {
        await unlisten();
        return;
      }
      this.unlisten = unlisten;
      this.listening = true;
      this.listenerFailed = false;
    } catch (error) {
      if (!this.listenerFailed) {
        this.listenerFailed = true;
        this.logger.warn(`outbox listener could not connect (${errorMessage(error)}); polling meanwhile`);
      }
    }
  }

  private listenerConfig(): ClientConfig {
    const options = this.sources[0].dataSource.options as PostgresConnectionOptions;
    return {
      connectionString: options.url,
      host: options.host,
      port: options.port,
      user: options.username,
      password: options.password,
      database: options.database,
      // TypeORM passes the same object to pg's pool.
      ssl: options.ssl as ClientConfig['ssl'],
      application_name: this.options.listenerName ?? 'portal-outbox',
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    };
  }
}
