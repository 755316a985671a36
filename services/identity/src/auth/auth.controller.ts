import { Body, Controller, Header, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
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
} from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { LoginReply, RegisterReply } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';
import { AuthService } from './auth.service';
import { LoginDto, LoginResponse } from './dto/login.dto';
import { RegisterDto, RegisterResponse } from './dto/register.dto';

@ApiTags('auth')
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
  @ApiOkResponse({ type: LoginResponse })
  @ApiUnauthorizedResponse({ type: ErrorResponse, description: 'Incorrect email or password' })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  login(@Body() dto: LoginDto, @Ip() ip: string): Promise<LoginReply> {
    return this.auth.login(dto, ip);
  }
}
