import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { Order } from '../payments/order.entity';
import { Invoice } from '../subscriptions/invoice.entity';

/** An inquiry (warning_* statuses: no money taken yet) or a chargeback. */
export type DisputeKind = 'inquiry' | 'chargeback';

/**
 * A dispute of a charge (a chargeback, or an inquiry) as Stripe last showed it, against the order or the
 * subscription invoice the charge paid; neither when the charge is not one of ours (staff are told anyway).
 */
@Entity({ name: 'disputes' })
@Unique('disputes_stripe_dispute_id_key', ['stripeDisputeId'])
@Check('disputes_owner_check', `order_id IS NULL OR invoice_id IS NULL`)
@Check('disputes_amount_check', `amount_cents >= 0`)
@Check('disputes_currency_check', `currency ~ '^[a-z]{3}$'`)
@Check(
  'disputes_alerted_as_check',
  `(alerted_as IS NULL) = (alert_queued_at IS NULL) AND alerted_as IN ('inquiry', 'chargeback')`,
)
export class Dispute {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'disputes_pkey' })
  id: string;

  @Column({ type: 'text' })
  stripeDisputeId: string;

  @Column({ type: 'text' })
  stripeChargeId: string;

  @Column({ type: 'text', nullable: true })
  stripePaymentIntentId: string | null;

  @Column({ type: 'uuid', nullable: true })
  orderId: string | null;

  @ManyToOne(() => Order, { nullable: true })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'disputes_order_id_fkey' })
  order?: Order | null;

  @Column({ type: 'uuid', nullable: true })
  invoiceId: string | null;

  @ManyToOne(() => Invoice, { nullable: true })
  @JoinColumn({ name: 'invoice_id', foreignKeyConstraintName: 'disputes_invoice_id_fkey' })
  invoice?: Invoice | null;

  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  /** What the bank holds back, in cents (the charge's amount less what was refunded before). */
  @Column({ type: 'integer' })
  amountCents: number;

  @Column({ type: 'text' })
  currency: string;

  /** Stripe's reason: fraudulent, product_not_received, duplicate, ... */
  @Column({ type: 'text' })
  reason: string;

  /** Stripe's status: warning_needs_response, needs_response, under_review, won, lost, warning_closed, ... */
  @Column({ type: 'text' })
  status: string;

  /** The hard deadline for evidence (Stripe's evidence_details.due_by); null once none is asked. */
  @Column({ type: 'timestamptz', nullable: true })
  evidenceDueBy: Date | null;

  @Column({ type: 'timestamptz' })
  stripeCreatedAt: Date;

  /** Set with the staff alert, in the same transaction: one alert per dispute. */
  @Column({ type: 'timestamptz', nullable: true })
  alertQueuedAt: Date | null;

  /** What that alert (or the later one when an inquiry became a chargeback) said it was. */
  @Column({ type: 'text', nullable: true })
  alertedAs: DisputeKind | null;

  /** Set with the note that it was closed (won, lost), in the same transaction: one note per dispute. */
  @Column({ type: 'timestamptz', nullable: true })
  outcomeQueuedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
