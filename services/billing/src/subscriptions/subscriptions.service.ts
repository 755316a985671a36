import {
  BadRequestException,
  ConflictException,
  HttpException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@portal/auth';
import { AppConfig } from '@portal/config';
import {
  trialDaysOf,
  type CreateSubscriptionReply,
  type CreateSubscriptionRequest,
  type InvoicesReply,
  type SubscriptionReply,
} from '@portal/contracts';
import { Outbox, QUEUES } from '@portal/events';
import { RateLimiter, toErrorBody } from '@portal/http';
import type Stripe from 'stripe';
import { DataSource, EntityManager, In, IsNull, Not } from 'typeorm';
import { PriceList } from '../catalog/price-list';
import { isUuid } from '../common/ids';
import { MESSAGES } from '../common/messages';
import { fromUnix } from '../common/money';
import { RATE_LIMITS } from '../common/rate-limits';
import { invoiceReceipt, renewalFailed } from '../common/receipts';
import { Customer } from '../customers/customer.entity';
import { CustomersService, StripeCustomer } from '../customers/customers.service';
import { cardOf, idOf } from '../payments/payments.service';
import { recordRefunds, REFUNDS_EXPAND } from '../payments/refunds';
import { StripeGateway } from '../stripe/stripe-client';
import { isCardError, isMissing, isStripeError, PaymentDeclinedException, toHttpError } from '../stripe/stripe-errors';
import { Invoice } from './invoice.entity';
import { LIVE_STATUSES, LocalSubscriptionStatus, Subscription } from './subscription.entity';
import { isEnded, isRunning, toInvoiceReply, toSubscriptionReply } from './subscription-view';
import { grantedTrialDays } from './trial';

/**
 * What every read of a subscription from Stripe expands: the card and the latest invoice's payments. Stripe
 * refuses an expand path of more than four levels, a list's `data` included, so the payment's
 * PaymentIntent is read on its own when needed (see paymentIntentOf).
 */
const SUBSCRIPTION_EXPAND = ['default_payment_method', 'latest_invoice.confirmation_secret', 'latest_invoice.payments'];
/** An invoice with its payments' PaymentIntents (four levels: Stripe's limit). */
const INVOICE_EXPAND = ['payments.data.payment.payment_intent'];
/** A pending row this old was left by a request that never finished (Stripe calls time out long before). */
const ORPHAN_AFTER_MS = 10 * 60_000;

type Card = NonNullable<ReturnType<typeof cardOf>>;
type Outcome = { reply: CreateSubscriptionReply } | { declined: string | null } | { refused: unknown };

@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);
  /**
   * The package's Stripe product id once it is known to exist (one per package, created on first need);
   * first subscriptions to one package at once share one look-up. A failed one is forgotten.
   */
  private readonly products = new Map<string, Promise<string>>();

  constructor(
    @InjectDataSource('billing') private readonly dataSource: DataSource,
    private readonly stripe: StripeGateway,
    private readonly customers: CustomersService,
    private readonly priceList: PriceList,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {}

  /** The user's subscriptions that started (trialing or active at some point), newest first. */
  async list(userId: string): Promise<SubscriptionReply[]> {
    const subscriptions = await this.dataSource.getRepository(Subscription).find({
      where: { userId, activatedAt: Not(IsNull()) },
      relations: { customer: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return subscriptions.map((subscription) => toSubscriptionReply(subscription, holderOf(subscription)));
  }

  async get(userId: string, id: string): Promise<SubscriptionReply> {
    const subscription = await this.owned(userId, id);
    return toSubscriptionReply(subscription, holderOf(subscription));
  }

  /** Newest first, with the subscription. */
  async invoices(userId: string, id: string): Promise<InvoicesReply> {
    const subscription = await this.owned(userId, id);
    const invoices = await this.dataSource.getRepository(Invoice).find({
      where: { subscriptionId: subscription.id },
      order: { stripeCreatedAt: 'DESC', id: 'DESC' },
    });
    return {
      invoices: invoices.map(toInvoiceReply),
      subscription: toSubscriptionReply(subscription, holderOf(subscription)),
    };
  }

  /**
   * Subscribes the user to a package at the catalog's monthly price, with the trial the server grants.
   * Keyed like a payment: the first request with an Idempotency-Key writes the row, every request with
   * it settles the same subscription (created at Stripe once, with the idempotency key
   * `subscription-<id>`); the page sends it again after finishing 3-D Secure to read the outcome.
   */
  async subscribe(
    user: AuthUser,
    idempotencyKey: string,
    request: CreateSubscriptionRequest,
  ): Promise<CreateSubscriptionReply> {
    await this.limiter.consume(RATE_LIMITS.checkoutsPerUser, user.id);
    const requestedTrialDays = trialDaysOf(request.trial_period_days);
    let subscription = await this.dataSource.getRepository(Subscription).findOneBy({ userId: user.id, idempotencyKey });
    if (!subscription) {
      const item = await this.priceList.find(request.package_id, ['package']);
      if (!item) throw new NotFoundException({ detail: MESSAGES.packageNotFound });
      if (!item.isFixedPrice || item.amountCents === null) throw new BadRequestException({ detail: MESSAGES.quoted });
      const customer = await this.customers.ensure(user);
      const trialUsed = await this.trialUsed(user.id, item.id);
      const trialDays = grantedTrialDays({
        requested: request.trial_period_days,
        packageTrialMonths: item.trialMonths,
        trialUsed,
      });
      subscription = await this.claim(customer, idempotencyKey, {
        packageId: item.id,
        packageName: item.name,
        amountCents: item.amountCents,
        currency: item.currency,
        paymentMethodId: request.payment_method_id,
        trialPeriodDays: trialDays,
        requestedTrialDays,
      });
    }
    if (
      subscription.packageId !== request.package_id ||
      subscription.paymentMethodId !== request.payment_method_id ||
      (subscription.requestedTrialDays !== null && subscription.requestedTrialDays !== requestedTrialDays)
    ) {
      throw new ConflictException({ detail: MESSAGES.idempotencyKeyReused });
    }
    const outcome = await this.settle(subscription.id);
    if ('declined' in outcome) throw new PaymentDeclinedException(outcome.declined);
    if ('refused' in outcome) throw outcome.refused;
    return outcome.reply;
  }

  /** Cancels at the end of the period (of the trial during one): nothing more is charged. The reason is kept. */
  async cancel(userId: string, id: string, reason: string | null): Promise<SubscriptionReply> {
    const owned = await this.owned(userId, id);
    return this.change(owned.id, async (manager, subscription) => {
      this.assertStarted(subscription);
      let stripeSubscription: Stripe.Subscription | null = null;
      if (!subscription.cancelAtPeriodEnd) {
        stripeSubscription = await this.stripe.api.subscriptions.update(subscription.stripeSubscriptionId!, {
          cancel_at_period_end: true,
          ...(reason ? { cancellation_details: { comment: reason } } : {}),
          expand: SUBSCRIPTION_EXPAND,
        });
      }
      if (reason) subscription.cancelReason = reason;
      if (stripeSubscription) await this.apply(manager, subscription, stripeSubscription);
      else await this.save(manager, subscription, { cancelReason: subscription.cancelReason });
      this.logger.log(`subscription ${subscription.id} cancels at period end`);
    });
  }

  /**
   * Undoes a cancellation before the period ends: a trial goes on (no charge until it ends), a paid
   * period goes on and renews. An ended subscription cannot be re-activated: the customer subscribes again.
   */
  async reactivate(userId: string, id: string): Promise<SubscriptionReply> {
    const owned = await this.owned(userId, id);
    return this.change(owned.id, async (manager, subscription) => {
      this.assertStarted(subscription);
      if (!subscription.cancelAtPeriodEnd) return;
      const stripeSubscription = await this.stripe.api.subscriptions.update(subscription.stripeSubscriptionId!, {
        cancel_at_period_end: false,
        expand: SUBSCRIPTION_EXPAND,
      });
      subscription.cancelReason = null;
      await this.apply(manager, subscription, stripeSubscription);
      this.logger.log(`subscription ${subscription.id} re-activated`);
    });
  }

  /**
   * The card future invoices are charged to. An unpaid invoice (a failed renewal) is paid with it first:
   * a card that is declined changes nothing (402 with the provider's message).
   */
  async updatePaymentMethod(user: AuthUser, id: string, paymentMethodId: string): Promise<SubscriptionReply> {
    const owned = await this.owned(user.id, id);
    return this.change(owned.id, async (manager, subscription) => {
      this.assertStarted(subscription);
      const customer = (await manager
        .getRepository(Customer)
        .findOneByOrFail({ id: subscription.customerId })) as StripeCustomer;
      const paymentMethod = await this.customers.paymentMethod(manager, customer, paymentMethodId, 'name');
      const api = this.stripe.api;
      const current = await api.subscriptions.retrieve(subscription.stripeSubscriptionId!, {
        expand: ['latest_invoice'],
      });
      const unpaid = current.latest_invoice as Stripe.Invoice | null;
      if (unpaid && unpaid.status === 'open' && unpaid.amount_remaining > 0) {
        await api.invoices.pay(unpaid.id, { payment_method: paymentMethod.id });
        this.logger.log(`subscription ${subscription.id}: open invoice ${unpaid.id} paid with the new card`);
      }
      const updated = await api.subscriptions.update(subscription.stripeSubscriptionId!, {
        default_payment_method: paymentMethod.id,
        expand: SUBSCRIPTION_EXPAND,
      });
      await this.apply(manager, subscription, updated);
      if (unpaid) await this.syncInvoiceLocked(manager, subscription, customer, unpaid.id);
    });
  }

  /** The subscription as Stripe has it now (webhook worker). Not ours (no row): left alone. */
  async syncSubscription(stripeSubscriptionId: string, localId: string | undefined): Promise<void> {
    const subscription = await this.findForStripe(stripeSubscriptionId, localId);
    if (!subscription) return;
    await this.dataSource.transaction(async (manager) => {
      const locked = await this.lock(manager, subscription.id);
      const stripeSubscription = await this.stripe.api.subscriptions.retrieve(stripeSubscriptionId, {
        expand: SUBSCRIPTION_EXPAND,
      });
      await this.apply(manager, locked, stripeSubscription);
    });
  }

  /** An invoice and its subscription as Stripe has them now (webhook worker), in either order of events. */
  async syncInvoice(stripeInvoiceId: string, stripeSubscriptionId: string, localId: string | undefined): Promise<void> {
    const subscription = await this.findForStripe(stripeSubscriptionId, localId);
    if (!subscription) return;
    await this.dataSource.transaction(async (manager) => {
      const locked = await this.lock(manager, subscription.id);
      const customer = (await manager
        .getRepository(Customer)
        .findOneByOrFail({ id: locked.customerId })) as StripeCustomer;
      const stripeSubscription = await this.stripe.api.subscriptions.retrieve(stripeSubscriptionId, {
        expand: SUBSCRIPTION_EXPAND,
      });
      await this.apply(manager, locked, stripeSubscription);
      await this.syncInvoiceLocked(manager, locked, customer, stripeInvoiceId);
    });
  }

  /**
   * A Stripe invoice event's invoice (read again by the caller when needed): an invoice of one of our
   * subscriptions is brought in line; any other invoice is left alone.
   */
  async syncStripeInvoice(invoice: Stripe.Invoice): Promise<void> {
    const details = invoice.parent?.subscription_details;
    const stripeSubscriptionId = idOf(details?.subscription);
    if (!stripeSubscriptionId) return;
    await this.syncInvoice(invoice.id, stripeSubscriptionId, details?.metadata?.subscription_id);
  }

  /**
   * Our record of the invoice a PaymentIntent paid, for a refund or a dispute of its charge. Stripe's
   * invoice payments name the invoice (a PaymentIntent has not named it since API 2025-03-31). An invoice of
   * ours whose own events have not been handled yet is recorded first, so an early refund or dispute is not
   * lost. Null when the PaymentIntent paid no invoice of our subscriptions.
   */
  async invoiceOfPaymentIntent(paymentIntentId: string): Promise<Invoice | null> {
    const payments = await this.stripe.api.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      limit: 1,
    });
    const stripeInvoiceId = idOf(payments.data[0]?.invoice);
    if (!stripeInvoiceId) return null;
    const repository = this.dataSource.getRepository(Invoice);
    const known = await repository.findOneBy({ stripeInvoiceId });
    if (known) return known;
    await this.syncStripeInvoice(await this.stripe.api.invoices.retrieve(stripeInvoiceId));
    return repository.findOneBy({ stripeInvoiceId });
  }

  /**
   * A refund of a subscription payment (webhook worker): the invoice it paid takes what has been refunded
   * of its charge, read from Stripe under the invoice's row lock, as an order does.
   */
  async syncInvoiceRefunds(paymentIntentId: string): Promise<void> {
    const invoice = await this.invoiceOfPaymentIntent(paymentIntentId);
    if (!invoice) return;
    await this.dataSource.transaction(async (manager) => {
      const locked = await manager
        .getRepository(Invoice)
        .findOneOrFail({ where: { id: invoice.id }, lock: { mode: 'pessimistic_write' } });
      const paymentIntent = await this.stripe.api.paymentIntents.retrieve(paymentIntentId, {
        expand: [REFUNDS_EXPAND],
      });
      if (await recordRefunds(manager, Invoice, locked, paymentIntent)) {
        this.logger.log(
          `invoice ${locked.stripeInvoiceId} refunded: ${locked.refundedCents} of ${locked.amountPaid} ${locked.currency}`,
        );
      }
    });
  }

  private async syncInvoiceLocked(
    manager: EntityManager,
    subscription: Subscription,
    customer: StripeCustomer,
    stripeInvoiceId: string,
  ): Promise<void> {
    const invoice = await this.stripe.api.invoices.retrieve(stripeInvoiceId, { expand: INVOICE_EXPAND });
    await this.upsertInvoice(manager, subscription, customer, invoice);
  }

  private async owned(userId: string, id: string): Promise<Subscription> {
    const subscription = isUuid(id)
      ? await this.dataSource.getRepository(Subscription).findOne({
          where: { id, userId },
          relations: { customer: true },
        })
      : null;
    // Another user's subscription is not found, exactly like one that does not exist.
    if (!subscription) throw new NotFoundException({ detail: MESSAGES.subscriptionNotFound });
    return subscription;
  }

  private assertStarted(subscription: Subscription): void {
    if (isEnded(subscription.status)) throw new ConflictException({ detail: MESSAGES.subscriptionEnded });
    if (!subscription.stripeSubscriptionId || !isRunning(subscription.status)) {
      throw new ConflictException({ detail: MESSAGES.subscriptionNotStarted });
    }
  }

  /** Runs `work` on the locked row, then answers the subscription as it stands. */
  private async change(
    id: string,
    work: (manager: EntityManager, subscription: Subscription) => Promise<void>,
  ): Promise<SubscriptionReply> {
    return this.dataSource.transaction(async (manager) => {
      const subscription = await this.lock(manager, id);
      await work(manager, subscription);
      const customer = await manager.getRepository(Customer).findOneByOrFail({ id: subscription.customerId });
      return toSubscriptionReply(subscription, customer);
    });
  }

  private async lock(manager: EntityManager, id: string): Promise<Subscription> {
    const subscription = await manager
      .getRepository(Subscription)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!subscription) throw new NotFoundException({ detail: MESSAGES.subscriptionNotFound });
    return subscription;
  }

  private async findForStripe(stripeSubscriptionId: string, localId: string | undefined): Promise<Subscription | null> {
    const repository = this.dataSource.getRepository(Subscription);
    const found =
      (await repository.findOneBy({ stripeSubscriptionId })) ??
      (isUuid(localId) ? await repository.findOneBy({ id: localId }) : null);
    if (!found) this.logger.log(`Stripe subscription ${stripeSubscriptionId} is not one of ours; ignored`);
    if (found?.stripeSubscriptionId && found.stripeSubscriptionId !== stripeSubscriptionId) return null;
    return found;
  }

  private async trialUsed(userId: string, packageId: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM subscriptions
        WHERE user_id = $1 AND package_id = $2 AND trial_period_days > 0 AND activated_at IS NOT NULL LIMIT 1`,
      [userId, packageId],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * Writes the subscription row (committed before Stripe is called). One live subscription per user and
   * package (a unique index decides between concurrent requests): an active, trialing or unpaid one
   * refuses the new one (409); one whose first payment was abandoned is ended first; a row left behind by
   * a request that never finished is reconciled with Stripe.
   */
  private async claim(
    customer: StripeCustomer,
    idempotencyKey: string,
    values: Pick<
      Subscription,
      | 'packageId'
      | 'packageName'
      | 'amountCents'
      | 'currency'
      | 'paymentMethodId'
      | 'trialPeriodDays'
      | 'requestedTrialDays'
    >,
  ): Promise<Subscription> {
    const repository = this.dataSource.getRepository(Subscription);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const live = await repository.findOneBy({
        userId: customer.userId,
        packageId: values.packageId,
        status: In(LIVE_STATUSES as LocalSubscriptionStatus[]),
      });
      if (live && live.idempotencyKey !== idempotencyKey) {
        if (isRunning(live.status)) throw new ConflictException({ detail: MESSAGES.alreadySubscribed });
        if (live.status === 'incomplete') await this.abandon(live.id);
        else if (Date.now() - live.createdAt.getTime() > ORPHAN_AFTER_MS) await this.reconcileOrphan(live.id);
        else throw new ConflictException({ detail: MESSAGES.subscriptionInProgress });
        continue;
      }
      // Any unique conflict (the same key sent twice at once, or another live one) inserts nothing.
      await this.dataSource.query(
        `INSERT INTO subscriptions
           (user_id, customer_id, idempotency_key, package_id, package_name, amount_cents, currency, payment_method_id,
            trial_period_days, requested_trial_days)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT DO NOTHING`,
        [
          customer.userId,
          customer.id,
          idempotencyKey,
          values.packageId,
          values.packageName,
          values.amountCents,
          values.currency,
          values.paymentMethodId,
          values.trialPeriodDays,
          values.requestedTrialDays,
        ],
      );
      const mine = await repository.findOneBy({ userId: customer.userId, idempotencyKey });
      if (mine) return mine;
    }
    throw new ConflictException({ detail: MESSAGES.subscriptionInProgress });
  }

  /**
   * Ends a subscription whose first payment never completed (the customer left 3-D Secure unfinished).
   * Our row may be behind Stripe — 3-D Secure completed, its webhook not yet worked — so Stripe is asked
   * first: a subscription paid meanwhile is taken as it is (and refuses the new attempt), never cancelled.
   */
  private async abandon(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const subscription = await this.lock(manager, id);
      if (subscription.status !== 'incomplete' || !subscription.stripeSubscriptionId) return;
      const current = await this.stripe.api.subscriptions.retrieve(subscription.stripeSubscriptionId, {
        expand: SUBSCRIPTION_EXPAND,
      });
      if (current.status !== 'incomplete') {
        await this.apply(manager, subscription, current);
        return;
      }
      const ended = await this.stripe.api.subscriptions.cancel(subscription.stripeSubscriptionId, {
        expand: SUBSCRIPTION_EXPAND,
      });
      await this.apply(manager, subscription, ended);
      this.logger.log(`subscription ${subscription.id} abandoned before its first payment; ended`);
    });
  }

  /** A row whose request never finished: Stripe's subscription of it if there is one, else it never began. */
  private async reconcileOrphan(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const subscription = await this.lock(manager, id);
      if (subscription.status !== 'pending') return;
      const customer = await manager.getRepository(Customer).findOneByOrFail({ id: subscription.customerId });
      const candidates = await this.stripe.api.subscriptions.list({
        customer: customer.stripeCustomerId!,
        status: 'all',
        limit: 100,
      });
      const found = candidates.data.find((candidate) => candidate.metadata.subscription_id === subscription.id);
      if (found) {
        const current = await this.stripe.api.subscriptions.retrieve(found.id, { expand: SUBSCRIPTION_EXPAND });
        await this.apply(manager, subscription, current);
      } else {
        await this.save(manager, subscription, { status: 'incomplete_expired' });
      }
      this.logger.warn(`subscription ${subscription.id} left pending by an unfinished request: reconciled`);
    });
  }

  /**
   * Under the row lock: creates the Stripe subscription once, or reads it again, and takes its state. A
   * first payment that needs 3-D Secure answers requires_action with the client secret; a declined one
   * ends the subscription at Stripe (nothing is left to charge later) and answers the provider's message.
   */
  private async settle(id: string): Promise<Outcome> {
    return this.dataSource.transaction(async (manager) => {
      const subscription = await this.lock(manager, id);
      const customer = (await manager
        .getRepository(Customer)
        .findOneByOrFail({ id: subscription.customerId })) as StripeCustomer;
      // Its first attempt was refused, or its first payment declined (and the subscription ended at
      // Stripe): the same answer again.
      if (subscription.refusalStatus !== null) {
        return { refused: new HttpException({ detail: subscription.failureMessage }, subscription.refusalStatus) };
      }
      if (subscription.failureMessage !== null) return { declined: subscription.failureMessage };
      let stripeSubscription: Stripe.Subscription;
      if (subscription.stripeSubscriptionId) {
        stripeSubscription = await this.stripe.api.subscriptions.retrieve(subscription.stripeSubscriptionId, {
          expand: SUBSCRIPTION_EXPAND,
        });
      } else if (subscription.status !== 'pending') {
        return { declined: subscription.failureMessage };
      } else {
        try {
          stripeSubscription = await this.create(manager, subscription, customer);
        } catch (error) {
          if (isCardError(error)) {
            await this.save(manager, subscription, { status: 'incomplete_expired', failureMessage: error.message });
            return { declined: error.message };
          }
          // A final refusal (a card id that is not the customer's, a request Stripe refuses) created nothing:
          // the row ends here, so it does not hold the package. Anything else (the network, Stripe's own
          // errors) may have created it: the row stays pending for the same key to settle later.
          if (isFinalRefusal(error)) {
            // Kept as it is answered (a Stripe error through toHttpError, as the interceptor does).
            const { status, body } = toErrorBody(toHttpError(error));
            await this.save(manager, subscription, {
              status: 'incomplete_expired',
              failureMessage: body.detail,
              refusalStatus: status,
            });
            return { refused: error };
          }
          throw error;
        }
      }
      await this.apply(manager, subscription, stripeSubscription);
      if (stripeSubscription.status === 'incomplete') {
        const invoice = stripeSubscription.latest_invoice as Stripe.Invoice | null;
        const paymentIntent = await this.paymentIntentOf(invoice);
        if (paymentIntent?.status === 'requires_payment_method' || paymentIntent?.status === 'canceled') {
          const message = paymentIntent.last_payment_error?.message ?? MESSAGES.paymentFailed;
          const ended = await this.stripe.api.subscriptions.cancel(stripeSubscription.id, {
            expand: SUBSCRIPTION_EXPAND,
          });
          subscription.failureMessage = message;
          await this.apply(manager, subscription, ended);
          this.logger.log(`subscription ${subscription.id}: first payment declined; ended`);
          return { declined: message };
        }
        const waiting = paymentIntent?.status === 'requires_action';
        const clientSecret = waiting ? (invoice?.confirmation_secret?.client_secret ?? null) : null;
        return {
          reply: {
            ...toSubscriptionReply(subscription, customer),
            requires_action: clientSecret !== null,
            client_secret: clientSecret,
          },
        };
      }
      return { reply: { ...toSubscriptionReply(subscription, customer), requires_action: false, client_secret: null } };
    });
  }

  private async create(
    manager: EntityManager,
    subscription: Subscription,
    customer: StripeCustomer,
  ): Promise<Stripe.Subscription> {
    const paymentMethod = await this.customers.paymentMethod(
      manager,
      customer,
      subscription.paymentMethodId,
      'checkout',
    );
    const card = cardOf(paymentMethod);
    if (card) Object.assign(subscription, cardColumns(card));
    const product = await this.product(subscription.packageId, subscription.packageName);
    return this.stripe.api.subscriptions.create(
      {
        customer: customer.stripeCustomerId,
        items: [
          {
            price_data: {
              currency: subscription.currency,
              product,
              unit_amount: subscription.amountCents,
              recurring: { interval: 'month' },
            },
          },
        ],
        default_payment_method: paymentMethod.id,
        ...(subscription.trialPeriodDays > 0 ? { trial_period_days: subscription.trialPeriodDays } : {}),
        // Charged at once when there is no trial; a card that needs 3-D Secure leaves it incomplete.
        payment_behavior: 'allow_incomplete',
        metadata: {
          subscription_id: subscription.id,
          user_id: subscription.userId,
          package_id: subscription.packageId,
        },
        expand: SUBSCRIPTION_EXPAND,
      },
      { idempotencyKey: `subscription-${subscription.id}` },
    );
  }

  /** The package's Stripe product, with an id of the package: created once, found again by every process. */
  private product(packageId: string, name: string): Promise<string> {
    const id = `portal-package-${packageId}`;
    let known = this.products.get(id);
    if (!known) {
      known = this.ensureProduct(id, packageId, name);
      this.products.set(id, known);
      known.catch(() => this.products.delete(id));
    }
    return known;
  }

  /** Another process making it at the same time sends the same idempotency key: Stripe makes one. */
  private async ensureProduct(id: string, packageId: string, name: string): Promise<string> {
    try {
      await this.stripe.api.products.retrieve(id);
    } catch (error) {
      if (!isMissing(error)) throw error;
      await this.stripe.api.products.create(
        { id, name, metadata: { package_id: packageId } },
        { idempotencyKey: `product-${id}` },
      );
    }
    return id;
  }

  /** The row takes Stripe's state (and its latest invoice, when it came expanded). */
  private async apply(manager: EntityManager, subscription: Subscription, stripe: Stripe.Subscription): Promise<void> {
    const item = stripe.items.data[0];
    const card = cardOf(stripe.default_payment_method);
    const status = stripe.status as LocalSubscriptionStatus;
    const changes: Partial<Subscription> = {
      stripeSubscriptionId: stripe.id,
      status,
      trialStart: fromUnix(stripe.trial_start),
      trialEnd: fromUnix(stripe.trial_end),
      cancelAtPeriodEnd: stripe.cancel_at_period_end,
      canceledAt: fromUnix(stripe.canceled_at),
      endedAt: fromUnix(stripe.ended_at),
      startedAt: fromUnix(stripe.start_date),
      currentPeriodStart: fromUnix(item?.current_period_start),
      currentPeriodEnd: fromUnix(item?.current_period_end),
      activatedAt: subscription.activatedAt ?? (isRunning(status) && status !== 'paused' ? new Date() : null),
      cancelReason: subscription.cancelReason ?? stripe.cancellation_details?.comment ?? null,
      failureMessage: subscription.failureMessage,
      ...(card
        ? cardColumns(card)
        : {
            cardBrand: subscription.cardBrand,
            cardLast4: subscription.cardLast4,
            cardExpMonth: subscription.cardExpMonth,
            cardExpYear: subscription.cardExpYear,
          }),
    };
    await this.save(manager, subscription, changes);
    const invoice = stripe.latest_invoice;
    if (invoice && typeof invoice !== 'string') {
      const customer = (await manager
        .getRepository(Customer)
        .findOneByOrFail({ id: subscription.customerId })) as StripeCustomer;
      await this.upsertInvoice(manager, subscription, customer, invoice);
    }
  }

  private async save(
    manager: EntityManager,
    subscription: Subscription,
    changes: Partial<Subscription>,
  ): Promise<void> {
    Object.assign(subscription, changes, { updatedAt: new Date() });
    await manager
      .getRepository(Subscription)
      .update({ id: subscription.id }, { ...changes, updatedAt: subscription.updatedAt });
  }

  /** The PaymentIntent of the invoice's payment (its payments listed), read from Stripe when not expanded. */
  private async paymentIntentOf(
    invoice: Stripe.Invoice | null,
    expand: string[] = [],
  ): Promise<Stripe.PaymentIntent | null> {
    const payment = invoice?.payments?.data[0]?.payment.payment_intent;
    if (!payment) return null;
    if (
      typeof payment !== 'string' &&
      expand.every((field) => typeof payment[field as 'payment_method'] !== 'string')
    ) {
      return payment;
    }
    return this.stripe.api.paymentIntents.retrieve(typeof payment === 'string' ? payment : payment.id, { expand });
  }

  /**
   * The invoice row takes Stripe's state. Its first paid state queues the receipt, and each failed attempt
   * of a renewal queues the mail with the update-payment link, in the same transaction, so neither is
   * sent twice however often the invoice's events arrive.
   */
  private async upsertInvoice(
    manager: EntityManager,
    subscription: Subscription,
    customer: StripeCustomer,
    invoice: Stripe.Invoice,
  ): Promise<void> {
    const period = invoice.lines?.data[0]?.period;
    const repository = manager.getRepository(Invoice);
    const known = await repository.findOneBy({ stripeInvoiceId: invoice.id });
    // The card that paid it, read once (a paid invoice's card does not change).
    const paidWith =
      invoice.status !== 'paid'
        ? null
        : known?.cardBrand && known.cardLast4
          ? { brand: known.cardBrand, last4: known.cardLast4 }
          : cardOf((await this.paymentIntentOf(invoice, ['payment_method']))?.payment_method);
    const card =
      paidWith ?? (subscription.cardBrand ? { brand: subscription.cardBrand, last4: subscription.cardLast4 } : null);
    const values = {
      stripeInvoiceId: invoice.id,
      subscriptionId: subscription.id,
      userId: subscription.userId,
      number: invoice.number,
      status: (invoice.status ?? 'draft') as Invoice['status'],
      billingReason: invoice.billing_reason,
      amountDue: invoice.amount_due,
      amountPaid: invoice.amount_paid,
      currency: invoice.currency,
      attemptCount: invoice.attempt_count,
      nextPaymentAttempt: fromUnix(invoice.next_payment_attempt),
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      invoicePdf: invoice.invoice_pdf ?? null,
      periodStart: fromUnix(period?.start),
      periodEnd: fromUnix(period?.end),
      stripeCreatedAt: fromUnix(invoice.created)!,
      paidAt: fromUnix(invoice.status_transitions?.paid_at),
      cardBrand: invoice.status === 'paid' ? (card?.brand ?? null) : null,
      cardLast4: invoice.status === 'paid' ? (card?.last4 ?? null) : null,
      updatedAt: new Date(),
    };
    await repository.upsert(values, { conflictPaths: ['stripeInvoiceId'] });
    const row = await repository.findOneByOrFail({ stripeInvoiceId: invoice.id });

    if (row.status === 'paid' && row.amountPaid > 0 && !row.receiptQueuedAt) {
      row.receiptQueuedAt = new Date();
      await repository.update({ id: row.id }, { receiptQueuedAt: row.receiptQueuedAt });
      await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
        template: 'payment-receipt',
        to: customer.email,
        data: invoiceReceipt(row, subscription, customer.name, this.config.appUrl),
      });
      this.logger.log(`invoice ${row.stripeInvoiceId} paid: receipt queued`);
    }
    const renewalFailedNow =
      row.status === 'open' &&
      row.billingReason !== 'subscription_create' &&
      row.amountDue > row.amountPaid &&
      row.attemptCount > row.failureNotifiedAttempts;
    if (renewalFailedNow) {
      await repository.update({ id: row.id }, { failureNotifiedAttempts: row.attemptCount });
      await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
        template: 'payment-failed',
        to: customer.email,
        data: renewalFailed(row, subscription, customer.name, this.config.appUrl),
      });
      this.logger.log(`invoice ${row.stripeInvoiceId}: payment attempt ${row.attemptCount} failed; customer told`);
    }
  }
}

/** An answer that says nothing was created: our 4xx, or Stripe's (its 4xx errors are final, 409 and 429 aside). */
function isFinalRefusal(error: unknown): boolean {
  if (error instanceof HttpException) return error.getStatus() >= 400 && error.getStatus() < 500;
  if (!isStripeError(error)) return false;
  const status = error.statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
}

function cardColumns(card: Card): Pick<Subscription, 'cardBrand' | 'cardLast4' | 'cardExpMonth' | 'cardExpYear'> {
  return { cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.expMonth, cardExpYear: card.expYear };
}

function holderOf(subscription: Subscription): { name: string | null; email: string } {
  return { name: subscription.customer?.name ?? null, email: subscription.customer?.email ?? '' };
}
