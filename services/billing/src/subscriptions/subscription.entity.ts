import type { SubscriptionStatus } from '@portal/contracts';
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

/** Before Stripe has answered: the row exists, the Stripe subscription may not. */
export type LocalSubscriptionStatus = 'pending' | SubscriptionStatus;

/** Statuses that hold the package: a second subscription of it is refused meanwhile. */
export const LIVE_STATUSES: readonly LocalSubscriptionStatus[] = [
  'pending',
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
];

/**
 * A monthly subscription to a package, mirroring Stripe's (status, periods, trial, cancellation) as the
 * webhooks and the API calls last saw it. The row is written before Stripe is called; its id is in the
 * Stripe subscription's metadata and in its idempotency key.
 */
@Entity({ name: 'subscriptions' })
@Unique('subscriptions_user_id_idempotency_key_key', ['userId', 'idempotencyKey'])
@Unique('subscriptions_stripe_subscription_id_key', ['stripeSubscriptionId'])
@Index('subscriptions_live_package_key', ['userId', 'packageId'], {
  unique: true,
  where: `status IN ('pending', 'incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'paused')`,
})
// Newest first (DESC): TypeORM cannot declare a column's order; the migration defines it.
@Index('subscriptions_user_id_idx', { synchronize: false })
@Check('subscriptions_amount_cents_check', `amount_cents >= 0`)
@Check('subscriptions_currency_check', `currency ~ '^[a-z]{3}$'`)
@Check(
  'subscriptions_status_check',
  `status IN ('pending', 'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')`,
)
@Check('subscriptions_trial_period_days_check', `trial_period_days BETWEEN 0 AND 730`)
@Check('subscriptions_requested_trial_days_check', `requested_trial_days >= 0`)
@Check('subscriptions_card_exp_month_check', `card_exp_month BETWEEN 1 AND 12`)
@Check('subscriptions_idempotency_key_check', `idempotency_key ~ '^[A-Za-z0-9._:-]{8,255}$'`)
@Check('subscriptions_refusal_status_check', `refusal_status BETWEEN 400 AND 599`)
export class Subscription {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'subscriptions_pkey' })
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'uuid' })
  customerId: string;

  @ManyToOne(() => Customer, { nullable: false })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'subscriptions_customer_id_fkey' })
  customer?: Customer;

  @Column({ type: 'text' })
  idempotencyKey: string;

  /** The catalog's package (a service billed monthly). */
  @Column({ type: 'uuid' })
  packageId: string;

  @Column({ type: 'text' })
  packageName: string;

  /** The monthly price when subscribed, from the catalog. */
  @Column({ type: 'integer' })
  amountCents: number;

  @Column({ type: 'text' })
  currency: string;

  /** The card the subscribe request named (part of what its Idempotency-Key stands for); card_* is the current one. */
  @Column({ type: 'text' })
  paymentMethodId: string;

  @Column({ type: 'text', default: 'pending' })
  status: LocalSubscriptionStatus;

  @Column({ type: 'text', nullable: true })
  stripeSubscriptionId: string | null;

  /** Days of trial granted (0: none). */
  @Column({ type: 'integer', default: 0 })
  trialPeriodDays: number;

  /**
   * Days of trial the subscribe request asked for, by the query rule (1 is 30), before the cap: part of
   * what its Idempotency-Key stands for. Null on rows written before it was kept (not compared).
   */
  @Column({ type: 'integer', nullable: true })
  requestedTrialDays: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  trialStart: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  trialEnd: Date | null;

  @Column({ type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  /** Why the customer cancelled, as typed. */
  @Column({ type: 'text', nullable: true })
  cancelReason: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  canceledAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  /** Stripe's start_date. */
  @Column({ type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  /** When it first was trialing or active: a subscription that never was is not shown, nor is its trial used. */
  @Column({ type: 'timestamptz', nullable: true })
  activatedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  currentPeriodStart: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  @Column({ type: 'text', nullable: true })
  cardBrand: string | null;

  @Column({ type: 'text', nullable: true })
  cardLast4: string | null;

  @Column({ type: 'integer', nullable: true })
  cardExpMonth: number | null;

  @Column({ type: 'integer', nullable: true })
  cardExpYear: number | null;

  /** The provider's message when the first payment was declined, or the detail of the first attempt's refusal. */
  @Column({ type: 'text', nullable: true })
  failureMessage: string | null;

  /** The status the first attempt was refused with (see failureMessage); null for a declined card (402). */
  @Column({ type: 'integer', nullable: true })
  refusalStatus: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
