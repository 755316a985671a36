import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@portal/auth';
import { AppConfig } from '@portal/config';
import type { PaymentReply, PaymentsConfigReply, PurchaseKind, SetupIntentReply } from '@portal/contracts';
import { Outbox, QUEUES } from '@portal/events';
import { RateLimiter } from '@portal/http';
import type Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
import { PriceList, PriceListItem } from '../catalog/price-list';
import { isUuid } from '../common/ids';
import { MESSAGES } from '../common/messages';
import { iso, toDollars } from '../common/money';
import { RATE_LIMITS } from '../common/rate-limits';
import { orderReceipt } from '../common/receipts';
import { Customer } from '../customers/customer.entity';
import { CustomersService, StripeCustomer } from '../customers/customers.service';
import { StripeGateway } from '../stripe/stripe-client';
import { isCardError, PaymentDeclinedException } from '../stripe/stripe-errors';
import { Order, OrderStatus } from './order.entity';
import { recordRefunds, REFUNDS_EXPAND, refundsOf } from './refunds';
import { SetupIntentRecord } from './setup-intent.entity';

/** Stripe's smallest charge in dollars (and most currencies): 50 cents. */
const MINIMUM_CHARGE_CENTS = 50;

/**
 * Stripe keeps an idempotency key's result for 24 hours. An order without a PaymentIntent that is older
 * than this may have been charged under a key Stripe has since forgotten (the transaction that was to
 * record the charge rolled back): before creating one, its charge is looked for at Stripe.
 */
const IDEMPOTENCY_WINDOW_MS = 23 * 3600 * 1000;
/** How far apart our clock and Stripe's may be when the customer's PaymentIntents are listed by creation time. */
const CLOCK_SKEW_S = 300;

export interface PaymentRequest {
  kind: PurchaseKind;
  itemId: string;
  paymentMethodId: string;
}

/** Where a settlement left the order: an answer for the page, or the provider's decline message. */
type Outcome = { reply: PaymentReply } | { declined: string | null };

/** What a webhook event says changed: the PaymentIntent it names, and whether a refund of its charge. */
interface EventHint {
  paymentIntentId: string;
  refund?: boolean;
}

