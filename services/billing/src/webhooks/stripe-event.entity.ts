import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A webhook event as Stripe signed it, stored once by its id (a redelivery is acknowledged and ignored)
 * and handed to the stripe-events queue in the same transaction. The worker marks it processed.
 */
@Entity({ name: 'stripe_events' })
@Index('stripe_events_unprocessed_idx', ['receivedAt'], { where: 'processed_at IS NULL' })
@Check('stripe_events_id_check', `id ~ '^evt_[A-Za-z0-9]+$'`)
@Check('stripe_events_payload_check', `jsonb_typeof(payload) = 'object'`)
export class StripeEvent {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'stripe_events_pkey' })
  id: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ type: 'boolean' })
  livemode: boolean;

  @Column({ type: 'text', nullable: true })
  apiVersion: string | null;

  @Column({ type: 'timestamptz' })
  stripeCreatedAt: Date;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  processedAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;
}
