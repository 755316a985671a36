import { Body, Controller, Get, HttpCode, HttpStatus, Ip, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '@portal/auth';
import { Audited, type AuditScope } from '@portal/events';
import type { MessageReply, VerificationConfirmedReply, VerificationStatusReply } from '@portal/contracts';
import { AuthService } from '../auth/auth.service';
import { ErrorResponse, MessageResponse } from '@portal/http';
import {
  ConfirmVerificationDto,
  EmailDto,
  VerificationConfirmedResponse,
  VerificationStatusResponse,
} from './dto/verification.dto';
import { MESSAGES } from '../common/messages';
import { VerificationService } from './verification.service';

@ApiTags('auth')
@Public()
@Controller('auth/verify-email')
export class VerificationController {
  constructor(
    private readonly verification: VerificationService,
    private readonly auth: AuthService,
  ) {}

  @Post('request')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Send (again) the verification mail; the same answer whether or not the account exists' })
  @ApiOkResponse({ type: MessageResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'This email is already verified.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  request(@Body() dto: EmailDto, @Ip() ip: string): Promise<MessageReply> {
    return this.verification.request(dto.email, ip);
  }

  @Post('confirm')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Verify the e-mail with the token of the link (or the pasted code)' })
  @ApiOkResponse({ type: VerificationConfirmedResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Invalid, used or expired token' })
  async confirm(
    @Body() dto: ConfirmVerificationDto,
    @Audited() scope: AuditScope,
    @CurrentUser() caller?: AuthUser,
  ): Promise<VerificationConfirmedReply> {
    const user = await this.verification.confirm(dto.token);
    const confirmed: VerificationConfirmedReply = {
      message: MESSAGES.emailVerified,
      user_id: user.id,
      email: user.email,
      is_verified: true,
    };
    // The caller's token still says is_verified: false; give the same user one that does not, in the
    // same session (its `sid`, kept as long as the new token), so that Sign Out still ends it.
    if (caller?.id === user.id && caller.sessionVersion >= user.sessionVersion) {
      const { access_token } = await this.auth.renewedSession(user, caller.sessionId, scope);
      return { ...confirmed, access_token, token_type: 'bearer' };
    }
    return confirmed;
  }

  @Get('status')
  @ApiOperation({ summary: 'Whether an e-mail is verified; unknown e-mails answer is_verified: false' })
  @ApiOkResponse({ type: VerificationStatusResponse })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  status(@Query() dto: EmailDto, @Ip() ip: string): Promise<VerificationStatusReply> {
    return this.verification.status(dto.email, ip);
  }
}
