import { Body, Controller, Get, Header, HttpCode, HttpStatus, UseInterceptors, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '@portal/auth';
import type { PaymentReply, PaymentsConfigReply, SetupIntentReply } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';
import { StripeErrorsInterceptor } from '../common/stripe-errors.interceptor';
import { ChangesPayments, IdempotencyKey, IdempotencyKeyHeader } from '../common/guards';
import { FormPaymentDto, ServicePaymentDto } from './dto/payment.dto';
import { PaymentResponse, PaymentsConfigResponse, SetupIntentResponse } from './dto/payment.response';
import { PaymentsService } from './payments.service';

@ApiTags('payments')
@UseInterceptors(StripeErrorsInterceptor)
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get('config')
  @Public()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "Stripe's publishable key and Stripe.js URL for the pages (null while not configured)" })
  @ApiOkResponse({ type: PaymentsConfigResponse })
  config(): PaymentsConfigReply {
    return this.payments.paymentsConfig();
  }

  @Post('create-setup-intent')
  @ChangesPayments()
  @ApiOperation({ summary: "A setup intent for a card of the user's Stripe customer, confirmed with Stripe.js" })
  @ApiCreatedResponse({ type: SetupIntentResponse })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  createSetupIntent(@CurrentUser() user: AuthUser): Promise<SetupIntentReply> {
    return this.payments.createSetupIntent(user);
  }

  @Post('service-payment')
  @HttpCode(HttpStatus.OK)
  @ChangesPayments()
  @IdempotencyKeyHeader()
  @ApiOperation({ summary: "Pays for a service at the catalog's price with a saved card (once per Idempotency-Key)" })
  @ApiOkResponse({ type: PaymentResponse, description: 'succeeded, or requires_action with a client_secret' })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'A quoted price, a package, a bad card id' })
  @ApiPaymentRequiredResponse({ type: ErrorResponse, description: "Declined: the provider's message" })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Service not found.' })
  @ApiConflictResponse({ type: ErrorResponse, description: 'The key was used for another payment' })
  payForService(
    @CurrentUser() user: AuthUser,
    @IdempotencyKey() key: string,
    @Body() dto: ServicePaymentDto,
  ): Promise<PaymentReply> {
    return this.payments.pay(user, key, {
      kind: 'service',
      itemId: dto.service_id,
      paymentMethodId: dto.payment_method_id,
    });
  }

  @Post('form-payment')
  @HttpCode(HttpStatus.OK)
  @ChangesPayments()
  @IdempotencyKeyHeader()
  @ApiOperation({ summary: 'Pays for a filing at its estimated fee with a saved card (once per Idempotency-Key)' })
  @ApiOkResponse({ type: PaymentResponse, description: 'succeeded, or requires_action with a client_secret' })
  @ApiBadRequestResponse({ type: ErrorResponse })
  @ApiPaymentRequiredResponse({ type: ErrorResponse, description: "Declined: the provider's message" })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Filing not found.' })
  @ApiConflictResponse({ type: ErrorResponse, description: 'The key was used for another payment' })
  payForForm(
    @CurrentUser() user: AuthUser,
    @IdempotencyKey() key: string,
    @Body() dto: FormPaymentDto,
  ): Promise<PaymentReply> {
    return this.payments.pay(user, key, { kind: 'form', itemId: dto.form_id, paymentMethodId: dto.payment_method_id });
  }
}
