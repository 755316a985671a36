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

export type NewsletterStatus = 'subscribed' | 'unsubscribed';

/**
 * One address on the newsletter list (unique by lower(email)). Unsubscribing keeps the row and is final until the
 * person confirms a new subscribe from the mail it sends (see resubscribeTokenHash).
 */
@Entity({ name: 'newsletter_subscriptions' })
@Unique('newsletter_subscriptions_token_key', ['unsubscribeTokenHash'])
@Unique('newsletter_subscriptions_resubscribe_token_key', ['resubscribeTokenHash'])
@Check('newsletter_subscriptions_status_check', "status IN ('subscribed', 'unsubscribed')")
@Check('newsletter_subscriptions_unsubscribed_check', "(status = 'unsubscribed') = (unsubscribed_at IS NOT NULL)")
@Check(
  'newsletter_subscriptions_resubscribe_check',
  'resubscribe_token_hash IS NULL OR resubscribe_requested_at IS NOT NULL',
)
// Unique on lower(email): an expression TypeORM cannot declare; the migration defines it.
@Index('newsletter_subscriptions_email_key', { synchronize: false })
// The staff inbox's pages, (subscribed_at DESC, id DESC), and the same over open items only (WHERE handled_at IS
// NULL): TypeORM cannot declare a column's order; the migration InboxKeysetIndexes defines them.
@Index('newsletter_subscriptions_subscribed_at_id_idx', { synchronize: false })
@Index('newsletter_subscriptions_open_idx', { synchronize: false })
export class NewsletterSubscription {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'newsletter_subscriptions_pkey' })
  id: string;

  /** As the subscriber typed it (trimmed); compared in lower case. */
  @Column({ type: 'text' })
  email: string;

  /** Where the sign-up came from, e.g. website_footer. */
  @Column({ type: 'text' })
  source: string;

  @Column({ type: 'text', default: 'subscribed' })
  status: NewsletterStatus;

  /** SHA-256 of the token in the latest welcome mail's unsubscribe link. */
  @Column({ type: 'text' })
  unsubscribeTokenHash: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  subscribedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  unsubscribedAt: Date | null;

  /**
   * SHA-256 of the token in the link mailed to confirm a subscribe of this address while it was unsubscribed
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
