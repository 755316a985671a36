import { Body, Controller, Get, Header, HttpCode, HttpStatus, UseInterceptors, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '@portal/auth';
import type { CreateSubscriptionReply, InvoicesReply, SubscriptionReply } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';
import { StripeErrorsInterceptor } from '../common/stripe-errors.interceptor';
import { ChangesPayments, IdempotencyKey, IdempotencyKeyHeader } from '../common/guards';
import { CancelSubscriptionDto, CreateSubscriptionDto, UpdatePaymentMethodDto } from './dto/subscription.dto';
import { CreateSubscriptionResponse, InvoicesResponse, SubscriptionResponse } from './dto/subscription.response';
import { SubscriptionsService } from './subscriptions.service';

/** Every route answers only the subscription's owner: another user's id is a 404, like an unknown one. */
@ApiTags('subscriptions')
@UseInterceptors(StripeErrorsInterceptor)
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Post('stripe')
  @ChangesPayments()
  @IdempotencyKeyHeader()
  @ApiOperation({ summary: "Subscribes to a package at the catalog's price, with the trial granted (once per key)" })
  @ApiCreatedResponse({ type: CreateSubscriptionResponse, description: 'Trialing or active, or requires_action' })
  @ApiBadRequestResponse({ type: ErrorResponse })
  @ApiPaymentRequiredResponse({ type: ErrorResponse, description: "Declined: the provider's message" })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Package not found.' })
  @ApiConflictResponse({ type: ErrorResponse, description: 'Already subscribed to this package' })
  subscribe(
    @CurrentUser() user: AuthUser,
    @IdempotencyKey() key: string,
    @Body() dto: CreateSubscriptionDto,
  ): Promise<CreateSubscriptionReply> {
    return this.subscriptions.subscribe(user, key, {
      package_id: dto.package_id,
      payment_method_id: dto.payment_method_id,
      trial_period_days: dto.trial_period_days,
    });
  }

  @Get('user')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "The user's subscriptions, newest first" })
  @ApiOkResponse({ type: [SubscriptionResponse] })
  list(@CurrentUser() user: AuthUser): Promise<SubscriptionReply[]> {
    return this.subscriptions.list(user.id);
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'One subscription of the user' })
  @ApiOkResponse({ type: SubscriptionResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Subscription not found.' })
  get(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<SubscriptionReply> {
    return this.subscriptions.get(user.id, id);
  }

  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  @ChangesPayments()
  @ApiOperation({ summary: 'Cancels at the end of the period (of the trial during one); keeps the reason' })
  @ApiOkResponse({ type: SubscriptionResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Subscription not found.' })
  @ApiConflictResponse({ type: ErrorResponse, description: 'Ended, or never started' })
  cancel(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() dto: CancelSubscriptionDto,
  ): Promise<SubscriptionReply> {
    return this.subscriptions.cancel(user.id, id, dto.reason ?? null);
  }

  @Post(':id/reactivate')
  @HttpCode(HttpStatus.OK)
  @ChangesPayments()
  @ApiOperation({ summary: 'Undoes a cancellation before the period (or trial) ends' })
  @ApiOkResponse({ type: SubscriptionResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Subscription not found.' })
  @ApiConflictResponse({ type: ErrorResponse, description: 'Ended, or never started' })
  reactivate(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<SubscriptionReply> {
    return this.subscriptions.reactivate(user.id, id);
  }

  @Put(':id/payment-method')
  @ChangesPayments()
  @ApiOperation({ summary: 'The card future invoices are charged to; an unpaid invoice is paid with it first' })
  @ApiOkResponse({ type: SubscriptionResponse })
  @ApiBadRequestResponse({ type: ErrorResponse })
  @ApiPaymentRequiredResponse({ type: ErrorResponse, description: "Declined: the provider's message" })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Subscription not found.' })
  @ApiConflictResponse({ type: ErrorResponse, description: 'Ended, or never started' })
  updatePaymentMethod(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() dto: UpdatePaymentMethodDto,
  ): Promise<SubscriptionReply> {
    return this.subscriptions.updatePaymentMethod(user, id, dto.payment_method_id);
  }

  @Get(':id/invoices')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "The subscription's invoices, newest first (amounts in cents)" })
  @ApiOkResponse({ type: InvoicesResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Subscription not found.' })
  invoices(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<InvoicesReply> {
    return this.subscriptions.invoices(user.id, id);
  }
}
