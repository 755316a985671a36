import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import type { ResetPasswordRequest } from '@portal/contracts';
import { EqualsProperty, RequiredText, Trim } from '@portal/http';
import { MESSAGES } from '../../common/messages';
import { IsNewPassword } from '../../users/password-rules';

export class ResetPasswordDto implements ResetPasswordRequest {
  @ApiProperty({ description: 'The token of the reset link' })
  @Trim()
  @RequiredText({
    required: 'Invalid or missing reset token. Please request a new password reset.',
    maxLength: 512,
    tooLong: MESSAGES.invalidResetToken,
  })
  token: string;

  @ApiProperty({ description: 'At least 8 characters, with a digit and a special character' })
  @IsNewPassword()
  new_password: string;

  @ApiPropertyOptional({ description: 'Must equal new_password when given' })
  @IsOptional()
  @EqualsProperty('new_password', { message: 'Passwords do not match' })
  confirm_password?: string;
}
