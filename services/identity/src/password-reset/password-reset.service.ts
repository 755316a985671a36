import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import type { MessageReply } from '@portal/contracts';
import { AuditScope, AuditTrail, Outbox, type PasswordResetRequestJob, QUEUES } from '@portal/events';
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
import { SecurityNotices } from '../account-security/security-notices';
import { WrongCodes } from '../two-factor/wrong-codes';

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
    private readonly notices: SecurityNotices,
    private readonly wrongCodes: WrongCodes,
  ) {}

  /**
   * Always the same answer, after the same work: the request is written to the outbox as it is, and
   * the `password-reset` worker looks the address up and mails a reset link when it has an account
   * (mailLink). Looking it up here, or issuing the token before answering, would make the answer
   * slower for an address that has an account, and tell who has one.
   */
  async forgot(email: string, ip: string): Promise<MessageReply> {
    await this.limiter.consume(RATE_LIMITS.forgotPasswordPerIp, clientKey(ip));
    const account = normalizeEmail(email);
    await this.limiter.consume(RATE_LIMITS.forgotPasswordPerAccount, account);

    await this.dataSource.transaction(async (manager) => {
      await this.outbox.enqueue(manager, QUEUES.passwordReset, 'request', {
        email,
        requested_at: new Date().toISOString(),
      });
    });
    return { message: MESSAGES.resetLinkSent };
  }

  /**
   * The `password-reset` job: a reset link for the account of `email`, if there is one; a token and
   * its mail in one transaction. A reset token issued for the account since the request (this job's,
   * run before and retried, or a later request's) already answers it: nothing more is sent.
   */
  async mailLink(request: PasswordResetRequestJob): Promise<void> {
    const user = await this.users.findByEmail(request.email);
    if (!user) return;
    const mailed = await this.dataSource.transaction(async (manager) => {
      // One job at a time per account, so two retries of one request cannot both pass the check below.
      await manager.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
      const [answered] = (await manager.query(
        `SELECT 1 FROM user_tokens WHERE user_id = $1 AND purpose = $2 AND created_at >= $3::timestamptz LIMIT 1`,
        [user.id, PURPOSE, request.requested_at],
      )) as unknown[];
      if (answered) return false;
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
      return true;
    });
    if (mailed) this.logger.log(`password reset mail queued for user ${user.id}`);
  }

  /**
   * Sets the new password, uses up the token and every other outstanding reset token, and
   * ends every session issued before (session version + 1, published to all services).
   * The mailbox received the link, so the e-mail counts as verified from now on; it is told of the reset.
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
            SET password_hash = $2, password_from_mailbox = true, session_version = session_version + 1,
                is_verified = true, verified_at = coalesce(verified_at, now()), updated_at = now()
          WHERE id = $1
      RETURNING session_version, email, first_name`,
        [userId, passwordHash],
      )) as [Array<{ session_version: number; email: string; first_name: string }>, number];
      await this.tokens.invalidateOutstanding(manager, userId, PURPOSE);
      const { email, first_name: firstName, session_version: sessionVersion } = rows[0][0];
      await this.audit.record(manager, asActor(scope, { id: userId, email }), 'auth.password_reset', `user:${userId}`);
      await this.notices.queue(manager, { email, firstName }, 'password-reset', scope.client_ip);
      return { userId, sessionVersion, email };
    });
    if (!changed) throw invalid();

    await this.sessions.publish(changed.userId, changed.sessionVersion);
    // The mailbox's owner is at this address: their own wrong passwords no longer hold them back.
    await this.throttle.forgive(normalizeEmail(changed.email), ip);
    await this.wrongCodes.forget(changed.userId);
    this.logger.log(`user ${changed.userId} reset their password; earlier sessions ended`);
    return { message: MESSAGES.passwordReset };
  }
}
