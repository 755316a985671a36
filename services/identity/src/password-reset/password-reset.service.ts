import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import type { MessageReply } from '@portal/contracts';
import { AuditScope, AuditTrail, Outbox, QUEUES } from '@portal/events';
import { clientKey, RateLimiter } from '@portal/http';
import { DataSource } from 'typeorm';
import { LoginThrottle } from '../auth/login-throttle';
import { asActor } from '../common/audit';
import { MESSAGES } from '../common/messages';
import { RATE_LIMITS } from '../common/rate-limits';
import { normalizeEmail } from '@portal/http';
import { TOKEN_LIFETIMES } from '../tokens/token-codec';
import { UserTokens } from '../tokens/user-tokens.service';
import { PasswordHasher } from '../users/password-hasher';
import { UsersService } from '../users/users.service';
import { SessionsService } from '../sessions/sessions.service';

const PURPOSE = 'reset-password';

@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly tokens: UserTokens,
    private readonly hasher: PasswordHasher,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionsService,
    private readonly config: AppConfig,
    private readonly throttle: LoginThrottle,
    private readonly audit: AuditTrail,
  ) {}

  /** Always the same answer; a mail with a reset link only when the account exists. */
  async forgot(email: string, ip: string): Promise<MessageReply> {
    await this.limiter.consume(RATE_LIMITS.forgotPasswordPerIp, clientKey(ip));
    const account = normalizeEmail(email);
    await this.limiter.consume(RATE_LIMITS.forgotPasswordPerAccount, account);

    const user = await this.users.findByEmail(email);
    if (user) {
      await this.dataSource.transaction(async (manager) => {
        const token = await this.tokens.issue(manager, user.id, PURPOSE);
        await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
          template: 'reset-password',
          to: user.email,
          data: {
            firstName: user.firstName,
            link: `${this.config.appUrl}/reset-password?${new URLSearchParams({ token }).toString()}`,
            expiresInMinutes: TOKEN_LIFETIMES[PURPOSE].minutes,
          },
        });
      });
      this.logger.log(`password reset mail queued for user ${user.id}`);
    }
    return { message: MESSAGES.resetLinkSent };
  }

  /**
   * Sets the new password, uses up the token and every other outstanding reset token, and
   * ends every session issued before (session version + 1, published to all services).
   * The mailbox received the link, so the e-mail counts as verified from now on.
   */
  async reset(token: string, newPassword: string, scope: AuditScope): Promise<MessageReply> {
    const ip = scope.client_ip ?? '';
    const invalid = () => new BadRequestException({ detail: MESSAGES.invalidResetToken });
    // Cheap check first: a made-up token must not cost a password hash.
    if (!(await this.tokens.isUsable(this.dataSource.manager, token, PURPOSE))) throw invalid();
    const passwordHash = await this.hasher.hash(newPassword);

    const changed = await this.dataSource.transaction(async (manager) => {
      const userId = await this.tokens.consume(manager, token, PURPOSE);
      if (!userId) return undefined;
      const rows = (await manager.query(
        `UPDATE users
            SET password_hash = $2, session_version = session_version + 1,
                is_verified = true, verified_at = coalesce(verified_at, now()), updated_at = now()
          WHERE id = $1
      RETURNING session_version, email`,
        [userId, passwordHash],
      )) as [Array<{ session_version: number; email: string }>, number];
      await this.tokens.invalidateOutstanding(manager, userId, PURPOSE);
      const email = rows[0][0].email;
      await this.audit.record(manager, asActor(scope, { id: userId, email }), 'auth.password_reset', `user:${userId}`);
      return { userId, sessionVersion: rows[0][0].session_version, email: rows[0][0].email };
    });
    if (!changed) throw invalid();

    await this.sessions.publish(changed.userId, changed.sessionVersion);
    // The mailbox's owner is at this address: their own wrong passwords no longer hold them back.
    await this.throttle.forgive(normalizeEmail(changed.email), ip);
    this.logger.log(`user ${changed.userId} reset their password; earlier sessions ended`);
    return { message: MESSAGES.passwordReset };
  }
}
