import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';

export type DeadlineSubscriptionStatus = 'subscribed' | 'unsubscribed';

/**
 * One address signed up for deadline reminders (unique by lower(email)). Unsubscribing keeps the row
 * (the reminders sent refer to it) and is final until the person subscribes again.
 */
@Entity({ name: 'deadline_subscriptions' })
@Unique('deadline_subscriptions_token_key', ['unsubscribeTokenHash'])
@Index('deadline_subscriptions_email_key', { synchronize: false }) // UNIQUE (lower(email))
// The staff inbox's pages, (subscribed_at DESC, id DESC), and the same over open items only (WHERE handled_at IS
// NULL): TypeORM cannot declare a column's order; the migration InboxKeysetIndexes defines them.
@Index('deadline_subscriptions_subscribed_at_id_idx', { synchronize: false })
@Index('deadline_subscriptions_open_idx', { synchronize: false })
@Check('deadline_subscriptions_status_check', `status IN ('subscribed', 'unsubscribed')`)
@Check('deadline_subscriptions_unsubscribed_check', `(status = 'unsubscribed') = (unsubscribed_at IS NOT NULL)`)
@Check('deadline_subscriptions_email_check', 'char_length(email) <= 254')
export class DeadlineSubscription {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'deadline_subscriptions_pkey' })
  id: string;

  /** As the subscriber typed it (trimmed); compared in lower case. */
  @Column({ type: 'text' })
  email: string;

  /** The address the latest sign-up came from, as the server saw it (never the body's ip_address). */
  @Column({ type: 'inet', nullable: true })
  ipAddress: string | null;

  @Column({ type: 'text', default: 'subscribed' })
  status: DeadlineSubscriptionStatus;

  /** SHA-256 of the token in the latest welcome mail's unsubscribe link. */
  @Column({ type: 'text' })
  unsubscribeTokenHash: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  subscribedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  unsubscribedAt: Date | null;

  /** Marked handled in the staff inbox. */
  @Column({ type: 'timestamptz', nullable: true })
  handledAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
