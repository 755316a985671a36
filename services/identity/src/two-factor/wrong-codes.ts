import { Injectable, Logger } from '@nestjs/common';
import { TWO_FACTOR_MESSAGES } from '@portal/contracts';
import { RateLimiter } from '@portal/http';
import type { DataSource } from 'typeorm';
import { InjectDataSource } from '@nestjs/typeorm';
import { SecurityNotices, type NoticeRecipient } from '../account-security/security-notices';
import { RATE_LIMITS } from '../common/rate-limits';

/**
 * Wrong second-factor codes of one account, from every address: whoever gives them knows the password.
 * The sign-in throttle lets such a person spread about a hundred guesses an hour over many addresses; at
 * RATE_LIMITS.wrongCodesPerAccount.points in a day, six-digit codes are refused for the rest of the day
 * (a recovery code still works: far too many to guess), and the owner is told once, with the advice to
 * change the password. A new password (a reset, a change) forgets the count: the guesser lost it.
 */
@Injectable()
export class WrongCodes {
  private readonly logger = new Logger(WrongCodes.name);

  constructor(
    private readonly limiter: RateLimiter,
    private readonly notices: SecurityNotices,
    @InjectDataSource('identity') private readonly dataSource: DataSource,
  ) {}

  /** Throws 429 (with Retry-After) when the account's six-digit codes are refused for now. */
  async refuseWhenTooMany(userId: string): Promise<void> {
    await this.limiter.check(RATE_LIMITS.wrongCodesPerAccount, userId, TWO_FACTOR_MESSAGES.tooManyCodes);
  }

  /** Counts a wrong code (or recovery code); the one that reaches the limit tells the owner. */
  async failed(user: NoticeRecipient & { id: string }, clientIp: string | null): Promise<void> {
    const count = await this.limiter.record(RATE_LIMITS.wrongCodesPerAccount, user.id);
    if (count !== RATE_LIMITS.wrongCodesPerAccount.points) return;
    this.logger.warn(`user ${user.id}: ${count} wrong two-factor codes in a day; six-digit codes refused for now`);
    await this.dataSource.transaction((manager) =>
      this.notices.queue(manager, user, 'two-factor-codes-refused', clientIp),
    );
  }

  /** The password changed: the count starts again. */
  async forget(userId: string): Promise<void> {
    await this.limiter.reset(RATE_LIMITS.wrongCodesPerAccount, userId);
  }
}
