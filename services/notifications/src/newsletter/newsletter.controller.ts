import { Body, Controller, Get, Ip, Post, Query, Res } from '@nestjs/common';
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
import type { SubscribeReply } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { ErrorResponse } from '@portal/http';
import { SubscribeDto, SubscribeResponse } from './dto/subscribe.dto';
import { NewsletterService } from './newsletter.service';
import { answerUnsubscribeLink, invalidUnsubscribeLinkPage, unsubscribedPage } from './unsubscribe-page';

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

  /** Followed from the welcome mail, so it answers a page, not JSON. */
  @Get('unsubscribe')
  @ApiOperation({ summary: 'Unsubscribe with the token of the welcome mail; answers an HTML page' })
  @ApiQuery({ name: 'token', required: true })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'A page saying the address is unsubscribed' })
  @ApiNotFoundResponse({ description: 'A page saying the link is not valid' })
  async unsubscribe(@Query('token') token: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const done = await this.newsletter.unsubscribe(token);
    return answerUnsubscribeLink(reply, this.config, done, {
      done: unsubscribedPage,
      invalid: invalidUnsubscribeLinkPage,
    });
  }
}
