import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MESSAGES } from '../../common/messages';
import { IsEmailAddress, RequiredText, Trim } from '@portal/http';

export class EmailDto {
  @ApiProperty({ example: 'jane@example.com' })
  @Trim()
  @IsEmailAddress()
  email: string;
}

export class ConfirmVerificationDto {
  @ApiProperty({ description: 'The token of the link, or the code pasted from the mail' })
  @Trim()
  @RequiredText({
    required: 'Please enter the verification code',
    maxLength: 512,
    tooLong: MESSAGES.invalidVerificationToken,
  })
  token: string;
}

export class VerificationStatusResponse {
  @ApiProperty()
  email: string;

  @ApiProperty()
  is_verified: boolean;
}

export class VerificationConfirmedResponse {
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
