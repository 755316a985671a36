import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import type {
  DeadlineAlertRunReply,
  DeadlineAlertRunRequest,
  DeadlineSubscribeReply,
  DeadlineSubscribeRequest,
} from '@portal/contracts';
import { BlankToUndefined, EMAIL_MAX_LENGTH, IsEmailAddress, Trim } from '@portal/http';
import { isIsoDate } from '../due-dates';

/** The sign-up's own words (spec part 2, section 5). */
export const DEADLINE_EMAIL_MESSAGES = {
  required: 'Please enter your business email',
  invalid: 'Please enter a valid email address',
} as const;

export class DeadlineSubscribeDto implements DeadlineSubscribeRequest {
  @ApiProperty({ example: 'founder@company.com', maxLength: EMAIL_MAX_LENGTH })
  @Trim()
  @IsEmailAddress(DEADLINE_EMAIL_MESSAGES)
  email: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: null,
    description: 'Sent as null; ignored: the server records the address the request came from',
  })
  @IsOptional()
  ip_address?: null;
}

export class DeadlineSubscribeResponse implements DeadlineSubscribeReply {
  @ApiProperty({ example: "Thanks for subscribing! You'll receive deadline reminders soon." })
  message: string;
}

export class DeadlineAlertRunDto implements DeadlineAlertRunRequest {
  @ApiPropertyOptional({ example: '2026-12-08', description: 'The day to run for; outside production only' })
  @Trim()
  @BlankToUndefined()
  @IsOptional()
  @ValidateBy(
    { name: 'isIsoDate', validator: { validate: isIsoDate } },
    { message: 'as_of must be a date written YYYY-MM-DD' },
  )
  as_of?: string;
}

export class DeadlineAlertRunResponse implements DeadlineAlertRunReply {
  @ApiProperty({ example: '2026-12-08' })
  as_of: string;

  @ApiProperty({ example: [30, 7, 1], type: [Number] })
  offsets: number[];

  @ApiProperty({ example: 12 })
  reminders_queued: number;
}
