import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { HousekeepingTask } from '@portal/events';
import { DataSource } from 'typeorm';

/**
 * Delivery records of mails sent before the retention: they only guard against a job id being sent
 * twice, and past the retention the job itself is gone from its queue.
 */
@Injectable()
export class MailDeliveriesCleanup implements HousekeepingTask {
  readonly name = 'mail delivery records';

  constructor(@InjectDataSource('notifications') private readonly dataSource: DataSource) {}

  async run(cutoff: Date): Promise<number> {
    const [, removed] = (await this.dataSource.query(`DELETE FROM mail_deliveries WHERE delivered_at < $1`, [
      cutoff,
    ])) as [unknown, number];
    return removed;
  }
}

/** How long reminders are kept after their deadline: their unsubscribe links keep working that long. */
export const REMINDER_RETENTION_DAYS = 365;

/**
 * Reminders of deadlines more than REMINDER_RETENTION_DAYS past: no run sends a reminder for a past
 * deadline, so their once-only keys are no longer needed.
 */
@Injectable()
export class PastRemindersCleanup implements HousekeepingTask {
  readonly name = 'reminders of long-past deadlines';

  constructor(@InjectDataSource('notifications') private readonly dataSource: DataSource) {}

  async run(_cutoff: Date, now: Date): Promise<number> {
    const [, removed] = (await this.dataSource.query(
      `DELETE FROM deadline_reminders WHERE deadline_date < ($1::timestamptz AT TIME ZONE 'UTC')::date - $2::int`,
      [now, REMINDER_RETENTION_DAYS],
    )) as [unknown, number];
    return removed;
  }
}
