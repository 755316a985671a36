import { Body, Controller, Get, Param, Put, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '@portal/auth';
import type { InboxItemReply, InboxPageReply } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';
import { create as attachment } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../common/admin-only';
import { InboxItemResponse, InboxPage, InboxQueryDto, MarkHandledDto, SubscriberExportQueryDto } from './dto/inbox.dto';
import { INBOX_MESSAGES, InboxService } from './inbox.service';

/** The staff inbox: what visitors sent, for admins only (every route). */
@ApiTags('inbox')
@Controller('inbox')
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({
    summary: 'Messages, applications, perk offers and subscribers, newest first, a page at a time',
    description: 'The next page: `before` = the `next_cursor` of the page before. A malformed `before` is a 400.',
  })
  @ApiOkResponse({ type: InboxPage })
  @ApiBadRequestResponse({ type: ErrorResponse })
  list(@Query() query: InboxQueryDto): Promise<InboxPageReply> {
    return this.inbox.list(query);
  }

  @Get('subscribers.csv')
  @AdminOnly()
  @ApiOperation({ summary: "One list's current subscribers as CSV" })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv, as an attachment' })
  @ApiBadRequestResponse({ type: ErrorResponse })
  exportSubscribers(
    @Query() query: SubscriberExportQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): StreamableFile {
    const day = new Date().toISOString().slice(0, 10);
    void reply.header('content-disposition', attachment(`${query.list}-subscribers-${day}.csv`));
    return new StreamableFile(this.inbox.exportSubscribers(query.list), { type: 'text/csv; charset=utf-8' });
  }

  @Get('messages/:id/resume')
  @AdminOnly()
  @ApiOperation({ summary: "A job application's resume, as the applicant sent it" })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The file, as an attachment' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: INBOX_MESSAGES.noResume })
  async resume(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const file = await this.inbox.resume(id);
    void reply.header('content-disposition', attachment(file.fileName));
    return new StreamableFile(file.stream, { type: file.contentType, length: file.contentLength });
  }

  @Put(':source/:id/handled')
  @AdminOnly()
  @ApiOperation({ summary: 'Mark an item handled, or open again' })
  @ApiOkResponse({ type: InboxItemResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: INBOX_MESSAGES.notFound })
  markHandled(
    @Param('source') source: string,
    @Param('id') id: string,
    @Body() dto: MarkHandledDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<InboxItemReply> {
    return this.inbox.markHandled(source, id, dto.handled, admin.id);
  }
}
