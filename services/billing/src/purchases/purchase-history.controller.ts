import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '@portal/auth';
import type { PurchaseHistoryKind, PurchaseReply } from '@portal/contracts';
import { PurchaseHistoryService } from './purchase-history.service';

class PurchaseResponse implements PurchaseReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['subscription', 'service', 'form'] })
  kind: PurchaseHistoryKind;

  @ApiProperty({ example: 'succeeded', description: "'succeeded' (purchases) or 'paid' (subscription invoices)" })
  status: string;

  @ApiProperty({ example: 399, description: 'Dollars' })
  amount: number;

  @ApiProperty({ example: 'usd' })
  currency: string;

  @ApiProperty({ format: 'date-time', description: 'When it was paid' })
  created_at: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  billing_period_start: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  billing_period_end: string | null;

  @ApiProperty({ nullable: true, example: { name: 'Starter Bookkeeping' } })
  package: { name: string } | null;

  @ApiProperty({ nullable: true, example: { name: 'LLC Formation' } })
  service: { name: string } | null;

  @ApiProperty({ nullable: true, example: { form_name: 'Annual Report' } })
  form: { form_name: string } | null;

  @ApiProperty({ type: String, nullable: true })
  invoice_number: string | null;

  @ApiProperty({ nullable: true, example: { details: { brand: 'visa', last4: '4242' } } })
  payment_method: { details: { brand: string; last4: string } } | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 100,
    description: 'Dollars refunded so far (0 when none)',
  })
  amount_refunded: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the latest refund was made' })
  refunded_at: string | null;
}

@ApiTags('payments')
@Controller('profiles')
export class PurchaseHistoryController {
  constructor(private readonly purchases: PurchaseHistoryService) {}

  @Get('purchase-history')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "The user's purchases and subscription payments, newest first" })
  @ApiOkResponse({ type: [PurchaseResponse] })
  list(@CurrentUser() user: AuthUser): Promise<PurchaseReply[]> {
    return this.purchases.list(user.id);
  }
}
