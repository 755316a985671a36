import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A reminder run that finished: every reminder due up to its day went out. The next run reaches back
 * to the day after the latest one before its own (catchUpDays), so a schedule less often than daily
 * or an outage loses nothing; a run that fails records nothing, and the next one covers its days.
 */
@Entity({ name: 'deadline_reminder_runs' })
export class DeadlineReminderRun {
  /** 'YYYY-MM-DD': the day the run was for. */
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'deadline_reminder_runs_pkey' })
  runFor: string;

  /** When the latest run for that day finished. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  finishedAt: Date;
}
