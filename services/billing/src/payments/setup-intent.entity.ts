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

/** A card set up for a customer (the first step of every checkout); its status follows Stripe's webhooks. */
@Entity({ name: 'setup_intents' })
@Unique('setup_intents_stripe_setup_intent_id_key', ['stripeSetupIntentId'])
@Index('setup_intents_customer_id_idx', ['customerId'])
@Check(
  'setup_intents_status_check',
  `status IN ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled')`,
)
export class SetupIntentRecord {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'setup_intents_pkey' })
  id: string;

  @Column({ type: 'uuid' })
  customerId: string;

  @ManyToOne(() => Customer, { nullable: false })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'setup_intents_customer_id_fkey' })
  customer?: Customer;

  @Column({ type: 'text' })
  stripeSetupIntentId: string;

  @Column({ type: 'text' })
  status: string;

  @Column({ type: 'text', nullable: true })
  paymentMethodId: string | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
