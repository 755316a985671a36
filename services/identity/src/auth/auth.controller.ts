import { Body, Controller, Header, Headers, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
  ApiExtraModels,
} from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { LoginReply, RegisterReply } from '@portal/contracts';
import { Audited, type AuditScope } from '@portal/events';
import { ErrorResponse } from '@portal/http';
import { AuthService } from './auth.service';
import { LoginDto, LoginResponse, TwoFactorChallengeResponse } from './dto/login.dto';
import { RegisterDto, RegisterResponse } from './dto/register.dto';

@ApiTags('auth')
@ApiExtraModels(LoginResponse, TwoFactorChallengeResponse)
@Public()
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @ApiOperation({ summary: 'Create an unverified account and mail its verification link' })
  @ApiCreatedResponse({ type: RegisterResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Invalid e-mail, weak password, missing names' })
  @ApiConflictResponse({ type: ErrorResponse, description: 'An account with this email already exists.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  register(@Body() dto: RegisterDto, @Ip() ip: string): Promise<RegisterReply> {
    return this.auth.register(dto, ip);
  }

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Sign in (form-encoded username + password, or JSON)' })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOkResponse({
    schema: { oneOf: [{ $ref: getSchemaPath(LoginResponse) }, { $ref: getSchemaPath(TwoFactorChallengeResponse) }] },
    description: 'A session; or, for an account with two-factor on, a challenge for POST /auth/two-factor/verify',
  })
  @ApiUnauthorizedResponse({ type: ErrorResponse, description: 'Incorrect email or password' })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  login(
    @Body() dto: LoginDto,
    @Audited() scope: AuditScope,
    @Headers('user-agent') userAgent?: string,
  ): Promise<LoginReply> {
    return this.auth.login(dto, scope, userAgent);
  }
}
