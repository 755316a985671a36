import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { RedisConnections } from '@portal/events';

/**
 * Ends sessions everywhere, exactly: identity bumps a user's session version (after a
 * password reset, say) and publishes it here; every service's guard refuses tokens that
 * carry an older version. Kept only as long as a token can live, since older tokens
 * expire by themselves. If Redis is unreachable the check is skipped with a warning:
 * tokens are short-lived, and identity also checks the version on its own routes.
 */
@Injectable()
export class SessionRevocation {
  private readonly logger = new Logger(SessionRevocation.name);

  constructor(
    private readonly config: AppConfig,
    private readonly connections: RedisConnections,
  ) {}

  /** The process's fail-fast command connection: waits for a fresh connection, never longer than a second. */
  private get redis() {
    return this.connections.commands;
  }

  /** Tokens of `userId` with a session version below `currentVersion` stop working now. */
  async publish(userId: string, currentVersion: number): Promise<void> {
    if (!this.redis) throw new Error('REDIS_URL is not configured');
    await this.redis.set(this.key(userId), String(currentVersion), 'EX', this.config.ACCESS_TOKEN_TTL_SECONDS + 60);
  }

  async isRevoked(userId: string, tokenVersion: number): Promise<boolean> {
    if (!this.redis) return false;
    try {
      const current = await this.redis.get(this.key(userId));
      return current !== null && tokenVersion < Number(current);
    } catch (error) {
      this.logger.warn(`session revocation check skipped: ${(error as Error).message}`);
      return false;
    }
  }

  private key(userId: string): string {
    return `${this.config.REDIS_PREFIX}:auth:session-version:${userId}`;
  }
}
