import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import type { LoginRequest, SessionReply, TwoFactorChallengeReply } from '@portal/contracts';
import { EMAIL_MAX_LENGTH, isBlank, RequiredText, Trim } from '@portal/http';

const REQUIRED = 'Please enter both email and password';

/**
 * Sign-in, form-encoded as an OAuth2 password grant (`username` is the e-mail) or JSON.
 * `email` is accepted instead of `username`; `grant_type` and `scope` are accepted and ignored.
 */
export class LoginDto implements LoginRequest {
  @ApiPropertyOptional({ description: 'The e-mail', example: 'jane@example.com' })
  // Checked whenever it is the one sign-in reads (see loginEmail): given, or no e-mail instead.
  @ValidateIf((dto: LoginDto) => dto.username != null || dto.email == null)
  @Trim()
  @RequiredText({ required: REQUIRED, maxLength: EMAIL_MAX_LENGTH, tooLong: 'Incorrect email or password' })
  username?: string;

  @ApiPropertyOptional({ description: 'Alternative to username' })
  @IsOptional()
  @Trim()
  @RequiredText({ required: REQUIRED, maxLength: EMAIL_MAX_LENGTH, tooLong: 'Incorrect email or password' })
  email?: string;

  @ApiProperty()
  // Without an e-mail the request already fails with the same message: say it once.
  @ValidateIf((dto: LoginDto) => !isBlank(dto.username) || !isBlank(dto.email))
  @RequiredText({ required: REQUIRED, maxLength: 1024, tooLong: 'Incorrect email or password' })
  password: string;

  @ApiPropertyOptional({ example: 'password' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  grant_type?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(256)
  scope?: string;
}

/** The e-mail given, whichever field carried it. */
export function loginEmail(dto: LoginRequest): string {
  return (dto.username ?? dto.email ?? '').trim();
}

export class TwoFactorChallengeResponse implements TwoFactorChallengeReply {
  @ApiProperty({ example: true })
  two_factor_required: true;

  @ApiProperty({ description: 'For POST /auth/two-factor/verify; works once, for 5 minutes' })
  challenge_token: string;
}

export class LoginResponse implements SessionReply {
  @ApiProperty()
  access_token: string;

  @ApiProperty({ example: 'bearer' })
  token_type: 'bearer';

  @ApiProperty()
  is_verified: boolean;

  @ApiProperty({ format: 'uuid' })
  user_id: string;

  @ApiProperty()
  email: string;

  @ApiProperty()
  first_name: string;

  @ApiProperty()
  last_name: string;

  @ApiProperty({ example: 'user', enum: ['user', 'admin'] })
  role: string;

  @ApiProperty({ example: 1, description: '1 for users, 99 for admins' })
  user_type: number;
}
