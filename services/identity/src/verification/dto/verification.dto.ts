import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  ConfirmVerificationRequest,
  EmailRequest,
  VerificationConfirmedReply,
  VerificationStatusQuery,
  VerificationStatusReply,
} from '@portal/contracts';
import { MESSAGES } from '../../common/messages';
import { IsEmailAddress, RequiredText, Trim } from '@portal/http';

/** The body of the verification request and of forgot-password, and the status query. */
export class EmailDto implements EmailRequest, VerificationStatusQuery {
  @ApiProperty({ example: 'jane@example.com' })
  @Trim()
  @IsEmailAddress()
  email: string;
}

export class ConfirmVerificationDto implements ConfirmVerificationRequest {
  @ApiProperty({ description: 'The token of the link, or the code pasted from the mail' })
  @Trim()
  @RequiredText({
    required: 'Please enter the verification code',
    maxLength: 512,
    tooLong: MESSAGES.invalidVerificationToken,
  })
  token: string;
}

export class VerificationStatusResponse implements VerificationStatusReply {
  @ApiProperty()
  email: string;

  @ApiProperty()
  is_verified: boolean;
}

export class VerificationConfirmedResponse implements VerificationConfirmedReply {
  @ApiProperty({ example: 'Email verified successfully!' })
  message: string;

  @ApiProperty({ format: 'uuid' })
  user_id: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ example: true })
  is_verified: true;

  @ApiPropertyOptional({
    description: "When the request carried the same user's token: a new one whose is_verified claim is true",
  })
  access_token?: string;

  @ApiPropertyOptional({ example: 'bearer' })
  token_type?: 'bearer';
}