const ORDER_STATUS_OF: Partial<Record<Stripe.PaymentIntent.Status, OrderStatus>> = {
  succeeded: 'succeeded',
  requires_action: 'requires_action',
  processing: 'processing',
  requires_capture: 'processing',
  requires_confirmation: 'processing',
  requires_payment_method: 'failed',
  canceled: 'canceled',
};

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @InjectDataSource('billing') private readonly dataSource: DataSource,
    private readonly stripe: StripeGateway,
    private readonly customers: CustomersService,
    private readonly priceList: PriceList,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {}

  /** What the pages need to load Stripe.js: read at run time, so new keys need no rebuild. */
  paymentsConfig(): PaymentsConfigReply {
    if (!this.config.paymentsConfigured) {
      return { configured: false, publishable_key: null, stripe_js_url: null, test_mode: false };
    }
    return {
      configured: true,
      publishable_key: this.config.STRIPE_PUBLISHABLE_KEY!,
      stripe_js_url: this.config.stripeJsUrl,
      test_mode: this.config.STRIPE_PUBLISHABLE_KEY!.startsWith('pk_test_'),
    };
  }

  /** A setup intent for an off-session card of the user's customer, confirmed in the browser. */
  async createSetupIntent(user: AuthUser): Promise<SetupIntentReply> {
    await this.limiter.consume(RATE_LIMITS.setupIntentsPerUser, user.id);
    // Every checkout starts here: the customer is checked at Stripe once per checkout.
    const customer = await this.customers.ensure(user, { verify: true });
    const setupIntent = await this.stripe.api.setupIntents.create({
      customer: customer.stripeCustomerId,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
      metadata: { user_id: user.id },
    });
    await this.dataSource.getRepository(SetupIntentRecord).insert({
      customerId: customer.id,
      stripeSetupIntentId: setupIntent.id,
      status: setupIntent.status,
    });
    return { client_secret: setupIntent.client_secret! };
  }

  /**
   * Pays for a service or a filing at the catalog's price. The order is keyed by the user and the
   * checkout attempt's Idempotency-Key: the first request writes it, every request with that key
   * settles the same order (its PaymentIntent is created once, with the idempotency key `order-<id>`),
   * so a double click or a retried request never charges twice and answers the first result.
   */
  async pay(user: AuthUser, idempotencyKey: string, request: PaymentRequest): Promise<PaymentReply> {
    await this.limiter.consume(RATE_LIMITS.checkoutsPerUser, user.id);
    let order = await this.findOrder(user.id, idempotencyKey);
    if (!order) {
      const item = await this.purchasable(request);
      const customer = await this.customers.ensure(user);
      await this.dataSource.query(
        `INSERT INTO orders (user_id, customer_id, idempotency_key, kind, item_id, item_name, amount_cents, currency, payment_method_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING`,
        [
          user.id,
          customer.id,
          idempotencyKey,
          request.kind,
          item.id,
          item.name,
          item.amountCents,
          item.currency,
          request.paymentMethodId,
        ],
      );
      order = (await this.findOrder(user.id, idempotencyKey))!;
    }
    if (
      order.kind !== request.kind ||
      order.itemId !== request.itemId ||
      order.paymentMethodId !== request.paymentMethodId
    ) {
      throw new ConflictException({ detail: MESSAGES.idempotencyKeyReused });
    }
    const outcome = await this.settle(order.id);
    if ('declined' in outcome) throw new PaymentDeclinedException(outcome.declined);
    return outcome.reply;
  }

  /**
   * Brings an order in line with its PaymentIntent, for the webhook worker. `orderId` comes from the
   * intent's metadata; an intent that is not an order's (a subscription invoice's) is left alone. An
   * event never creates a charge: an order that has not recorded its PaymentIntent (the transaction that
   * was to record it rolled back) takes the event's. A refund event (`refund`) has a paid order read
   * its charge's refunds again. True when the PaymentIntent is an order's.
   */
  async syncPaymentIntent(
    paymentIntentId: string,
    orderId: string | undefined,
    options: { refund?: boolean } = {},
  ): Promise<boolean> {
    const order = await this.orderOfPaymentIntent(paymentIntentId, orderId);
    if (!order) return false;
    await this.settle(order.id, { paymentIntentId, refund: options.refund });
    return true;
  }

  /** The order a PaymentIntent pays: the one that recorded it, or the one its metadata names (`orderId`). */
  async orderOfPaymentIntent(paymentIntentId: string, orderId: string | undefined): Promise<Order | null> {
    const repository = this.dataSource.getRepository(Order);
    return (
      (await repository.findOneBy({ stripePaymentIntentId: paymentIntentId })) ??
      (isUuid(orderId) ? await repository.findOneBy({ id: orderId }) : null)
    );
  }

  /**
   * The setup intent's status as Stripe has it now. Stripe is read under the row's lock, so of two
   * events of one setup intent handled at once the one that reads last writes last.
   */
  async syncSetupIntent(setupIntentId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(SetupIntentRecord);
      const record = await repository.findOne({
        where: { stripeSetupIntentId: setupIntentId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!record) return;
      const setupIntent = await this.stripe.api.setupIntents.retrieve(setupIntentId);
      await repository.update(
        { id: record.id },
        {
          status: setupIntent.status,
          paymentMethodId: idOf(setupIntent.payment_method),
          lastError: setupIntent.last_setup_error?.message ?? null,
        },
      );
    });
  }

  private async purchasable(request: PaymentRequest): Promise<PriceListItem & { amountCents: number }> {
    const kinds = request.kind === 'service' ? (['service', 'package'] as const) : (['form'] as const);
    const item = await this.priceList.find(request.itemId, kinds);
    if (!item) {
      throw new NotFoundException({
        detail: request.kind === 'service' ? MESSAGES.serviceNotFound : MESSAGES.formNotFound,
      });
    }
    if (item.kind === 'package') throw new BadRequestException({ detail: MESSAGES.serviceIsPackage });
    if (!item.isFixedPrice || item.amountCents === null) throw new BadRequestException({ detail: MESSAGES.quoted });
    if (item.amountCents < MINIMUM_CHARGE_CENTS) throw new BadRequestException({ detail: MESSAGES.belowMinimum });
    return item as PriceListItem & { amountCents: number };
  }

  private findOrder(userId: string, idempotencyKey: string): Promise<Order | null> {
    return this.dataSource.getRepository(Order).findOneBy({ userId, idempotencyKey });
  }

  /**
   * Under the order's row lock: a final order answers as it ended (a paid one still takes a refund
   * event's refunds); otherwise its PaymentIntent is created (once) or read again, and the order takes its
   * state. Whoever holds the lock reads Stripe last, so concurrent requests and webhooks never write an
   * older state over a newer one. A decline is committed before it is answered. An event (`event`)
   * settles with the PaymentIntent it names and never creates one.
   */
  private async settle(orderId: string, event?: EventHint): Promise<Outcome> {
    return this.dataSource.transaction(async (manager) => {
      const order = await manager.getRepository(Order).findOne({
        where: { id: orderId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!order) throw new NotFoundException({ detail: MESSAGES.paymentFailed });
      if (order.status === 'succeeded') {
        if (event?.refund && order.stripePaymentIntentId) {
          await this.recordRefunds(manager, order, await this.retrievePaymentIntent(order.stripePaymentIntentId));
        }
        return { reply: toPaymentReply(order, null) };
      }
      const customer = (await manager
        .getRepository(Customer)
        .findOneByOrFail({ id: order.customerId })) as StripeCustomer;
      let paymentIntent: Stripe.PaymentIntent;
      if (order.stripePaymentIntentId) {
        if (event && event.paymentIntentId !== order.stripePaymentIntentId) {
          this.logger.error(
            `order ${order.id} has PaymentIntent ${order.stripePaymentIntentId}, and ${event.paymentIntentId} also names it: a second charge for one order, for staff to refund`,
          );
        }
        paymentIntent = await this.retrievePaymentIntent(order.stripePaymentIntentId);
      } else if (event) {
        paymentIntent = await this.retrievePaymentIntent(event.paymentIntentId);
        // Found by the order id in its metadata; read again, it must still name this order.
        if (paymentIntent.metadata?.order_id !== order.id) return { reply: toPaymentReply(order, null) };
        this.adopting(order, paymentIntent.id);
      } else if (order.status === 'failed' || order.status === 'canceled') {
        // Refused before any PaymentIntent existed (the bank refused the card itself).
        return { declined: order.failureMessage };
      } else {
        try {
          paymentIntent =
            (await this.unrecordedPaymentIntent(order, customer)) ??
            (await this.createPaymentIntent(manager, order, customer));
        } catch (error) {
          if (!isCardError(error)) throw error;
          await this.record(manager, order, {
            status: 'failed',
            stripePaymentIntentId: error.payment_intent?.id ?? null,
            failureMessage: error.message,
          });
          this.logger.log(`order ${order.id} declined: ${error.code ?? 'card_error'}`);
          return { declined: error.message };
        }
      }
      return this.apply(manager, order, customer, paymentIntent);
    });
  }

  /** An order found the PaymentIntent Stripe made for it without its having recorded it (a lost reply). */
  private adopting(order: Order, paymentIntentId: string): void {
    this.logger.warn(`order ${order.id} takes PaymentIntent ${paymentIntentId}, which it had not recorded`);
  }

  /** With its card and its latest charge's refunds (newest first), which the order records. */
  private retrievePaymentIntent(id: string): Promise<Stripe.PaymentIntent> {
    return this.stripe.api.paymentIntents.retrieve(id, { expand: ['payment_method', REFUNDS_EXPAND] });
  }

  /**
   * The PaymentIntent Stripe made for an order that did not record it, once the order is too old for its
   * idempotency key to be remembered (within the window, creating it again replays it). Read from the
   * customer's PaymentIntents since the order was made, by the order id in their metadata.
   */
  private async unrecordedPaymentIntent(order: Order, customer: StripeCustomer): Promise<Stripe.PaymentIntent | null> {
    if (Date.now() - order.createdAt.getTime() < IDEMPOTENCY_WINDOW_MS) return null;
    const since = Math.floor(order.createdAt.getTime() / 1000) - CLOCK_SKEW_S;
    for await (const paymentIntent of this.stripe.api.paymentIntents.list({
      customer: customer.stripeCustomerId,
      created: { gte: since },
      limit: 100,
    })) {
      if (paymentIntent.metadata?.order_id === order.id) {
        this.adopting(order, paymentIntent.id);
        return this.retrievePaymentIntent(paymentIntent.id);
      }
    }
    return null;
  }

  private async createPaymentIntent(
    manager: EntityManager,
    order: Order,
    customer: StripeCustomer,
  ): Promise<Stripe.PaymentIntent> {
    const paymentMethod = await this.customers.paymentMethod(manager, customer, order.paymentMethodId, 'checkout');
    return this.stripe.api.paymentIntents.create(
      {
        amount: order.amountCents,
        currency: order.currency,
        customer: customer.stripeCustomerId,
        payment_method: paymentMethod.id,
        confirm: true,
        // The customer is on the page: 3-D Secure comes back as requires_action for Stripe.js to finish.
        use_stripe_sdk: true,
        allowed_payment_method_types: ['card'],
        description: order.itemName,
        metadata: { order_id: order.id, user_id: order.userId, kind: order.kind, item_id: order.itemId },
        expand: ['payment_method'],
      },
      { idempotencyKey: `order-${order.id}` },
    );
  }

  /** The order takes the PaymentIntent's state; the first success queues the receipt in the same transaction. */
  private async apply(
    manager: EntityManager,
    order: Order,
    customer: StripeCustomer,
    paymentIntent: Stripe.PaymentIntent,
  ): Promise<Outcome> {
    const status = ORDER_STATUS_OF[paymentIntent.status] ?? 'processing';
    const card = cardOf(paymentIntent.payment_method);
    const changes: Partial<Order> = {
      status,
      stripePaymentIntentId: paymentIntent.id,
      ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
      // A refund event handled before the payment's own events: the order ends as Stripe has it either way.
      ...refundsOf(order, paymentIntent),
    };
    if (status === 'succeeded') {
      changes.paidAt = new Date();
      changes.failureMessage = null;
      changes.receiptQueuedAt = new Date();
      Object.assign(order, changes);
      await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
        template: 'payment-receipt',
        to: customer.email,
        data: orderReceipt(order, customer.name, this.config.appUrl),
      });
      this.logger.log(`order ${order.id} paid: ${order.amountCents} ${order.currency}`);
    } else if (status === 'failed' || status === 'canceled') {
      changes.failureMessage = paymentIntent.last_payment_error?.message ?? MESSAGES.paymentFailed;
    }
    await this.record(manager, order, changes);
    if (status === 'failed' || status === 'canceled') return { declined: order.failureMessage };
    return { reply: toPaymentReply(order, status === 'requires_action' ? paymentIntent.client_secret : null) };
  }

  /** A paid order takes what has been refunded of its charge; written (and logged) only when it changed. */
  private async recordRefunds(manager: EntityManager, order: Order, paymentIntent: Stripe.PaymentIntent) {
    if (await recordRefunds(manager, Order, order, paymentIntent)) {
      this.logger.log(`order ${order.id} refunded: ${order.refundedCents} of ${order.amountCents} ${order.currency}`);
    }
  }

  private async record(manager: EntityManager, order: Order, changes: Partial<Order>): Promise<void> {
    Object.assign(order, changes);
    await manager.getRepository(Order).update({ id: order.id }, { ...changes, updatedAt: new Date() });
  }
}

export function toPaymentReply(order: Order, clientSecret: string | null): PaymentReply {
  const status = order.status === 'requires_action' || order.status === 'succeeded' ? order.status : 'processing';
  return {
    id: order.id,
    order_id: order.id,
    kind: order.kind,
    status,
    amount: toDollars(order.amountCents),
    currency: order.currency,
    created_at: order.createdAt.toISOString(),
    paid_at: iso(order.paidAt),
    service: order.kind === 'service' ? { id: order.itemId, title: order.itemName } : null,
    form: order.kind === 'form' ? { id: order.itemId, form_name: order.itemName } : null,
    payment_method:
      order.cardBrand && order.cardLast4 ? { details: { brand: order.cardBrand, last4: order.cardLast4 } } : null,
    client_secret: status === 'requires_action' ? clientSecret : null,
  };
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** The card of an expanded payment method, or null. */
export function cardOf(
  paymentMethod: string | Stripe.PaymentMethod | null | undefined,
): { brand: string; last4: string; expMonth: number; expYear: number } | null {
  if (!paymentMethod || typeof paymentMethod === 'string' || !paymentMethod.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = paymentMethod.card;
  return { brand, last4, expMonth, expYear };
}
