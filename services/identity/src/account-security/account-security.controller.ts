import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@portal/auth';
import type { ChangePasswordReply, MessageReply, SessionsReply } from '@portal/contracts';
import { Audited, type AuditScope } from '@portal/events';
import { ErrorResponse, MessageResponse } from '@portal/http';
import { AccountSecurityService } from './account-security.service';
import { ChangePasswordDto, ChangePasswordResponse, SessionsResponse } from './dto/account-security.dto';

/** The signed-in account's password and sessions (/settings). */
@ApiTags('auth')
@ApiBearerAuth()
@Controller('auth')
export class AccountSecurityController {
  constructor(private readonly account: AccountSecurityService) {}

  @Post('password/change')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Change the password (current and new); every other session ends, a new token for this one',
  })
  @ApiOkResponse({ type: ChangePasswordResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Wrong current password, or a weak new one' })
  @ApiUnauthorizedResponse({ type: ErrorResponse })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  changePassword(
    @CurrentUser() user: AuthUser,
    @Body() dto: ChangePasswordDto,
    @Audited() scope: AuditScope,
  ): Promise<ChangePasswordReply> {
    return this.account.changePassword(user, dto.current_password, dto.new_password, scope);
  }

  @Get('sessions')
  @ApiOperation({ summary: 'The sign-ins of this account whose tokens still work, newest first' })
  @ApiOkResponse({ type: SessionsResponse })
  @ApiUnauthorizedResponse({ type: ErrorResponse })
  sessions(@CurrentUser() user: AuthUser): Promise<SessionsReply> {
    return this.account.list(user);
  }

  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Sign Out: this token stops working everywhere (the account's other sessions go on)" })
  @ApiOkResponse({ type: MessageResponse })
  @ApiUnauthorizedResponse({ type: ErrorResponse })
  signOut(@CurrentUser() user: AuthUser, @Audited() scope: AuditScope): Promise<MessageReply> {
    return this.account.signOut(user, scope);
  }

  @Delete('sessions/:id')
  @ApiOperation({ summary: "Sign out one of the account's sessions (listed by GET /auth/sessions)" })
  @ApiOkResponse({ type: MessageResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'No working session of this account by that id' })
  @ApiUnauthorizedResponse({ type: ErrorResponse })
  endSession(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Audited() scope: AuditScope,
  ): Promise<MessageReply> {
    return this.account.endSession(user, id, scope);
  }

  @Post('sessions/revoke-all')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign out everywhere: every token of the account stops working, this one too' })
  @ApiOkResponse({ type: MessageResponse })
  @ApiUnauthorizedResponse({ type: ErrorResponse })
  signOutEverywhere(@CurrentUser() user: AuthUser, @Audited() scope: AuditScope): Promise<MessageReply> {
    return this.account.signOutEverywhere(user, scope);
  }
}
