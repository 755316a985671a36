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
 * (the reminders sent refer to it) and is final until the person confirms a new sign-up from the mail
 * it sends (see resubscribeTokenHash).
 */
@Entity({ name: 'deadline_subscriptions' })
@Unique('deadline_subscriptions_token_key', ['unsubscribeTokenHash'])
@Unique('deadline_subscriptions_resubscribe_token_key', ['resubscribeTokenHash'])
@Index('deadline_subscriptions_email_key', { synchronize: false }) // UNIQUE (lower(email))
// The staff inbox's pages, (subscribed_at DESC, id DESC), and the same over open items only (WHERE handled_at IS
// NULL): TypeORM cannot declare a column's order; the migration InboxKeysetIndexes defines them.
@Index('deadline_subscriptions_subscribed_at_id_idx', { synchronize: false })
@Index('deadline_subscriptions_open_idx', { synchronize: false })
@Check('deadline_subscriptions_status_check', `status IN ('subscribed', 'unsubscribed')`)
@Check('deadline_subscriptions_unsubscribed_check', `(status = 'unsubscribed') = (unsubscribed_at IS NOT NULL)`)
@Check('deadline_subscriptions_email_check', 'char_length(email) <= 254')
@Check(
  'deadline_subscriptions_resubscribe_check',
  'resubscribe_token_hash IS NULL OR resubscribe_requested_at IS NOT NULL',
)
export class DeadlineSubscription {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'deadline_subscriptions_pkey' })
  id: string;

  /** As the subscriber typed it (trimmed); compared in lower case. */
  @Column({ type: 'text' })
  email: string;

  /**
   * The address the latest sign-up, or the confirmation of one, came from, as the server saw it (never the
   * body's ip_address).
   */
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

  /**
   * SHA-256 of the token in the link mailed to confirm a sign-up of this address while it was unsubscribed
   * (anyone can sign an address up; only its owner can undo an unsubscribe). Cleared once confirmed.
   */
  @Column({ type: 'text', nullable: true })
  resubscribeTokenHash: string | null;

  /** When that link was mailed: it works for RESUBSCRIBE_LINK_DAYS, and one mail a day at most goes out. */
  @Column({ type: 'timestamptz', nullable: true })
  resubscribeRequestedAt: Date | null;

  /** Marked handled in the staff inbox. */
  @Column({ type: 'timestamptz', nullable: true })
  handledAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
