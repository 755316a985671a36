import { Inject, Injectable, Logger, Optional, ServiceUnavailableException } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { SharedPool } from '@portal/database';
import { RedisConnections } from '@portal/events';
import type { AuthUser } from './auth-user';

/** How long Redis keeps a user's session state (version, ended sessions) before it is read from Postgres again. */
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

/** The token a guard asks about: its user, session version and session (`sid`, absent in old tokens). */
export type SessionToken = Pick<AuthUser, 'id' | 'sessionVersion' | 'sessionId'>;

/**
 * Merges into a user's cached state (a hash): the version (`v`) only upward, so a slow reader never
 * undoes a newer revocation; ended sessions (`s:<id>`) only added; `loaded` when the state is complete
 * (read from Postgres). The key lives SESSION_VERSION_CACHE_SECONDS from its creation.
 * ARGV: version ('' for none), seconds to live, '1' to mark loaded, then ended session ids.
 */
const MERGE = `
if ARGV[1] ~= '' then
  local current = tonumber(redis.call('HGET', KEYS[1], 'v'))
  if current == nil or current < tonumber(ARGV[1]) then redis.call('HSET', KEYS[1], 'v', ARGV[1]) end
end
for i = 4, #ARGV do redis.call('HSET', KEYS[1], 's:' .. ARGV[i], '1') end
if ARGV[3] == '1' then redis.call('HSET', KEYS[1], 'loaded', '1') end
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return 1`;

interface StoredState {
  version: number;
  endedSessions: string[];
}

/**
 * Ends sessions everywhere, exactly. Identity is the truth: `users.session_version` (a password
 * change or reset, a demotion, "sign out everywhere" raise it in the transaction of the change) ends
 * every token that carries an older version; `sessions.ended_at` (Sign Out) ends one sign-in's token.
 * Every service's guard refuses both. Postgres is read through the read-only view
 * `identity.session_versions_readonly`; Redis caches each user's state for
 * SESSION_VERSION_CACHE_SECONDS (one hash: the version, the ended sessions, whether it is complete),
 * and a revocation is merged into it at once.
 *
 * So a revocation holds however long its tokens live, through a Redis restart (the state is read
 * from Postgres again) and with Redis down (read from Postgres each time). A revocation that could
 * not be published is seen once the cached state expires. When neither can be read, admin routes
 * (`strict`) answer 503; other routes let the token through with a warning (tokens are short-lived;
 * identity checks the database on its own routes).
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
    await this.merge(userId, { version: currentVersion });
  }

  /** The token of session `sessionId` of `userId` stops working now (after `ended_at` is committed). */
  async publishEnded(userId: string, sessionId: string): Promise<void> {
    await this.merge(userId, { endedSessions: [sessionId] });
  }

  /**
   * Whether `token` is revoked: its session version is below the user's, or its session ended.
   * `strict` (admin routes): throws SessionCheckUnavailableException when neither Redis nor Postgres can tell.
   */
  async isRevoked(token: SessionToken, strict = false): Promise<boolean> {
    let redisFailure: Error | undefined;
    if (this.redis) {
      try {
        const [loaded, version, ended] = await this.redis.hmget(
          this.key(token.id),
          'loaded',
          'v',
          `s:${token.sessionId ?? ''}`,
        );
        if (ended !== null || (version !== null && token.sessionVersion < Number(version))) return true;
        if (loaded !== null) return false;
      } catch (error) {
        redisFailure = error as Error;
      }
    }
    // A process without a database (unit tests) knows only what was published.
    if (!this.pool) {
      if (redisFailure) this.unknown(redisFailure, strict);
      return false;
    }

    let stored: StoredState | undefined;
    try {
      stored = await this.storedState(token.id);
    } catch (error) {
      this.unknown(error as Error, strict);
      return false;
    }
    if (!stored) return false;
    if (this.redis && !redisFailure) {
      await this.merge(token.id, { ...stored, loaded: true }).catch(() => undefined);
    }
    return (
      token.sessionVersion < stored.version ||
      (token.sessionId !== undefined && stored.endedSessions.includes(token.sessionId))
    );
  }

  /** The user's state in Postgres; undefined for an id that names no account. */
  private async storedState(userId: string): Promise<StoredState | undefined> {
    if (!UUID.test(userId)) return undefined;
    const result = await this.pool!.pool.query<{ session_version: number; ended_sessions: string[] }>(
      'SELECT session_version, ended_sessions FROM identity.session_versions_readonly WHERE user_id = $1',
      [userId],
    );
    const row = result.rows[0];
    return row && { version: row.session_version, endedSessions: row.ended_sessions };
  }

  private unknown(error: Error, strict: boolean): void {
    if (strict) {
      this.logger.error(`session revocation state unavailable, admin route refused: ${error.message}`);
      throw new SessionCheckUnavailableException();
    }
    this.logger.warn(`session revocation check skipped: ${error.message}`);
  }

  private async merge(
    userId: string,
    state: { version?: number; endedSessions?: string[]; loaded?: boolean },
  ): Promise<void> {
    if (!this.redis) throw new Error('REDIS_URL is not configured');
    await this.redis.eval(
      MERGE,
      1,
      this.key(userId),
      state.version === undefined ? '' : String(state.version),
      String(SESSION_VERSION_CACHE_SECONDS),
      state.loaded ? '1' : '0',
      ...(state.endedSessions ?? []),
    );
  }

  private key(userId: string): string {
    return `${this.config.REDIS_PREFIX}:auth:session-state:${userId}`;
  }
}
