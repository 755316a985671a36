import { Body, Controller, Get, Ip, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { AppConfig } from '@portal/config';
import type { SubscribeReply } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { ResubscribeLinkRoute, ResubscribeRoute, UnsubscribeLinkRoute, UnsubscribeRoute } from './unsubscribe-routes';
import { ErrorResponse } from '@portal/http';
import { SubscribeDto, SubscribeResponse } from './dto/subscribe.dto';
import { NewsletterService } from './newsletter.service';
import {
  answerLinkPage,
  answerUnsubscribeLink,
  confirmUnsubscribePage,
  invalidUnsubscribeLinkPage,
  NEWSLETTER_RESUBSCRIBE_PAGES,
  unsubscribedPage,
} from './unsubscribe-page';

const PAGES = { confirm: confirmUnsubscribePage, done: unsubscribedPage, invalid: invalidUnsubscribeLinkPage };

@ApiTags('newsletter')
@Public()
@Controller('newsletter')
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly config: AppConfig,
  ) {}

  @Post('subscribe')
  @ApiOperation({ summary: 'Subscribe an address; the same answer when it already is (no second welcome mail)' })
  @ApiCreatedResponse({ type: SubscribeResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Missing or malformed e-mail' })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  subscribe(@Body() dto: SubscribeDto, @Ip() ip: string): Promise<SubscribeReply> {
    return this.newsletter.subscribe(dto, ip);
  }

  /** Followed from a mail, so it answers a page, not JSON. */
  @Get('unsubscribe')
  @UnsubscribeLinkRoute('the welcome mail')
  async unsubscribeLink(
    @Query('token') token: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return answerUnsubscribeLink(reply, this.config, { token, state: await this.newsletter.linkState(token) }, PAGES);
  }

  @Post('unsubscribe')
  @UnsubscribeRoute('the welcome mail')
  async unsubscribe(@Query('token') token: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const done = await this.newsletter.unsubscribe(token);
    return answerUnsubscribeLink(reply, this.config, { token, state: done ? 'unsubscribed' : null }, PAGES);
  }

  /** The link a subscribe of an unsubscribed address mails it; like the unsubscribe link, only its button acts. */
  @Get('resubscribe')
  @ResubscribeLinkRoute()
  async resubscribeLink(
    @Query('token') token: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const page = (await this.newsletter.resubscribePending(token)) ? 'ask' : null;
    return answerLinkPage(reply, this.config, { token, page }, NEWSLETTER_RESUBSCRIBE_PAGES);
  }

  @Post('resubscribe')
  @ResubscribeRoute('the newsletters')
  async resubscribe(@Query('token') token: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const page = (await this.newsletter.resubscribe(token)) ? 'done' : null;
    return answerLinkPage(reply, this.config, { token, page }, NEWSLETTER_RESUBSCRIBE_PAGES);
  }
}
