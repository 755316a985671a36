import { Body, Controller, Get, Header, HttpCode, HttpStatus, Ip, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '@portal/auth';
import type { InviteCodeCheckReply, InviteCodePageReply, InviteCodeReply, MessageReply } from '@portal/contracts';
import { Audited, type AuditScope } from '@portal/events';
import { ErrorResponse, MessageResponse } from '@portal/http';
import { AdminOnly } from '../common/admin-only';
import { PageQueryDto } from '../common/pagination';
import {
  InviteCodePage,
  InviteCodeResponse,
  InviteCodeValidationResponse,
  SaveInviteCodeDto,
  SendInviteCodeDto,
} from './dto/invite-code.dto';
import { InviteCodesService } from './invite-codes.service';

@ApiTags('invite-codes')
@Controller('invite-codes')
export class InviteCodesController {
  constructor(private readonly inviteCodes: InviteCodesService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'Invite codes, newest first, a page at a time (admins only)' })
  @ApiOkResponse({ type: InviteCodePage })
  @ApiBadRequestResponse({ type: ErrorResponse })
  list(@Query() query: PageQueryDto): Promise<InviteCodePageReply> {
    return this.inviteCodes.list(query);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a single-use invite code for one questionnaire (admins only)' })
  @ApiCreatedResponse({ type: InviteCodeResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Expiration missing, malformed or past; unknown route' })
  create(
    @CurrentUser() admin: AuthUser,
    @Audited() scope: AuditScope,
    @Body() dto: SaveInviteCodeDto,
  ): Promise<InviteCodeReply> {
    return this.inviteCodes.create(admin, scope, dto);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Change the expiration, route and description of an unused code (admins only)' })
  @ApiOkResponse({ type: InviteCodeResponse })
  @ApiBadRequestResponse({ type: ErrorResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Invite code not found.' })
  @ApiConflictResponse({ type: ErrorResponse, description: 'The code has been used' })
  update(
    @Audited() scope: AuditScope,
    @Param('id') id: string,
    @Body() dto: SaveInviteCodeDto,
  ): Promise<InviteCodeReply> {
    return this.inviteCodes.update(scope, id, dto);
  }

  @Post(':id/send-email')
  @HttpCode(HttpStatus.OK)
  @AdminOnly()
  @ApiOperation({ summary: 'E-mail the code and its link to a recipient, and record the send (admins only)' })
  @ApiOkResponse({ type: MessageResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Recipient email is required.' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Invite code not found.' })
  @ApiConflictResponse({ type: ErrorResponse, description: 'The code has been used or has expired' })
  send(@Audited() scope: AuditScope, @Param('id') id: string, @Body() dto: SendInviteCodeDto): Promise<MessageReply> {
    return this.inviteCodes.send(scope, id, dto.recipient_email);
  }

  @Get(':code')
  @Public()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Check a code (case and dashes do not matter); answers its route and expiry only' })
  @ApiOkResponse({ type: InviteCodeValidationResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Invite code not found.' })
  @ApiGoneResponse({ type: ErrorResponse, description: 'Expired, or already used' })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  validate(@Param('code') code: string, @Ip() ip: string): Promise<InviteCodeCheckReply> {
    return this.inviteCodes.validate(code, ip);
  }
}
