import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { DeadlineSubscription } from './deadline-subscription.entity';

/**
 * A reminder mailed (queued through the outbox in the same transaction). Its unique key (subscription,
 * filing, deadline, days before) is what keeps a reminder from going out twice, whatever runs overlap.
 */
@Entity({ name: 'deadline_reminders' })
@Unique('deadline_reminders_token_key', ['unsubscribeTokenHash'])
@Unique('deadline_reminders_once_key', ['subscriptionId', 'filingId', 'deadlineDate', 'daysBefore'])
@Index('deadline_reminders_deadline_date_idx', ['deadlineDate'])
@Check('deadline_reminders_days_before_check', 'days_before BETWEEN 1 AND 365')
@Check('deadline_reminders_run_for_check', 'run_for <= deadline_date')
export class DeadlineReminder {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'deadline_reminders_pkey' })
  id: string;

  @Column({ type: 'uuid' })
  subscriptionId: string;

  @ManyToOne(() => DeadlineSubscription, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'subscription_id', foreignKeyConstraintName: 'deadline_reminders_subscription_id_fkey' })
  subscription?: DeadlineSubscription;

  /** catalog's filing form id (read through catalog.filing_deadlines_read_only; no foreign key across services). */
  @Column({ type: 'uuid' })
  filingId: string;

  /** 'YYYY-MM-DD' */
  @Column({ type: 'date' })
  deadlineDate: string;

  /** The offset of DEADLINE_ALERT_DAYS this reminder is for. */
  @Column({ type: 'integer' })
  daysBefore: number;

  /** The day of the run that sent it (deadline − days before, or later when catching up: catchUpDays). */
  @Column({ type: 'date' })
  runFor: string;

  /** SHA-256 of the token in this mail's unsubscribe link. */
  @Column({ type: 'text' })
  unsubscribeTokenHash: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
