import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@portal/auth';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES } from '../common/messages';
import { StripeGateway } from '../stripe/stripe-client';
import { isMissing } from '../stripe/stripe-errors';
import { missingBillingDetails, type BillingDetailsRule } from './billing-details';
import { Customer } from './customer.entity';

/** A customer known to Stripe. */
export type StripeCustomer = Customer & { stripeCustomerId: string };

/** Stripe's ready-made test cards (pm_card_visa, ...): usable as a card id with test keys only. */
const TEST_PAYMENT_METHOD = /^pm_card_[A-Za-z]+$/;

@Injectable()
export class CustomersService {
  private readonly logger = new Logger(CustomersService.name);

  constructor(
    @InjectDataSource('billing') private readonly dataSource: DataSource,
    private readonly stripe: StripeGateway,
  ) {}

  findByUser(userId: string): Promise<Customer | null> {
    return this.dataSource.getRepository(Customer).findOneBy({ userId });
  }

  /**
   * The user's Stripe customer, created on first need: the row is claimed first (one per user), then
   * Stripe is asked under the row's lock, so copies of a first checkout sent at once (a double click, two
   * tabs, a retry) make one customer with one call, and a customer found deleted is replaced once. The
   * idempotency key of the user covers a request that dies after Stripe answered.
   */
  async ensure(user: AuthUser, options: { verify?: boolean } = {}): Promise<StripeCustomer> {
    await this.dataSource.query(
      `INSERT INTO customers (user_id, email) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`,
      [user.id, user.email],
    );
    const known = await this.dataSource.getRepository(Customer).findOneByOrFail({ userId: user.id });
    // Made already, with the account's address, and not to be checked at Stripe: nothing to wait for.
    if (known.stripeCustomerId && !options.verify && known.email === user.email) return known as StripeCustomer;
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(Customer);
      const customer = await repository.findOneOrFail({
        where: { userId: user.id },
        lock: { mode: 'pessimistic_write' },
      });
      let gone: string | null = null;
      if (customer.stripeCustomerId && options.verify && !(await this.existsAtStripe(customer.stripeCustomerId))) {
        // Deleted at Stripe (or a local fake Stripe that restarted empty): a new one replaces it.
        gone = customer.stripeCustomerId;
        this.logger.warn(`Stripe customer ${gone} of user ${user.id} no longer exists; making a new one`);
      }
      if (!customer.stripeCustomerId || gone) {
        const created = await this.stripe.api.customers.create(
          { email: user.email, ...(customer.name ? { name: customer.name } : {}), metadata: { user_id: user.id } },
          { idempotencyKey: gone ? `customer-${user.id}-after-${gone}` : `customer-${user.id}` },
        );
        await repository.update({ id: customer.id }, { stripeCustomerId: created.id, email: user.email });
        Object.assign(customer, { stripeCustomerId: created.id, email: user.email });
        this.logger.log(`Stripe customer ${customer.stripeCustomerId} for user ${user.id}`);
      } else if (customer.email !== user.email) {
        // Receipts go to the account's address as it is now.
        await this.stripe.api.customers.update(customer.stripeCustomerId, { email: user.email });
        await repository.update({ id: customer.id }, { email: user.email });
        customer.email = user.email;
      }
      return customer as StripeCustomer;
    });
  }

  private async existsAtStripe(stripeCustomerId: string): Promise<boolean> {
    try {
      const found = await this.stripe.api.customers.retrieve(stripeCustomerId);
      return !found.deleted;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /**
   * The card `id` of this customer, as Stripe has it: one set up with this customer's setup intent, one
   * not attached to anyone yet (attached now), or with test keys one of Stripe's test cards. Another
   * customer's card is not found (never used, never told apart from a wrong id). A card the bank refuses
   * to attach throws Stripe's card error (402 with its message). A card without the billing details
   * `rule` asks for is refused (400, the checkout form's words); Stripe's ready-made test cards carry
   * none and are taken as they are. Called inside the caller's transaction (`manager`), which holds a
   * row lock: the name is written on its connection, not on a second one.
   */
  async paymentMethod(
    manager: EntityManager,
    customer: StripeCustomer,
    id: string,
    rule: BillingDetailsRule,
  ): Promise<Stripe.PaymentMethod> {
    const api = this.stripe.api;
    let paymentMethod: Stripe.PaymentMethod;
    if (this.stripe.testMode && TEST_PAYMENT_METHOD.test(id)) {
      paymentMethod = await api.paymentMethods.attach(id, { customer: customer.stripeCustomerId });
    } else {
      try {
        paymentMethod = await api.paymentMethods.retrieve(id);
      } catch (error) {
        if (isMissing(error)) throw new BadRequestException({ detail: MESSAGES.paymentMethodNotFound });
        throw error;
      }
      const owner = typeof paymentMethod.customer === 'string' ? paymentMethod.customer : paymentMethod.customer?.id;
      if (owner && owner !== customer.stripeCustomerId) {
        this.logger.warn(`payment method ${id} of another customer offered by customer ${customer.id}`);
        throw new BadRequestException({ detail: MESSAGES.paymentMethodNotFound });
      }
      const missing = missingBillingDetails(paymentMethod.billing_details, rule);
      if (missing.length > 0) throw new BadRequestException({ detail: missing.join('; ') });
      if (!owner) paymentMethod = await api.paymentMethods.attach(id, { customer: customer.stripeCustomerId });
    }
    if (paymentMethod.type !== 'card' || !paymentMethod.card) {
      throw new BadRequestException({ detail: MESSAGES.paymentMethodNotCard });
    }
    await this.rememberName(manager, customer, paymentMethod);
    return paymentMethod;
  }

  /** The cardholder's name from the first card's billing details, on our row and Stripe's customer. */
  private async rememberName(
    manager: EntityManager,
    customer: StripeCustomer,
    paymentMethod: Stripe.PaymentMethod,
  ): Promise<void> {
    const name = paymentMethod.billing_details?.name?.trim();
    if (customer.name || !name) return;
    await this.stripe.api.customers.update(customer.stripeCustomerId, { name });
    await manager.getRepository(Customer).update({ id: customer.id }, { name });
    customer.name = name;
  }
}
