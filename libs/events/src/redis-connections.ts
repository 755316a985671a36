import { Global, Injectable, Module } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { Redis } from 'ioredis';
import { redisConnectionOptions } from './redis';

/**
 * The Redis connections of one process, opened on first use and shared by everything in
 * it, whatever services it hosts:
 *
 * - `queues`: BullMQ queues and workers (their non-blocking commands), the outbox relay,
 *   the queue dashboard and metrics. Commands wait across reconnects, as BullMQ requires.
 *   Each BullMQ worker adds one blocking connection of its own (a duplicate of this one).
 * - `commands`: short commands that must fail fast rather than wait for a reconnect (rate
 *   limits, session revocation, readiness): one retry, one second; auto-pipelined.
 *
 * The process root closes them after every worker and queue has closed.
 */
@Injectable()
export class RedisConnections {
  private queueConnection?: Redis;
  private commandConnection?: Redis;

  constructor(private readonly config: AppConfig) {}

  /** Whether the process has Redis at all (REDIS_URL). */
  get configured(): boolean {
    return Boolean(this.config.REDIS_URL);
  }

  get queues(): Redis {
    if (!this.queueConnection) {
      this.queueConnection = new Redis({ ...redisConnectionOptions(this.config), connectionName: 'portal:queues' });
      // Users see failures through their commands; an unhandled 'error' event would crash the process.
      this.queueConnection.on('error', () => undefined);
    }
    return this.queueConnection;
  }

  /** Undefined without REDIS_URL (unit tests), where callers use their fallback. */
  get commands(): Redis | undefined {
    if (!this.config.REDIS_URL) return undefined;
    if (!this.commandConnection) {
      this.commandConnection = new Redis({
        ...redisConnectionOptions(this.config),
        connectionName: 'portal:commands',
        maxRetriesPerRequest: 1,
        commandTimeout: 1000,
        // Commands sent in the same tick (a sign-in's rate-limit checks) leave in one write.
        enableAutoPipelining: true,
      });
      this.commandConnection.on('error', () => undefined);
    }
    return this.commandConnection;
  }

  async close(): Promise<void> {
    const open = [this.queueConnection, this.commandConnection].filter((redis): redis is Redis => Boolean(redis));
    this.queueConnection = undefined;
    this.commandConnection = undefined;
    await Promise.all(
      open.map((redis) =>
        redis.status === 'ready' ? redis.quit().catch(() => redis.disconnect()) : Promise.resolve(redis.disconnect()),
      ),
    );
  }
}

/** Global: every module of the process injects the same RedisConnections. */
@Global()
@Module({ providers: [RedisConnections], exports: [RedisConnections] })
export class RedisModule {}
