import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { NAME_MAX_LENGTH, NAME_MESSAGES, type RegisterReply, type RegisterRequest } from '@portal/contracts';
import { EMAIL_MAX_LENGTH, EqualsProperty, IsEmailAddress, RequiredText, Trim } from '@portal/http';
import { IsNewPassword } from '../../users/password-rules';

export const FirstName = () =>
  RequiredText({
    required: NAME_MESSAGES.firstNameRequired,
    maxLength: NAME_MAX_LENGTH,
    tooLong: NAME_MESSAGES.firstNameTooLong,
  });
export const LastName = () =>
  RequiredText({
    required: NAME_MESSAGES.lastNameRequired,
    maxLength: NAME_MAX_LENGTH,
    tooLong: NAME_MESSAGES.lastNameTooLong,
  });

/** The sign-up form. Role and user type are not fields: no request can choose them. */
export class RegisterDto implements RegisterRequest {
  @ApiProperty({ example: 'jane@example.com' })
  @Trim()
  @IsEmailAddress()
  email: string;

  @ApiProperty({ description: 'At least 8 characters, with a digit and a special character', example: 'S3cure!pass' })
  @IsNewPassword()
  password: string;

  @ApiPropertyOptional({ description: 'Must equal password when given' })
  @IsOptional()
  @EqualsProperty('password', { message: 'Passwords do not match' })
  confirmPassword?: string;

  @ApiProperty({ example: 'Jane', maxLength: NAME_MAX_LENGTH })
  @Trim()
  @FirstName()
  first_name: string;

  @ApiProperty({ example: 'Doe', maxLength: NAME_MAX_LENGTH })
  @Trim()
  @LastName()
  last_name: string;

  @ApiPropertyOptional({ description: 'Sent by the web as the e-mail; accepted and ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(EMAIL_MAX_LENGTH)
  username?: string;
}

export class RegisterResponse implements RegisterReply {
  @ApiProperty({ format: 'uuid' })
  user_id: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ example: false })
  is_verified: boolean;

  @ApiProperty({ example: 'Registration successful. Please check your email to verify your account.' })
  message: string;
}
