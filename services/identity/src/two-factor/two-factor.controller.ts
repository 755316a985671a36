import { Body, Controller, Get, Header, Headers, HttpCode, HttpStatus, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AllowWithoutTwoFactor, CurrentUser, Public, type AuthUser } from '@portal/auth';
import type {
  SessionReply,
  TwoFactorDisableReply,
  TwoFactorEnableReply,
  TwoFactorSetupReply,
  TwoFactorStatusReply,
} from '@portal/contracts';
import { Audited, type AuditScope } from '@portal/events';
import { ErrorResponse } from '@portal/http';
import { LoginResponse } from '../auth/dto/login.dto';
import {
  TwoFactorDisableDto,
  TwoFactorDisableResponse,
  TwoFactorEnableDto,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
  TwoFactorVerifyDto,
} from './dto/two-factor.dto';
import { TwoFactorService } from './two-factor.service';

/**
 * Two-factor sign-in. Every route here is open to an admin who has not set it up yet
 * (@AllowWithoutTwoFactor): setting it up is what such an admin must do first.
 */
@ApiTags('auth')
@ApiBearerAuth()
@AllowWithoutTwoFactor()
@Controller('auth/two-factor')
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Public()
  @Post('verify')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The code step of sign-in: the challenge of POST /auth/login and a code or a recovery code',
  })
  @ApiOkResponse({ type: LoginResponse })
  @ApiUnauthorizedResponse({ type: ErrorResponse, description: 'Wrong or used code, or an expired challenge' })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  verify(
    @Body() dto: TwoFactorVerifyDto,
    @Audited() scope: AuditScope,
    @Headers('user-agent') userAgent?: string,
  ): Promise<SessionReply> {
    return this.twoFactor.verify(dto.challenge_token, dto.code, scope, userAgent);
  }

  @Get()
  @ApiOperation({ summary: 'Whether the signed-in account has two-factor on, and its recovery codes left' })
  @ApiOkResponse({ type: TwoFactorStatusResponse })
  @ApiUnauthorizedResponse({ type: ErrorResponse })
  status(@CurrentUser() user: AuthUser): Promise<TwoFactorStatusReply> {
    return this.twoFactor.status(user);
  }

  @Post('setup')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'A new secret (and its otpauth URL for a QR code) to confirm with enable' })
  @ApiOkResponse({ type: TwoFactorSetupResponse })
  @ApiConflictResponse({ type: ErrorResponse, description: 'Two-factor is already on' })
  @ApiForbiddenResponse({ type: ErrorResponse, description: 'The account’s e-mail address is not verified' })
  @ApiUnauthorizedResponse({ type: ErrorResponse })
  setup(@CurrentUser() user: AuthUser): Promise<TwoFactorSetupReply> {
    return this.twoFactor.setup(user);
  }

  @Post('enable')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Turn two-factor on with a first code; ten recovery codes, shown once; other sessions end' })
  @ApiOkResponse({ type: TwoFactorEnableResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Wrong code, or no setup waiting' })
  @ApiConflictResponse({ type: ErrorResponse, description: 'Two-factor is already on' })
  @ApiForbiddenResponse({ type: ErrorResponse, description: 'The account’s e-mail address is not verified' })
  @ApiUnauthorizedResponse({ type: ErrorResponse })
  enable(
    @CurrentUser() user: AuthUser,
    @Body() dto: TwoFactorEnableDto,
    @Audited() scope: AuditScope,
  ): Promise<TwoFactorEnableReply> {
    return this.twoFactor.enable(user, dto.password, dto.code, scope);
  }

  @Post('disable')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Turn two-factor off with the password and a current code; other sessions end' })
  @ApiOkResponse({ type: TwoFactorDisableResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Wrong password or code, or two-factor is off' })
  @ApiForbiddenResponse({ type: ErrorResponse })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  @ApiUnauthorizedResponse({ type: ErrorResponse })
  disable(
    @CurrentUser() user: AuthUser,
    @Body() dto: TwoFactorDisableDto,
    @Audited() scope: AuditScope,
  ): Promise<TwoFactorDisableReply> {
    return this.twoFactor.disable(user, dto.password, dto.code, scope);
  }
}
