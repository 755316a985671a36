import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

export type SuppressionReason = 'bounce' | 'complaint';

/**
 * An address SES told us not to mail (its bounce and complaint feedback, through SNS): after a permanent
 * bounce it gets no mail at all; after a complaint, no list mail (it still gets what it asks for, a reset).
 * Staff remove a row to mail the address again.
 */
@Entity({ name: 'mail_suppressions' })
@Check('mail_suppressions_address_check', 'address = lower(address)')
@Check('mail_suppressions_reason_check', `reason IN ('bounce', 'complaint')`)
export class MailSuppression {
  /** Lower case: one row per address however it was written. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'mail_suppressions_pkey' })
  address: string;

  /** A bounce outranks a complaint: a complaint about a bounced address leaves it bounced. */
  @Column({ type: 'text' })
  reason: SuppressionReason;

  /** SES's bounceSubType (General, NoEmail, ...) or complaintFeedbackType (abuse, ...), when it gave one. */
  @Column({ type: 'text', nullable: true })
  detail: string | null;

  /** The receiving server's answer to the bounced mail (SES's diagnosticCode), truncated. */
  @Column({ type: 'text', nullable: true })
  diagnosticCode: string | null;

  @Column({ type: 'timestamptz' })
  firstSeenAt: Date;

  @Column({ type: 'timestamptz' })
  lastSeenAt: Date;

  /** The SNS MessageId of the latest notification about the address. */
  @Column({ type: 'text' })
  snsMessageId: string;
}
