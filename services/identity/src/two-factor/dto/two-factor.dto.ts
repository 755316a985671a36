import { ApiProperty } from '@nestjs/swagger';
import type {
  TwoFactorDisableReply,
  TwoFactorDisableRequest,
  TwoFactorEnableReply,
  TwoFactorEnableRequest,
  TwoFactorSetupReply,
  TwoFactorStatusReply,
  TwoFactorVerifyRequest,
} from '@portal/contracts';
import { TWO_FACTOR_MESSAGES } from '@portal/contracts';
import { RequiredText, Trim } from '@portal/http';

/** Six digits, or a recovery code (`xxxxx-xxxxx`); spaces and dashes are ignored. */
const Code = () =>
  RequiredText({ required: TWO_FACTOR_MESSAGES.codeRequired, maxLength: 32, tooLong: TWO_FACTOR_MESSAGES.invalidCode });

export class TwoFactorVerifyDto implements TwoFactorVerifyRequest {
  @ApiProperty({ description: 'The challenge_token of POST /auth/login' })
  @Trim()
  @RequiredText({
    required: TWO_FACTOR_MESSAGES.invalidChallenge,
    maxLength: 128,
    tooLong: TWO_FACTOR_MESSAGES.invalidChallenge,
  })
  challenge_token: string;

  @ApiProperty({ example: '123456', description: 'The 6-digit code of the authenticator app, or a recovery code' })
  @Trim()
  @Code()
  code: string;
}

export class TwoFactorEnableDto implements TwoFactorEnableRequest {
  @ApiProperty()
  @RequiredText({ required: 'Please enter your password', maxLength: 1024, tooLong: TWO_FACTOR_MESSAGES.wrongPassword })
  password: string;

  @ApiProperty({ example: '123456', description: 'A current code of the secret from setup' })
  @Trim()
  @Code()
  code: string;
}

export class TwoFactorDisableDto implements TwoFactorDisableRequest {
  @ApiProperty()
  @RequiredText({ required: 'Please enter your password', maxLength: 1024, tooLong: TWO_FACTOR_MESSAGES.wrongPassword })
  password: string;

  @ApiProperty({ example: '123456', description: 'A current code, or a recovery code' })
  @Trim()
  @Code()
  code: string;
}

export class TwoFactorStatusResponse implements TwoFactorStatusReply {
  @ApiProperty()
  enabled: boolean;

  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  enabled_at: string | null;

  @ApiProperty()
  recovery_codes_left: number;
}

export class TwoFactorSetupResponse implements TwoFactorSetupReply {
  @ApiProperty({ example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })
  secret: string;

  @ApiProperty({ example: 'otpauth://totp/Harbor%20Tax:jane%40example.com?secret=…&issuer=Harbor%20Tax' })
  otpauth_url: string;
}

export class TwoFactorEnableResponse implements TwoFactorEnableReply {
  @ApiProperty({ type: [String], example: ['abcde-fghjk'] })
  recovery_codes: string[];

  @ApiProperty()
  access_token: string;

  @ApiProperty({ example: 'bearer' })
  token_type: 'bearer';
}

export class TwoFactorDisableResponse implements TwoFactorDisableReply {
  @ApiProperty({ example: TWO_FACTOR_MESSAGES.disabled })
  message: string;

  @ApiProperty()
  access_token: string;

  @ApiProperty({ example: 'bearer' })
  token_type: 'bearer';
}
