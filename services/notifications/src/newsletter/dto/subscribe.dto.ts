import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SubscribeReply, SubscribeRequest } from '@portal/contracts';
import { BlankToUndefined, EMAIL_MAX_LENGTH, IsEmailAddress, OptionalText, Trim, textMessages } from '@portal/http';

export const SOURCE_MAX_LENGTH = 100;
export const DEFAULT_NEWSLETTER_SOURCE = 'website';

export class SubscribeDto implements SubscribeRequest {
  @ApiProperty({ example: 'jane@example.com', maxLength: EMAIL_MAX_LENGTH })
  @Trim()
  @IsEmailAddress()
  email: string;

  @ApiPropertyOptional({ example: 'website_footer', maxLength: SOURCE_MAX_LENGTH, default: DEFAULT_NEWSLETTER_SOURCE })
  @Trim()
  @BlankToUndefined()
  @OptionalText(textMessages('Source', SOURCE_MAX_LENGTH))
  source?: string;
}

export class SubscribeResponse implements SubscribeReply {
  @ApiProperty({ example: 'Successfully subscribed!' })
  message: string;
}
