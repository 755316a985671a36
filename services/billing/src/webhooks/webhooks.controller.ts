import {
  Controller,
  Headers,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  UnsupportedMediaTypeException,
  UseGuards,
} from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { ErrorResponse } from '@portal/http';
import type { FastifyRequest } from 'fastify';
import { PaymentsConfiguredGuard } from '../common/guards';
import { MESSAGES } from '../common/messages';
import { WebhookReceipt, WebhooksService } from './webhooks.service';

/** Stripe's calls: no token, the signature is the authentication. */
@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post('stripe')
  @Public()
  @HttpCode(HttpStatus.OK)
  @UseGuards(PaymentsConfiguredGuard)
  @ApiOperation({
    summary: "Stripe's events, signed with STRIPE_WEBHOOK_SECRET; stored once and processed by a worker",
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiOkResponse({ description: '{ received: true, duplicate }' })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Missing or wrong signature: nothing stored' })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponse, description: MESSAGES.webhookNotJson })
  @ApiServiceUnavailableResponse({ type: ErrorResponse, description: MESSAGES.notConfigured })
  receive(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookReceipt> {
    // Stripe sends JSON, kept as the bytes received for the signature: another type (text/plain, a form)
    // is not what was signed, and saying so beats calling the signature wrong.
    const type = request.headers['content-type'];
    if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
      throw new UnsupportedMediaTypeException({ detail: MESSAGES.webhookNotJson });
    }
    return this.webhooks.receive(request.rawBody, signature);
  }
}
