import { Body, Controller, Get, HttpCode, HttpStatus, Ip, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { AppConfig } from '@portal/config';
import type { DeadlineAlertRunReply, DeadlineSubscribeReply } from '@portal/contracts';
import { Audited, type AuditScope } from '@portal/events';
import { ErrorResponse } from '@portal/http';
import type { FastifyReply } from 'fastify';
import {
  ResubscribeLinkRoute,
  ResubscribeRoute,
  UnsubscribeLinkRoute,
  UnsubscribeRoute,
} from '../newsletter/unsubscribe-routes';
import { AdminOnly } from '../common/admin-only';
import {
  answerLinkPage,
  answerUnsubscribeLink,
  confirmDeadlineAlertsUnsubscribePage,
  DEADLINE_ALERTS_RESUBSCRIBE_PAGES,
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

const PAGES = {
  confirm: confirmDeadlineAlertsUnsubscribePage,
  done: deadlineAlertsUnsubscribedPage,
  invalid: invalidDeadlineAlertsLinkPage,
};

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
  @UnsubscribeLinkRoute('a deadline mail')
  async unsubscribeLink(
    @Query('token') token: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return answerUnsubscribeLink(reply, this.config, { token, state: await this.alerts.linkState(token) }, PAGES);
  }

  @Post('unsubscribe')
  @Public()
  @UnsubscribeRoute('a deadline mail')
  async unsubscribe(@Query('token') token: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const done = await this.alerts.unsubscribe(token);
    return answerUnsubscribeLink(reply, this.config, { token, state: done ? 'unsubscribed' : null }, PAGES);
  }

  /** The link a sign-up of an unsubscribed address mails it; like the unsubscribe link, only its button acts. */
  @Get('resubscribe')
  @Public()
  @ResubscribeLinkRoute()
  async resubscribeLink(
    @Query('token') token: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const page = (await this.alerts.resubscribePending(token)) ? 'ask' : null;
    return answerLinkPage(reply, this.config, { token, page }, DEADLINE_ALERTS_RESUBSCRIBE_PAGES);
  }

  @Post('resubscribe')
  @Public()
  @ResubscribeRoute('the reminders')
  async resubscribe(
    @Query('token') token: unknown,
    @Ip() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const page = (await this.alerts.resubscribe(token, ip)) ? 'done' : null;
    return answerLinkPage(reply, this.config, { token, page }, DEADLINE_ALERTS_RESUBSCRIBE_PAGES);
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
