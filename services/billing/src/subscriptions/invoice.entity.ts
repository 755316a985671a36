import type { InvoiceStatus } from '@portal/contracts';
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
  UpdateDateColumn,
} from 'typeorm';
import { Subscription } from './subscription.entity';

/** A subscription's invoice as Stripe last showed it (amounts in cents, as Stripe gives them). */
@Entity({ name: 'invoices' })
@Unique('invoices_stripe_invoice_id_key', ['stripeInvoiceId'])
// Newest first (DESC): TypeORM cannot declare a column's order; the migration defines it.
@Index('invoices_subscription_id_idx', { synchronize: false })
// Newest first (DESC): TypeORM cannot declare a column's order; the migration defines it.
@Index('invoices_user_paid_at_idx', { synchronize: false })
@Check('invoices_status_check', `status IN ('draft', 'open', 'paid', 'uncollectible', 'void')`)
@Check('invoices_amounts_check', `amount_due >= 0 AND amount_paid >= 0`)
@Check('invoices_currency_check', `currency ~ '^[a-z]{3}$'`)
@Check('invoices_attempts_check', `attempt_count >= 0 AND failure_notified_attempts >= 0`)
@Check('invoices_refunded_cents_check', `refunded_cents >= 0`)
@Check('invoices_refunded_check', `(refunded_cents > 0) = (refunded_at IS NOT NULL)`)
export class Invoice {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'invoices_pkey' })
  id: string;

  @Column({ type: 'text' })
  stripeInvoiceId: string;

  @Column({ type: 'uuid' })
  subscriptionId: string;

  @ManyToOne(() => Subscription, { nullable: false })
  @JoinColumn({ name: 'subscription_id', foreignKeyConstraintName: 'invoices_subscription_id_fkey' })
  subscription?: Subscription;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'text', nullable: true })
  number: string | null;

  @Column({ type: 'text' })
  status: InvoiceStatus;

  /** subscription_create, subscription_cycle, ... */
  @Column({ type: 'text', nullable: true })
  billingReason: string | null;

  @Column({ type: 'integer' })
  amountDue: number;

  @Column({ type: 'integer' })
  amountPaid: number;

  @Column({ type: 'text' })
  currency: string;

  @Column({ type: 'integer', default: 0 })
  attemptCount: number;

  @Column({ type: 'timestamptz', nullable: true })
  nextPaymentAttempt: Date | null;

  @Column({ type: 'text', nullable: true })
  hostedInvoiceUrl: string | null;

  @Column({ type: 'text', nullable: true })
  invoicePdf: string | null;

  /** The service period the invoice bills (its line's period). */
  @Column({ type: 'timestamptz', nullable: true })
  periodStart: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  periodEnd: Date | null;

  @Column({ type: 'timestamptz' })
  stripeCreatedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @Column({ type: 'text', nullable: true })
  cardBrand: string | null;

  @Column({ type: 'text', nullable: true })
  cardLast4: string | null;

  /** Set with the receipt mail, in the same transaction: one receipt per paid invoice. */
  @Column({ type: 'timestamptz', nullable: true })
  receiptQueuedAt: Date | null;

  /** The payment attempts already mailed about: one failure mail per failed attempt. */
  @Column({ type: 'integer', default: 0 })
  failureNotifiedAttempts: number;

  /** What Stripe has refunded of the invoice's charge so far (staff refund from its dashboard); 0 when nothing. */
  @Column({ type: 'integer', default: 0 })
  refundedCents: number;

  /** When the latest refund was made; null while nothing is refunded. */
  @Column({ type: 'timestamptz', nullable: true })
  refundedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
