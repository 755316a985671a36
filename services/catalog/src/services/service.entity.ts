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
import type { BillingCycle } from '@portal/contracts';
import { ServiceCategory } from './service-category.entity';

/**
 * Something the firm sells. A package (what /subscriptions/packages/{id} serves) is a
 * service billed monthly; the others are bought once. One table, one id space: the
 * service pages list both side by side, and a package link carries a service id.
 */
@Entity({ name: 'services' })
@Unique('services_slug_key', ['slug'])
@Check('services_amount_cents_check', 'amount_cents >= 0')
@Check('services_currency_check', "currency ~ '^[a-z]{3}$'")
@Check('services_billing_cycle_check', "billing_cycle IN ('monthly')")
@Check('services_attributes_check', "jsonb_typeof(attributes) = 'object'")
@Index('services_category_position_idx', ['category', 'position'])
export class Service {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'services_pkey' })
  id: string;

  /** Natural key of content migrations. */
  @Column({ type: 'text' })
  slug: string;

  @Column({ type: 'text' })
  category: string;

  /**
   * The same column, as the category row (joined in the one query that lists services).
   * Renaming a category renames it here too.
   */
  @ManyToOne(() => ServiceCategory, { nullable: false, onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'category', referencedColumnName: 'name', foreignKeyConstraintName: 'services_category_fkey' })
  categoryInfo?: ServiceCategory;

  @Column({ type: 'text' })
  provider: string;

  @Column({ type: 'text' })
  title: string;

  /** For people: '$299/month', '$1,500+/month', 'Custom quote'. */
  @Column({ type: 'text' })
  price: string;

  /** What a purchase or one month of the subscription costs; null when the price is quoted. */
  @Column({ type: 'integer', nullable: true })
  amountCents: number | null;

  @Column({ type: 'text', default: 'usd' })
  currency: string;

  /** 'monthly' for packages (subscriptions), null for one-time services. */
  @Column({ type: 'text', nullable: true })
  billingCycle: BillingCycle | null;

  @Column({ type: 'text' })
  description: string;

  /** Feature name → value, as text ('3', 'Unlimited', 'N/A'). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  attributes: Record<string, string>;

  @Column({ type: 'integer' })
  position: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
