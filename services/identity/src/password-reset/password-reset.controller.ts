import { Body, Controller, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { MessageReply } from '@portal/contracts';
import { Audited, type AuditScope } from '@portal/events';
import { ErrorResponse, MessageResponse } from '@portal/http';
import { EmailDto } from '../verification/dto/verification.dto';
import { ResetPasswordDto } from './dto/password-reset.dto';
import { PasswordResetService } from './password-reset.service';

@ApiTags('auth')
@Public()
@Controller('auth')
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Mail a reset link; the same answer whether or not the account exists' })
  @ApiOkResponse({ type: MessageResponse })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  forgot(@Body() dto: EmailDto, @Ip() ip: string): Promise<MessageReply> {
    return this.passwordReset.forgot(dto.email, ip);
  }

  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Set a new password with the token of the reset link; ends every earlier session' })
  @ApiOkResponse({ type: MessageResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Invalid, used or expired token, or a weak password' })
  reset(@Body() dto: ResetPasswordDto, @Audited() scope: AuditScope): Promise<MessageReply> {
    return this.passwordReset.reset(dto.token, dto.new_password, scope);
  }
}
