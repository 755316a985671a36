import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import Redis from 'ioredis';
import { Pool } from 'pg';

export interface Readiness {
  ready: boolean;
  checks: Record<string, 'up' | 'down'>;
}

const TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref()),
  ]);
}

/** Answers whether Postgres and Redis are reachable, on connections of its own (never the app's pools). */
@Injectable()
export class ReadinessService implements OnModuleDestroy {
  private readonly pool: Pool | undefined;
  private readonly redis: Redis | undefined;

  constructor(config: AppConfig) {
    if (config.DATABASE_URL) {
      this.pool = new Pool({ connectionString: config.DATABASE_URL, max: 1, connectionTimeoutMillis: TIMEOUT_MS });
      this.pool.on('error', () => undefined);
    }
    if (config.REDIS_URL) {
      this.redis = new Redis(config.REDIS_URL, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: TIMEOUT_MS,
      });
      this.redis.on('error', () => undefined);
    }
  }

  async check(): Promise<Readiness> {
    const [postgres, redis] = await Promise.all([this.checkPostgres(), this.checkRedis()]);
    return { ready: postgres === 'up' && redis === 'up', checks: { postgres, redis } };
  }

  private async checkPostgres(): Promise<'up' | 'down'> {
    if (!this.pool) return 'down';
    return withTimeout(this.pool.query('SELECT 1')).then(
      () => 'up',
      () => 'down',
    );
  }

  private async checkRedis(): Promise<'up' | 'down'> {
    const redis = this.redis;
    if (!redis) return 'down';
    try {
      if (redis.status === 'wait' || redis.status === 'end') await withTimeout(redis.connect());
      return (await withTimeout(redis.ping())) === 'PONG' ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }

  async onModuleDestroy() {
    await Promise.allSettled([this.pool?.end(), this.redis?.quit()]);
  }
}
