import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfig, PROCESS_NAME } from '@portal/config';
import { RedisConnections } from '@portal/events';
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

/**
 * Answers whether Postgres and Redis are reachable. Postgres on one connection of its own
 * (a busy application pool must not make a healthy database look down; closed when idle),
 * Redis on the process's fail-fast command connection.
 */
@Injectable()
export class ReadinessService implements OnModuleDestroy {
  private readonly pool: Pool | undefined;

  constructor(
    config: AppConfig,
    private readonly connections: RedisConnections,
    @Inject(PROCESS_NAME) processName: string,
  ) {
    if (config.DATABASE_URL) {
      this.pool = new Pool({
        connectionString: config.DATABASE_URL,
        max: 1,
        connectionTimeoutMillis: TIMEOUT_MS,
        idleTimeoutMillis: 10_000,
        application_name: `portal-${processName}-readiness`,
      });
      this.pool.on('error', () => undefined);
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
    const redis = this.connections.commands;
    if (!redis) return 'down';
    try {
      return (await withTimeout(redis.ping())) === 'PONG' ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }

  async onModuleDestroy() {
    await this.pool?.end().catch(() => undefined);
  }
}
