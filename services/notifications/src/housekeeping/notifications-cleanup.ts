import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import type { HousekeepingTask } from '@portal/events';
import { createStorage, UnreferencedObjectsCleanup } from '@portal/storage';
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

/** How old a résumé without its application must be before it is removed: far past any upload under way. */
export const ORPHANED_RESUME_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Résumés (`resumes/<message id>`) no job application points to: stored before the application's row,
 * whose transaction then failed and whose removal failed too, or a crash between the two. Nobody can
 * download them, and a résumé is personal data: they must not stay in storage for good.
 */
@Injectable()
export class OrphanedResumesCleanup extends UnreferencedObjectsCleanup implements HousekeepingTask {
  readonly name = 'résumés without an application';
  protected readonly prefixes = ['resumes'];
  protected readonly graceMs = ORPHANED_RESUME_GRACE_MS;

  constructor(@InjectDataSource('notifications') dataSource: DataSource, config: AppConfig) {
    super(createStorage(config), dataSource, `SELECT resume_key AS key FROM messages WHERE resume_key = ANY($1)`);
  }
}
