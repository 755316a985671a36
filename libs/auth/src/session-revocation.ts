import { Inject, Injectable, Logger, Optional, ServiceUnavailableException } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { SharedPool } from '@portal/database';
import { RedisConnections } from '@portal/events';

/** How long Redis keeps a user's session version before it is read from Postgres again. */
export const SESSION_VERSION_CACHE_SECONDS = 60;

export const SESSION_CHECK_UNAVAILABLE =
  'Your session could not be checked right now. Please try again in a few seconds.';

/** 503 for an admin route whose token cannot be checked against revocations (the filter adds Retry-After). */
export class SessionCheckUnavailableException extends ServiceUnavailableException {
  readonly retryAfterSeconds = 5;

  constructor() {
    super({ detail: SESSION_CHECK_UNAVAILABLE });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sets the cached version only upward: a slow reader never undoes a newer revocation. */
const RAISE = `
local current = tonumber(redis.call('GET', KEYS[1]))
if current == nil or current < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
end
return 1`;

/**
 * Ends sessions everywhere, exactly. Identity's `users.session_version` is the truth: a
 * password reset or a demotion raises it in the same transaction as the change, and every
 * service's guard refuses tokens that carry an older version. Postgres is read through
 * the read-only view `identity.session_versions_readonly`; Redis caches each user's version
 * for SESSION_VERSION_CACHE_SECONDS, and a revocation is published there at once.
 *
 * So a revocation holds however long its tokens live, through a Redis restart (the version
 * is read from Postgres again) and with Redis down (read from Postgres each time). A
 * revocation that could not be published is seen once the cached version expires. When
 * neither can be read, admin routes (`strict`) answer 503; other routes let the token
 * through with a warning (tokens are short-lived; identity checks the version on its own
 * routes).
 */
@Injectable()
export class SessionRevocation {
  private readonly logger = new Logger(SessionRevocation.name);

  constructor(
    private readonly config: AppConfig,
    private readonly connections: RedisConnections,
    @Optional() @Inject(SharedPool) private readonly pool: SharedPool | null = null,
  ) {}

  /** The process's fail-fast command connection: waits for a fresh connection, never longer than a second. */
  private get redis() {
    return this.connections.commands;
  }

  /** Tokens of `userId` with a session version below `currentVersion` stop working now (after the change is committed). */
  async publish(userId: string, currentVersion: number): Promise<void> {
    if (!this.redis) throw new Error('REDIS_URL is not configured');
    await this.raise(userId, currentVersion);
  }

  /**
   * Whether a token of `userId` with `tokenVersion` is revoked. `strict` (admin routes): throws
   * SessionCheckUnavailableException when neither Redis nor Postgres can tell.
   */
  async isRevoked(userId: string, tokenVersion: number, strict = false): Promise<boolean> {
    const current = await this.currentVersion(userId, strict);
    return current !== undefined && tokenVersion < current;
  }

  private async currentVersion(userId: string, strict: boolean): Promise<number | undefined> {
    let redisFailure: Error | undefined;
    if (this.redis) {
      try {
        const cached = await this.redis.get(this.key(userId));
        if (cached !== null) return Number(cached);
      } catch (error) {
        redisFailure = error as Error;
      }
    }
    // A process without a database (unit tests) knows only what was published.
    if (!this.pool) return redisFailure ? this.unknown(redisFailure, strict) : undefined;

    let version: number | undefined;
    try {
      version = await this.storedVersion(userId);
    } catch (error) {
      return this.unknown(error as Error, strict);
    }
    if (version !== undefined && this.redis && !redisFailure) {
      await this.raise(userId, version).catch(() => undefined);
    }
    return version;
  }

  /** The user's version in Postgres; undefined for an id that names no account. */
  private async storedVersion(userId: string): Promise<number | undefined> {
    if (!UUID.test(userId)) return undefined;
    const result = await this.pool!.pool.query<{ session_version: number }>(
      'SELECT session_version FROM identity.session_versions_readonly WHERE user_id = $1',
      [userId],
    );
    return result.rows[0]?.session_version;
  }

  private unknown(error: Error, strict: boolean): undefined {
    if (strict) {
      this.logger.error(`session revocation state unavailable, admin route refused: ${error.message}`);
      throw new SessionCheckUnavailableException();
    }
    this.logger.warn(`session revocation check skipped: ${error.message}`);
    return undefined;
  }

  private async raise(userId: string, version: number): Promise<void> {
    await this.redis!.eval(RAISE, 1, this.key(userId), String(version), String(SESSION_VERSION_CACHE_SECONDS));
  }

  private key(userId: string): string {
    return `${this.config.REDIS_PREFIX}:auth:session-version:${userId}`;
  }
}
