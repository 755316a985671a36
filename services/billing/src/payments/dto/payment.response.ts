import { ApiProperty } from '@nestjs/swagger';
import {
  PAYMENT_STATUSES,
  type CardSummary,
  type PaymentReply,
  type PaymentsConfigReply,
  type PaymentStatus,
  type PurchaseKind,
  type SetupIntentReply,
} from '@portal/contracts';

export class PaymentsConfigResponse implements PaymentsConfigReply {
  @ApiProperty()
  configured: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'pk_test_51...' })
  publishable_key: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'https://js.stripe.com/endive/stripe.js' })
  stripe_js_url: string | null;

  @ApiProperty()
  test_mode: boolean;
}

export class SetupIntentResponse implements SetupIntentReply {
  @ApiProperty({ example: 'seti_1Q0..._secret_...' })
  client_secret: string;
}

export class CardSummaryResponse implements CardSummary {
  @ApiProperty({ example: 'visa' })
  brand: string;

  @ApiProperty({ example: '4242' })
  last4: string;
}

class PaymentMethodSummary {
  @ApiProperty({ type: CardSummaryResponse })
  details: CardSummaryResponse;
}

export class PaymentResponse implements PaymentReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  order_id: string;

  @ApiProperty({ enum: ['service', 'form'] })
  kind: PurchaseKind;

  @ApiProperty({ enum: PAYMENT_STATUSES })
  status: PaymentStatus;

  @ApiProperty({ example: 399, description: 'Dollars' })
  amount: number;

  @ApiProperty({ example: 'usd' })
  currency: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  paid_at: string | null;

  @ApiProperty({ nullable: true, example: { id: '6f1c…', title: 'LLC Formation' } })
  service: { id: string; title: string } | null;

  @ApiProperty({ nullable: true, example: { id: '0b2a…', form_name: 'Annual Report' } })
  form: { id: string; form_name: string } | null;

  @ApiProperty({ type: PaymentMethodSummary, nullable: true })
  payment_method: PaymentMethodSummary | null;

  @ApiProperty({ type: String, nullable: true, description: 'Only with requires_action' })
  client_secret: string | null;
}
