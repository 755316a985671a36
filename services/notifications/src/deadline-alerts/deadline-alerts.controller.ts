import { Body, Controller, Get, HttpCode, HttpStatus, Ip, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { AppConfig } from '@portal/config';
import type { DeadlineAlertRunReply, DeadlineSubscribeReply } from '@portal/contracts';
import { Audited, type AuditScope } from '@portal/events';
import { ErrorResponse } from '@portal/http';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../common/admin-only';
import {
  answerUnsubscribeLink,
  deadlineAlertsUnsubscribedPage,
  invalidDeadlineAlertsLinkPage,
} from '../newsletter/unsubscribe-page';
import { DeadlineAlertsService } from './deadline-alerts.service';
import {
  DeadlineAlertRunDto,
  DeadlineAlertRunResponse,
  DeadlineSubscribeDto,
  DeadlineSubscribeResponse,
} from './dto/deadline-alerts.dto';

@ApiTags('deadline-alerts')
@Controller('deadline-alerts')
export class DeadlineAlertsController {
  constructor(
    private readonly alerts: DeadlineAlertsService,
    private readonly config: AppConfig,
  ) {}

  @Post('subscribe')
  @Public()
  @ApiOperation({
    summary: 'Sign up for deadline reminders; the same answer when the address already is (no second welcome mail)',
  })
  @ApiCreatedResponse({ type: DeadlineSubscribeResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Missing or malformed e-mail' })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  subscribe(@Body() dto: DeadlineSubscribeDto, @Ip() ip: string): Promise<DeadlineSubscribeReply> {
    return this.alerts.subscribe(dto, ip);
  }

  /** Followed from a mail, so it answers a page, not JSON. */
  @Get('unsubscribe')
  @Public()
  @ApiOperation({ summary: 'Unsubscribe with the token of a deadline mail (one click); answers an HTML page' })
  @ApiQuery({ name: 'token', required: true })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'A page saying the address is unsubscribed' })
  @ApiNotFoundResponse({ description: 'A page saying the link is not valid' })
  async unsubscribe(@Query('token') token: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const done = await this.alerts.unsubscribe(token);
    return answerUnsubscribeLink(reply, this.config, done, {
      done: deadlineAlertsUnsubscribedPage,
      invalid: invalidDeadlineAlertsLinkPage,
    });
  }

  @Post('run')
  @HttpCode(HttpStatus.OK)
  @AdminOnly()
  @ApiOperation({
    summary: 'Run the reminder job now (admins only); `as_of` picks the day, outside production only',
  })
  @ApiOkResponse({ type: DeadlineAlertRunResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'A malformed as_of, or as_of in production' })
  run(@Audited() scope: AuditScope, @Body() dto: DeadlineAlertRunDto): Promise<DeadlineAlertRunReply> {
    return this.alerts.runByHand(scope, this.alerts.runDay(dto.as_of));
  }
}
