import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import {
  MESSAGE_LIMITS,
  MESSAGE_TYPES,
  type CreateMessageReply,
  type CreateMessageRequest,
  type MessageType,
} from '@portal/contracts';
import {
  BlankToUndefined,
  EMAIL_MAX_LENGTH,
  IsEmailAddress,
  IsOptionalPhone,
  OptionalText,
  RequiredText,
  Trim,
  textMessages,
} from '@portal/http';

/** The contact page, the Send Us a Message / Book a Call modal and the perk form all send this. */
export class CreateMessageDto implements CreateMessageRequest {
  @ApiProperty({ example: 'Jane Doe', maxLength: MESSAGE_LIMITS.name })
  @Trim()
  @RequiredText(textMessages('Name', MESSAGE_LIMITS.name))
  name: string;

  @ApiProperty({ example: 'jane@example.com', maxLength: EMAIL_MAX_LENGTH })
  @Trim()
  @IsEmailAddress()
  email: string;

  @ApiPropertyOptional({ example: '+1 (919) 555-0142' })
  @Trim()
  @BlankToUndefined()
  @IsOptionalPhone()
  phone?: string;

  @ApiProperty({ example: 'I need assistance with Annual Report.', maxLength: MESSAGE_LIMITS.message })
  @RequiredText(textMessages('Message', MESSAGE_LIMITS.message))
  message: string;

  @ApiPropertyOptional({
    example: 'Question about LLC formation',
    maxLength: MESSAGE_LIMITS.subject,
    description: 'Required for type contact_form (the contact page asks for it).',
  })
  @Trim()
  @BlankToUndefined()
  @OptionalText(textMessages('Subject', MESSAGE_LIMITS.subject))
  @RequiredText({ ...textMessages('Subject', MESSAGE_LIMITS.subject), when: (body) => body.type === 'contact_form' })
  subject?: string;

  @ApiPropertyOptional({ enum: MESSAGE_TYPES, default: 'general' })
  @BlankToUndefined()
  @IsOptional()
  @IsIn(MESSAGE_TYPES, { message: `Type must be one of ${MESSAGE_TYPES.join(', ')}` })
  type?: MessageType;

  @ApiPropertyOptional({ example: 'website_contact_page', maxLength: MESSAGE_LIMITS.source })
  @Trim()
  @BlankToUndefined()
  @OptionalText(textMessages('Source', MESSAGE_LIMITS.source))
  source?: string;
}

export class CreateMessageResponse implements CreateMessageReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Your message has been sent successfully!' })
  message: string;
}
