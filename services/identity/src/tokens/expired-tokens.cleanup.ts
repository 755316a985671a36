import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { HousekeepingTask } from '@portal/events';
import { DataSource } from 'typeorm';

/**
 * E-mail tokens (verification, password reset) that expired, were used or were replaced more than the
 * retention ago: they can never be used again, and a week of them is enough to answer "my link says
 * it was already used". Run by identity's own daily clean-up job.
 */
@Injectable()
export class ExpiredTokensCleanup implements HousekeepingTask {
  readonly name = 'expired or used e-mail tokens';

  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  async run(cutoff: Date): Promise<number> {
    const [, removed] = (await this.dataSource.query(
      `DELETE FROM user_tokens WHERE expires_at < $1 OR used_at < $1 OR invalidated_at < $1`,
      [cutoff],
    )) as [unknown, number];
    return removed;
  }
}
