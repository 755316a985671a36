import { ApiProperty } from '@nestjs/swagger';
import {
  SUBSCRIPTION_STATUSES,
  type BillingCycle,
  type CreateSubscriptionReply,
  type InvoiceReply,
  type InvoicesReply,
  type InvoiceStatus,
  type SubscriptionPackage,
  type SubscriptionPaymentMethod,
  type SubscriptionReply,
  type SubscriptionStatus,
} from '@portal/contracts';
import { CardSummaryResponse } from '../../payments/dto/payment.response';

class SubscriptionPackageResponse implements SubscriptionPackage {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Starter Bookkeeping' })
  name: string;

  @ApiProperty({ example: 299, description: 'Dollars a month' })
  price: number;

  @ApiProperty({ enum: ['monthly'] })
  billing_cycle: BillingCycle;
}

class SubscriptionPaymentMethodResponse implements SubscriptionPaymentMethod {
  @ApiProperty({ example: 'visa' })
  brand: string;

  @ApiProperty({ example: '4242' })
  last4: string;

  @ApiProperty({ example: 12 })
  exp_month: number;

  @ApiProperty({ example: 2030 })
  exp_year: number;

  @ApiProperty({ type: CardSummaryResponse })
  details: CardSummaryResponse;
}

export class SubscriptionResponse implements SubscriptionReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  package_id: string;

  @ApiProperty()
  package_name: string;

  @ApiProperty({ enum: SUBSCRIPTION_STATUSES })
  status: SubscriptionStatus;

  @ApiProperty()
  has_trial: boolean;

  @ApiProperty({ description: 'Days of trial granted' })
  trial_period: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  trial_start_date: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  trial_end_date: string | null;

  @ApiProperty({ example: 299, description: 'Dollars a month' })
  price: number;

  @ApiProperty({ example: 'usd' })
  currency: string;

  @ApiProperty()
  cancel_at_period_end: boolean;

  @ApiProperty({ type: String, nullable: true })
  cancel_reason: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  canceled_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  ended_at: string | null;

  @ApiProperty({ format: 'date-time' })
  start_date: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  current_period_start: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  current_period_end: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  renewal_date: string | null;

  @ApiProperty({ type: SubscriptionPackageResponse })
  package: SubscriptionPackageResponse;

  @ApiProperty({ type: SubscriptionPaymentMethodResponse, nullable: true })
  payment_method: SubscriptionPaymentMethodResponse | null;

  @ApiProperty({ type: String, nullable: true })
  customer_name: string | null;

  @ApiProperty()
  customer_email: string;
}

export class CreateSubscriptionResponse extends SubscriptionResponse implements CreateSubscriptionReply {
  @ApiProperty({ description: "The first payment waits for the customer's 3-D Secure" })
  requires_action: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Only with requires_action' })
  client_secret: string | null;
}

export class InvoiceResponse implements InvoiceReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, nullable: true, example: 'A1B2C3D4-0001' })
  number: string | null;

  @ApiProperty({ format: 'date-time' })
  created: string;

  @ApiProperty({ example: 29900, description: 'Cents' })
  amount_paid: number;

  @ApiProperty({ example: 29900, description: 'Cents' })
  amount_due: number;

  @ApiProperty({ example: 'usd' })
  currency: string;

  @ApiProperty({ enum: ['draft', 'open', 'paid', 'uncollectible', 'void'] })
  status: InvoiceStatus;

  @ApiProperty({ type: String, nullable: true })
  invoice_pdf: string | null;

  @ApiProperty({ type: String, nullable: true })
  hosted_invoice_url: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  period_start: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  period_end: string | null;
}

export class InvoicesResponse implements InvoicesReply {
  @ApiProperty({ type: [InvoiceResponse] })
  invoices: InvoiceResponse[];

  @ApiProperty({ type: SubscriptionResponse })
  subscription: SubscriptionResponse;
}
