import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { FilingFormReply } from '@portal/contracts';

export class FilingFormResponse implements FilingFormReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    example: 'fincen-form-114',
    description: 'form_name by the spec slug rule (parenthesised text removed, hyphens trimmed)',
  })
  slug: string;

  @ApiProperty({ example: 'FinCEN Form 114 (FBAR)' })
  form_name: string;

  @ApiProperty({ example: 'Report of Foreign Bank and Financial Accounts', description: 'The official title' })
  name: string;

  @ApiProperty()
  short_description: string;

  @ApiProperty()
  long_description: string;

  @ApiProperty({ example: 'Annual' })
  filing_frequency: string;

  @ApiProperty({ example: '$200', description: 'For people; government fees are billed at cost' })
  estimated_fee: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, example: 20000 })
  estimated_fee_cents: number | null;

  @ApiProperty({ example: 'usd' })
  currency: string;

  @ApiPropertyOptional({ type: 'string', format: 'date', nullable: true, example: '2027-04-15' })
  deadline_date: string | null;
}
