import { HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { RedisConnections } from '@portal/events';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** A limit and the counter it counts in; each service lists its own in `common/rate-limits.ts`. */
export interface NamedRateLimit {
  /** Counter name in Redis (`<REDIS_PREFIX>:rl:<name>:<key>`), by purpose and what it is keyed by (`identity:login:ip`). */
  name: string;
  /** Attempts allowed per window. */
  points: number;
  durationSeconds: number;
}

/**
 * 429 with a human `detail` (by default, how long to wait); the exception filter turns
 * `retryAfterSeconds` into Retry-After.
 */
export class TooManyRequestsException extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    detail?: string,
  ) {
    const wait =
      retryAfterSeconds < 90 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
    super({ detail: detail ?? `Too many attempts. Please try again in ${wait}.` }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Fixed-window counters in Redis, shared by every process of every service, so a limit
 * holds in split mode and across replicas. If Redis is unreachable each process falls
 * back to its own in-memory counters (still limited, never wide open).
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);
  private readonly limiters = new Map<string, RateLimiterRedis | RateLimiterMemory>();

  constructor(
    private readonly config: AppConfig,
    // Commands wait for the connection briefly; past that the in-memory insurance limiter counts.
    private readonly connections: RedisConnections,
  ) {}

  /**
   * Counts one attempt for `key` (an IP, a normalized e-mail) under `limit`; throws
   * TooManyRequestsException once the window's points are used up. `windowSeconds` gives a window
   * opened by this attempt another length than the limit's (one counter for every length: a window
   * already open keeps its own end).
   */
  async consume(limit: NamedRateLimit, key: string, windowSeconds?: number): Promise<void> {
    try {
      await this.limiter(limit).consume(key.toLowerCase(), 1, { customDuration: windowSeconds });
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new TooManyRequestsException(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      }
      this.logger.error(`rate limiter ${limit.name} failed: ${(rejection as Error).message}`);
      throw rejection;
    }
  }

  /**
   * Throws TooManyRequestsException (with `detail`, if given) when `key` has used up the window's
   * points, without counting anything (for limits counted by `record`, such as failures).
   */
  async check(limit: NamedRateLimit, key: string, detail?: string): Promise<void> {
    const state = await this.limiter(limit)
      .get(key.toLowerCase())
      .catch((error: Error) => {
        this.logger.error(`rate limiter ${limit.name} failed: ${error.message}`);
        throw error;
      });
    if (state && state.consumedPoints >= limit.points) {
      throw new TooManyRequestsException(Math.max(1, Math.ceil(state.msBeforeNext / 1000)), detail);
    }
  }

  /** Counts one event for `key` (a failure, say) and returns the count of the window; never refuses. */
  async record(limit: NamedRateLimit, key: string): Promise<number> {
    try {
      return (await this.limiter(limit).consume(key.toLowerCase())).consumedPoints;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return rejection.consumedPoints;
      this.logger.error(`rate limiter ${limit.name} failed: ${(rejection as Error).message}`);
      throw rejection;
    }
  }

  /** How many were counted for `key` in the current window (0 when none). */
  async count(limit: NamedRateLimit, key: string): Promise<number> {
    const state = await this.limiter(limit).get(key.toLowerCase());
    return state?.consumedPoints ?? 0;
  }

  /** Takes back one count of `key` (an attempt counted ahead that turned out not to be a failure). */
  async refund(limit: NamedRateLimit, key: string): Promise<void> {
    await this.limiter(limit)
      .reward(key.toLowerCase(), 1)
      .catch((error: Error) => this.logger.error(`rate limiter ${limit.name} failed: ${error.message}`));
  }

  /** Forgets the attempts of `key` (after a successful sign-in, say). */
  async reset(limit: NamedRateLimit, key: string): Promise<void> {
    await this.limiter(limit)
      .delete(key.toLowerCase())
      .catch(() => undefined);
  }

  private limiter(limit: NamedRateLimit): RateLimiterRedis | RateLimiterMemory {
    const id = `${limit.name}:${limit.points}:${limit.durationSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const options = {
        keyPrefix: `${this.config.REDIS_PREFIX}:rl:${limit.name}`,
        points: limit.points,
        duration: limit.durationSeconds,
      };
      const redis = this.connections.commands;
      limiter = redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
