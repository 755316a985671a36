import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/**
 * A user's one Stripe customer. The row is claimed before Stripe is called (stripe_customer_id still null),
 * and Stripe's customer is created with the idempotency key `customer-<user id>`, so concurrent first
 * payments of one user make one customer.
 */
@Entity({ name: 'customers' })
@Unique('customers_user_id_key', ['userId'])
@Unique('customers_stripe_customer_id_key', ['stripeCustomerId'])
@Check('customers_stripe_customer_id_check', `stripe_customer_id ~ '^cus_[A-Za-z0-9]+$'`)
export class Customer {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'customers_pkey' })
  id: string;

  /** Identity's user id (no foreign key across schemas). */
  @Column({ type: 'uuid' })
  userId: string;

  /** The account's e-mail (from the token): receipts go there. */
  @Column({ type: 'text' })
  email: string;

  /** The cardholder's name from the first card's billing details. */
  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text', nullable: true })
  stripeCustomerId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
