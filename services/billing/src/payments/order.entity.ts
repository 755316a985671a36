import type { PurchaseKind } from '@portal/contracts';
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
import { Customer } from '../customers/customer.entity';

export type OrderStatus = 'pending' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';

/**
 * A one-time purchase (a service or a filing). Written before Stripe is called, keyed by the user and the
 * Idempotency-Key of the checkout attempt: the same key finds the same order, and its PaymentIntent is
 * created with the idempotency key `order-<id>`, so an attempt is charged at most once.
 */
@Entity({ name: 'orders' })
@Unique('orders_user_id_idempotency_key_key', ['userId', 'idempotencyKey'])
@Unique('orders_stripe_payment_intent_id_key', ['stripePaymentIntentId'])
// Newest first (DESC): TypeORM cannot declare a column's order; the migration defines it.
@Index('orders_user_paid_at_idx', { synchronize: false })
@Check('orders_kind_check', `kind IN ('service', 'form')`)
@Check('orders_amount_cents_check', `amount_cents >= 50`)
@Check('orders_currency_check', `currency ~ '^[a-z]{3}$'`)
@Check(
  'orders_status_check',
  `status IN ('pending', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled')`,
)
@Check('orders_paid_check', `(status = 'succeeded') = (paid_at IS NOT NULL)`)
@Check('orders_refunded_cents_check', `refunded_cents BETWEEN 0 AND amount_cents`)
@Check('orders_refunded_check', `(refunded_cents > 0) = (refunded_at IS NOT NULL)`)
@Check('orders_idempotency_key_check', `idempotency_key ~ '^[A-Za-z0-9._:-]{8,255}$'`)
export class Order {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'orders_pkey' })
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'uuid' })
  customerId: string;

  @ManyToOne(() => Customer, { nullable: false })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'orders_customer_id_fkey' })
  customer?: Customer;

  @Column({ type: 'text' })
  idempotencyKey: string;

  @Column({ type: 'text' })
  kind: PurchaseKind;

  /** The catalog's service or filing form id. */
  @Column({ type: 'uuid' })
  itemId: string;

  /** Its title or form name when bought. */
  @Column({ type: 'text' })
  itemName: string;

  /** The catalog's price when bought; what is charged. */
  @Column({ type: 'integer' })
  amountCents: number;

  @Column({ type: 'text' })
  currency: string;

  @Column({ type: 'text' })
  paymentMethodId: string;

  @Column({ type: 'text', default: 'pending' })
  status: OrderStatus;

  @Column({ type: 'text', nullable: true })
  stripePaymentIntentId: string | null;

  @Column({ type: 'text', nullable: true })
  cardBrand: string | null;

  @Column({ type: 'text', nullable: true })
  cardLast4: string | null;

  /** The provider's message of a declined payment. */
  @Column({ type: 'text', nullable: true })
  failureMessage: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  receiptQueuedAt: Date | null;

  /** What Stripe has refunded of the charge so far (staff refund from its dashboard); 0 when nothing. */
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
