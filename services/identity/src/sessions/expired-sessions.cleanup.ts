import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { HousekeepingTask } from '@portal/events';
import { DataSource } from 'typeorm';

/**
 * Sign-ins whose tokens expired more than the retention ago: no list shows them any more (the audit
 * log keeps each sign-in). Run by identity's own daily clean-up job.
 */
@Injectable()
export class ExpiredSessionsCleanup implements HousekeepingTask {
  readonly name = 'expired sessions';

  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  async run(cutoff: Date): Promise<number> {
    const [, removed] = (await this.dataSource.query(`DELETE FROM sessions WHERE expires_at < $1`, [cutoff])) as [
      unknown,
      number,
    ];
    return removed;
  }
}
