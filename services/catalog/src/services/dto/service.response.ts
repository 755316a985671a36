import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BILLING_CYCLES, type BillingCycle, type PackageReply, type ServiceReply } from '@portal/contracts';

const ATTRIBUTES = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description: "Feature name → value, as text, in the category's attribute order",
  example: { Trial: '3', 'Bank/CC Reconciliations': 'Up to 3' },
} as const;

export class ServiceResponse implements ServiceReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'bookkeeping-starter', description: 'Stable across environments' })
  slug: string;

  @ApiProperty({ example: 'accounting-team' })
  provider: string;

  @ApiProperty({ example: 'Books' })
  category: string;

  @ApiProperty({ example: 'Starter Bookkeeping' })
  title: string;

  @ApiProperty({ example: '$299/month', description: 'For people; may be a range or a quote' })
  price: string;

  @ApiProperty({ ...ATTRIBUTES })
  attributes: Record<string, string>;

  @ApiProperty()
  description: string;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    example: 29900,
    description: 'What one purchase or one month costs, in cents; null when the price is quoted',
  })
  amount_cents: number | null;

  @ApiProperty({ example: 'usd' })
  currency: string;

  @ApiPropertyOptional({
    enum: BILLING_CYCLES,
    nullable: true,
    description: "'monthly' for packages (subscribe), null for one-time services (purchase)",
  })
  billing_cycle: BillingCycle | null;
}

export class PackageResponse implements PackageReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'bookkeeping-starter' })
  slug: string;

  @ApiProperty({ example: 'Starter Bookkeeping' })
  title: string;

  @ApiProperty({ example: '$299/month' })
  price: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ ...ATTRIBUTES })
  attributes: Record<string, string>;

  @ApiProperty({ example: 'Books' })
  category: string;

  @ApiProperty({ example: 'accounting-team' })
  provider: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, example: 29900, description: 'Monthly amount in cents' })
  amount_cents: number | null;

  @ApiProperty({ example: 'usd' })
  currency: string;

  @ApiProperty({ enum: BILLING_CYCLES })
  billing_cycle: BillingCycle;

  @ApiProperty({ example: 3, description: "The Trial attribute in months; 0 when it is 'N/A' or '0'" })
  trial_months: number;

  @ApiProperty({ example: 90, description: 'trial_months × 30' })
  trial_period_days: number;
}
