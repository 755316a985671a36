import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import type { MessageReply, VerificationStatusReply } from '@portal/contracts';
import { Outbox, QUEUES } from '@portal/events';
import { clientKey, RateLimiter } from '@portal/http';
import { DataSource, EntityManager } from 'typeorm';
import { MESSAGES } from '../common/messages';
import { RATE_LIMITS } from '../common/rate-limits';
import { normalizeEmail } from '@portal/http';
import { TOKEN_LIFETIMES } from '../tokens/token-codec';
import { UserTokens } from '../tokens/user-tokens.service';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';

const PURPOSE = 'verify-email';

@Injectable()
export class VerificationService {
  private readonly logger = new Logger(VerificationService.name);

  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly tokens: UserTokens,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {}

  /**
   * A new verification token and its mail, in the caller's transaction. The link carries the e-mail for
   * the page; the token alone verifies. Earlier links keep working until they expire or one of the
   * account's links is used (confirm): they all went to the same mailbox, and a new mail is asked for
   * because one is late, which is then the one opened. The requests are limited per account
   * (RATE_LIMITS.verifyRequestPerAccount), so only a few are ever outstanding.
   */
  async issue(manager: EntityManager, user: User): Promise<void> {
    const token = await this.tokens.issue(manager, user.id, PURPOSE);
    const query = new URLSearchParams({ email: user.email, token });
    await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
      template: 'verify-email',
      to: user.email,
      data: {
        firstName: user.firstName,
        link: `${this.config.appUrl}/verify-email?${query.toString()}`,
        code: token,
        expiresInHours: TOKEN_LIFETIMES[PURPOSE].hours,
      },
    });
  }

  /** Same answer for an unknown e-mail as for an unverified account (nothing is sent then). */
  async request(email: string, ip: string): Promise<MessageReply> {
    await this.limiter.consume(RATE_LIMITS.verifyRequestPerIp, clientKey(ip));
    const account = normalizeEmail(email);
    await this.limiter.consume(RATE_LIMITS.verifyRequestPerAccount, account);

    const user = await this.users.findByEmail(email);
    if (user?.isVerified) throw new BadRequestException({ detail: MESSAGES.alreadyVerified });
    if (user) {
      await this.dataSource.transaction((manager) => this.issue(manager, user));
      this.logger.log(`verification mail queued for user ${user.id}`);
    }
    return { message: MESSAGES.verificationSent };
  }

  /** Marks the token used and the account verified; any other outstanding token stops working. */
  async confirm(token: string): Promise<User> {
    const user = await this.dataSource.transaction(async (manager) => {
      const userId = await this.tokens.consume(manager, token, PURPOSE);
      if (!userId) return undefined;
      await manager.query(
        `UPDATE users SET is_verified = true, verified_at = coalesce(verified_at, now()), updated_at = now() WHERE id = $1`,
        [userId],
      );
      await this.tokens.invalidateOutstanding(manager, userId, PURPOSE);
      return this.users.findById(userId, manager);
    });
    if (!user) throw new BadRequestException({ detail: MESSAGES.invalidVerificationToken });
    this.logger.log(`user ${user.id} verified their e-mail`);
    return user;
  }

  /** `{email, is_verified}`, the same shape for an unknown e-mail (never verified). */
  async status(email: string, ip: string): Promise<VerificationStatusReply> {
    await this.limiter.consume(RATE_LIMITS.verifyStatusPerIp, clientKey(ip));
    const user = await this.users.findByEmail(email);
    return { email: normalizeEmail(email), is_verified: user?.isVerified ?? false };
  }
}
