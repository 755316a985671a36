import { FakeStripe, startFakeStripe } from '@portal/fake-stripe';
import Stripe from 'stripe';

// Driven with the official SDK: what passes here is what the billing service can rely on.
describe('fake Stripe: customers, payment methods, intents', () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  /** The publishable-key client, as Stripe.js uses it (card details only go through it). */
  let browser: Stripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = fake.client();
    browser = fake.client(fake.publishableKey);
  });

  afterAll(() => fake.stop());

  const eventsOf = (id: string) => fake.events().filter((event) => (event.data.object as { id: string }).id === id);

  const cardMethod = (number: string) =>
    browser.paymentMethods.create({
      type: 'card',
      card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
      billing_details: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });

  async function cardError(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
    const error = await promise.then(
      () => {
        throw new Error('expected a Stripe error');
      },
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeError);
    return error as Stripe.errors.StripeError;
  }

  describe('requests', () => {
    it('refuses a missing or wrong key with 401 in Stripe’s format', async () => {
      const missing = await fetch(`${fake.url}/v1/customers`);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({
        error: expect.objectContaining({
          type: 'invalid_request_error',
          message: expect.stringContaining('You did not provide an API key'),
        }),
      });
      const wrong = await cardError(fake.client('sk_test_wrongwrongwrong').customers.list());
      expect(wrong).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.message).toMatch(/^Invalid API Key provided: sk_test_\*+rong$/);
    });

    it('refuses the publishable key on secret-key endpoints', async () => {
      const error = await cardError(browser.customers.create({ email: 'x@example.com' }));
      expect(error.statusCode).toBe(403);
      expect(error.message).toMatch(/cannot be made with a publishable API key/);
    });

    it('answers unknown parameters and ids as Stripe does', async () => {
      const unknown = await cardError(stripe.customers.create({ emial: 'x' } as Stripe.CustomerCreateParams));
      expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(unknown).toMatchObject({
        statusCode: 400,
        code: 'parameter_unknown',
        param: 'emial',
        message: 'Received unknown parameter: emial',
      });
      const missing = await cardError(stripe.customers.retrieve('cus_nope'));
      expect(missing).toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
        param: 'id',
        message: "No such customer: 'cus_nope'",
      });
      const unrecognized = await fetch(`${fake.url}/v1/nothing`, {
        headers: { Authorization: `Bearer ${fake.secretKey}` },
      });
      expect(unrecognized.status).toBe(404);
    });
  });

  describe('customers', () => {
    it('creates, retrieves, updates and lists customers in Stripe’s shape', async () => {
      const customer = await stripe.customers.create({
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        metadata: { user_id: '42' },
      });
      expect(customer).toMatchObject({
        id: expect.stringMatching(/^cus_/),
        object: 'customer',
        livemode: false,
        email: 'ada@example.com',
        metadata: { user_id: '42' },
        invoice_settings: { default_payment_method: null },
      });
      expect(customer.created).toBe(fake.now());

      const updated = await stripe.customers.update(customer.id, { name: 'Ada King', metadata: { user_id: '' } });
      expect(updated).toMatchObject({ name: 'Ada King', metadata: {} });
      expect(await stripe.customers.retrieve(customer.id)).toEqual(updated);
      const listed = await stripe.customers.list({ email: 'ada@example.com' });
      expect(listed).toMatchObject({ object: 'list', has_more: false, url: '/v1/customers' });
      expect(listed.data.map((c) => c.id)).toEqual([customer.id]);

      const updatedEvent = fake.events().find((event) => event.type === 'customer.updated');
      expect(updatedEvent?.data.previous_attributes).toEqual({ name: 'Ada Lovelace', metadata: { user_id: '42' } });
    });

    it('replays an idempotent create and refuses the key with other parameters', async () => {
      const key = `create-customer-${Date.now()}`;
      const first = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: key });
      const again = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: key });
      expect(again.id).toBe(first.id);
      expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
      expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
      expect((await stripe.customers.list({ email: 'once@example.com' })).data).toHaveLength(1);

      const mismatch = await cardError(
        stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key }),
      );
      expect(mismatch).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.type).toBe('StripeIdempotencyError');
      expect(mismatch.message).toContain('Keys for idempotent requests can only be used with the same parameters');
    });

    it("forgets a key 24 hours after its request, on the fake's clock", async () => {
      const key = `forgotten-${Date.now()}`;
      const first = await stripe.customers.create({ email: 'day@example.com' }, { idempotencyKey: key });
      fake.advanceClock(23 * 3600);
      expect((await stripe.customers.create({ email: 'day@example.com' }, { idempotencyKey: key })).id).toBe(first.id);
      fake.advanceClock(3600 + 1);
      const later = await stripe.customers.create({ email: 'day@example.com' }, { idempotencyKey: key });
      expect(later.id).not.toBe(first.id);
      expect(later.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    });

    it('does not save a response refused for its parameters', async () => {
      const key = `bad-then-good-${Date.now()}`;
      await cardError(stripe.customers.create({ emial: 'x' } as Stripe.CustomerCreateParams, { idempotencyKey: key }));
      const customer = await stripe.customers.create({ email: 'fixed@example.com' }, { idempotencyKey: key });
      expect(customer.email).toBe('fixed@example.com');
    });
  });

  describe('setup intents and payment methods', () => {
    it('sets up a 4242 card for the customer and makes it the invoice default', async () => {
      const customer = await stripe.customers.create({ email: 'setup@example.com' });
      const setupIntent = await stripe.setupIntents.create({
        customer: customer.id,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      expect(setupIntent).toMatchObject({
        object: 'setup_intent',
        status: 'requires_payment_method',
        client_secret: expect.stringMatching(new RegExp(`^${setupIntent.id}_secret_`)),
      });
      const paymentMethod = await cardMethod('4242424242424242');
      expect(paymentMethod).toMatchObject({
        object: 'payment_method',
        type: 'card',
        customer: null,
        card: { brand: 'visa', last4: '4242', funding: 'credit' },
        billing_details: { name: 'Ada Lovelace', email: 'ada@example.com' },
      });

      const confirmed = await browser.setupIntents.confirm(setupIntent.id, {
        payment_method: paymentMethod.id,
        client_secret: setupIntent.client_secret,
      } as Stripe.SetupIntentConfirmParams);
      expect(confirmed).toMatchObject({ status: 'succeeded', payment_method: paymentMethod.id });
      expect((await stripe.paymentMethods.retrieve(paymentMethod.id)).customer).toBe(customer.id);

      await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: paymentMethod.id } });
      const expanded = await stripe.customers.retrieve(customer.id, {
        expand: ['invoice_settings.default_payment_method'],
      });
      expect((expanded as Stripe.Customer).invoice_settings.default_payment_method).toMatchObject({
        id: paymentMethod.id,
        object: 'payment_method',
      });
      const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
      expect(listed.data.map((pm) => pm.id)).toEqual([paymentMethod.id]);
      const types = fake.events().map((event) => event.type);
      expect(types).toEqual(expect.arrayContaining(['setup_intent.succeeded', 'payment_method.attached']));
    });

    it('needs the client secret with the publishable key', async () => {
      const setupIntent = await stripe.setupIntents.create({ allowed_payment_method_types: ['card'] });
      const error = await cardError(
        browser.setupIntents.retrieve(setupIntent.id, { client_secret: 'seti_x_secret_wrong' } as never),
      );
      expect(error).toMatchObject({ statusCode: 400, param: 'client_secret' });
      const read = await browser.setupIntents.retrieve(setupIntent.id, {
        client_secret: setupIntent.client_secret,
      } as never);
      expect(read.id).toBe(setupIntent.id);
    });

    it('declines setting up 4000000000000002 with the card error and the setup intent', async () => {
      const customer = await stripe.customers.create({});
      const setupIntent = await stripe.setupIntents.create({ customer: customer.id });
      const paymentMethod = await cardMethod('4000000000000002');
      const error = await cardError(stripe.setupIntents.confirm(setupIntent.id, { payment_method: paymentMethod.id }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({
        statusCode: 402,
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      expect(error.raw).toMatchObject({ setup_intent: { id: setupIntent.id, status: 'requires_payment_method' } });
      expect(await stripe.setupIntents.retrieve(setupIntent.id)).toMatchObject({
        status: 'requires_payment_method',
        last_setup_error: { code: 'card_declined', message: 'Your card was declined.' },
      });
    });

    it('asks 4000002500003155 for authentication on setup, then succeeds', async () => {
      const customer = await stripe.customers.create({});
      const setupIntent = await stripe.setupIntents.create({ customer: customer.id });
      const paymentMethod = await cardMethod('4000002500003155');
      const pending = await stripe.setupIntents.confirm(setupIntent.id, { payment_method: paymentMethod.id });
      expect(pending).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
      fake.authenticate(setupIntent.id, 'complete');
      expect(await stripe.setupIntents.retrieve(setupIntent.id)).toMatchObject({ status: 'succeeded' });
      expect((await stripe.paymentMethods.retrieve(paymentMethod.id)).customer).toBe(customer.id);
    });

    it('refuses raw card numbers with the secret key, and invalid numbers with a card error', async () => {
      const secret = await cardError(
        stripe.paymentMethods.create({
          type: 'card',
          card: { number: '4242424242424242', exp_month: 1, exp_year: 2040 },
        }),
      );
      expect(secret.statusCode).toBe(400);
      const invalid = await cardError(cardMethod('4242424242424241'));
      expect(invalid).toMatchObject({
        statusCode: 402,
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
      });
    });

    it('attaches 4000000000000341 but refuses to attach 4000000000000002; detaches', async () => {
      const customer = await stripe.customers.create({});
      const failing = await cardMethod('4000000000000341');
      expect((await stripe.paymentMethods.attach(failing.id, { customer: customer.id })).customer).toBe(customer.id);
      const declined = await cardMethod('4000000000000002');
      const error = await cardError(stripe.paymentMethods.attach(declined.id, { customer: customer.id }));
      expect(error).toMatchObject({ statusCode: 402, code: 'card_declined' });
      const detached = await stripe.paymentMethods.detach(failing.id);
      expect(detached.customer).toBeNull();
      expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
    });

    it('attaches a test PaymentMethod as a new pm_ of the customer', async () => {
      const customer = await stripe.customers.create({});
      const attached = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
      expect(attached.id).toMatch(/^pm_(?!card_)/);
      expect(attached).toMatchObject({ customer: customer.id, card: { last4: '4242', brand: 'visa' } });
    });
  });

  describe('payment intents', () => {
    async function customerWith(card: string) {
      const customer = await stripe.customers.create({});
      const paymentMethod = await stripe.paymentMethods.attach(card, { customer: customer.id });
      return { customer, paymentMethod };
    }

    it('charges 4242 at once: succeeded, with its charge', async () => {
      const { customer, paymentMethod } = await customerWith('pm_card_visa');
      const paymentIntent = await stripe.paymentIntents.create({
        amount: 4900,
        currency: 'usd',
        customer: customer.id,
        payment_method: paymentMethod.id,
        confirm: true,
        description: 'LLC formation',
        metadata: { service_id: '7' },
        expand: ['latest_charge'],
      });
      expect(paymentIntent).toMatchObject({
        object: 'payment_intent',
        status: 'succeeded',
        amount: 4900,
        amount_received: 4900,
        currency: 'usd',
        description: 'LLC formation',
        metadata: { service_id: '7' },
        latest_charge: {
          object: 'charge',
          status: 'succeeded',
          paid: true,
          amount: 4900,
          payment_intent: paymentIntent.id,
        },
      });
      const types = fake.events().filter((e) => (e.data.object as { id: string }).id === paymentIntent.id);
      expect(types.map((e) => e.type)).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
    });

    it("lists a customer's payment intents, newest first, by creation time", async () => {
      const { customer, paymentMethod } = await customerWith('pm_card_visa');
      const other = await customerWith('pm_card_visa');
      const pay = (cents: number, paidBy = { customer, paymentMethod }) =>
        stripe.paymentIntents.create({
          amount: cents,
          currency: 'usd',
          customer: paidBy.customer.id,
          payment_method: paidBy.paymentMethod.id,
          confirm: true,
        });
      const first = await pay(1000);
      await pay(3000, other);
      fake.advanceClock(3600);
      const second = await pay(2000);

      const all = await stripe.paymentIntents.list({ customer: customer.id });
      expect(all).toMatchObject({ object: 'list', has_more: false, url: '/v1/payment_intents' });
      expect(all.data.map((paymentIntent) => paymentIntent.id)).toEqual([second.id, first.id]);
      const since = await stripe.paymentIntents.list({ customer: customer.id, created: { gte: second.created } });
      expect(since.data.map((paymentIntent) => paymentIntent.id)).toEqual([second.id]);
      const before = await stripe.paymentIntents.list({ customer: customer.id, created: { lt: second.created } });
      expect(before.data.map((paymentIntent) => paymentIntent.id)).toEqual([first.id]);
      const page = await stripe.paymentIntents.list({ customer: customer.id, limit: 1 });
      expect([page.data[0].id, page.has_more]).toEqual([second.id, true]);
    });

    it.each([
      ['card 4000000000000002', () => cardMethod('4000000000000002').then((pm) => pm.id)],
      ['pm_card_chargeDeclined', () => Promise.resolve('pm_card_chargeDeclined')],
    ])('declines %s with 402 card_declined and last_payment_error', async (_name, method) => {
      const paymentIntent = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
      const error = await cardError(
        stripe.paymentIntents.confirm(paymentIntent.id, { payment_method: await method() }),
      );
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({
        statusCode: 402,
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      expect(error.payment_intent).toMatchObject({ id: paymentIntent.id, status: 'requires_payment_method' });
      const stored = await stripe.paymentIntents.retrieve(paymentIntent.id, { expand: ['latest_charge'] });
      expect(stored).toMatchObject({
        status: 'requires_payment_method',
        payment_method: null,
        last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        latest_charge: { status: 'failed', failure_code: 'card_declined' },
      });
      expect(fake.events().some((e) => e.type === 'payment_intent.payment_failed')).toBe(true);
    });

    it.each([['pm_card_authenticationRequiredOnSetup'], ['pm_card_authenticationRequired']])(
      'asks %s for authentication on session, then completes it',
      async (card) => {
        const { customer, paymentMethod } = await customerWith(card);
        const paymentIntent = await stripe.paymentIntents.create({
          amount: 2500,
          currency: 'usd',
          customer: customer.id,
          payment_method: paymentMethod.id,
          confirm: true,
        });
        expect(paymentIntent).toMatchObject({
          status: 'requires_action',
          next_action: { type: 'use_stripe_sdk' },
        });
        fake.authenticate(paymentIntent.id, 'complete');
        expect(await stripe.paymentIntents.retrieve(paymentIntent.id)).toMatchObject({
          status: 'succeeded',
          amount_received: 2500,
        });
      },
    );

    it('fails a payment whose authentication fails', async () => {
      const { customer, paymentMethod } = await customerWith('pm_card_authenticationRequiredOnSetup');
      const paymentIntent = await stripe.paymentIntents.create({
        amount: 2500,
        currency: 'usd',
        customer: customer.id,
        payment_method: paymentMethod.id,
        confirm: true,
      });
      fake.authenticate(paymentIntent.id, 'fail');
      expect(await stripe.paymentIntents.retrieve(paymentIntent.id)).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { code: 'payment_intent_authentication_failure' },
      });
    });

    it('charges 3155 off-session once it was set up, and declines it off-session when it was not', async () => {
      const customer = await stripe.customers.create({});
      const setupIntent = await stripe.setupIntents.create({
        customer: customer.id,
        payment_method: 'pm_card_authenticationRequiredOnSetup',
        confirm: true,
      });
      expect(setupIntent.status).toBe('requires_action');
      fake.authenticate(setupIntent.id, 'complete');
      const setUp = (await stripe.setupIntents.retrieve(setupIntent.id)).payment_method as string;
      expect((await stripe.paymentMethods.retrieve(setUp)).customer).toBe(customer.id);
      const offSession = await stripe.paymentIntents.create({
        amount: 3000,
        currency: 'usd',
        customer: customer.id,
        payment_method: setUp,
        confirm: true,
        off_session: true,
      });
      expect(offSession.status).toBe('succeeded');

      const other = await customerWith('pm_card_authenticationRequiredOnSetup');
      const error = await cardError(
        stripe.paymentIntents.create({
          amount: 3000,
          currency: 'usd',
          customer: other.customer.id,
          payment_method: other.paymentMethod.id,
          confirm: true,
          off_session: true,
        }),
      );
      expect(error).toMatchObject({ statusCode: 402, code: 'authentication_required' });
    });

    it.each([
      ['card 4000000000000341', '4000000000000341'],
      ['pm_card_chargeCustomerFail', 'pm_card_chargeCustomerFail'],
    ])('attaches %s, then every charge fails', async (_name, card) => {
      const customer = await stripe.customers.create({});
      const paymentMethodId = card.startsWith('pm_') ? card : (await cardMethod(card)).id;
      const attached = await stripe.paymentMethods.attach(paymentMethodId, { customer: customer.id });
      expect(attached.customer).toBe(customer.id);
      const error = await cardError(
        stripe.paymentIntents.create({
          amount: 1500,
          currency: 'usd',
          customer: customer.id,
          payment_method: attached.id,
          confirm: true,
          off_session: true,
        }),
      );
      expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', message: 'Your card was declined.' });
    });

    it('refuses amounts under $0.50 and confirming a succeeded intent', async () => {
      const small = await cardError(stripe.paymentIntents.create({ amount: 10, currency: 'usd' }));
      expect(small).toMatchObject({ code: 'amount_too_small', param: 'amount' });
      const paid = await stripe.paymentIntents.create({
        amount: 100,
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: true,
      });
      const again = await cardError(stripe.paymentIntents.confirm(paid.id));
      expect(again).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    });
  });

  describe('refunds', () => {
    const paid = (amount: number) =>
      stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });

    it('refunds part of a PaymentIntent, then the rest, with charge.refunded and refund.created each time', async () => {
      const paymentIntent = await paid(5000);
      const chargeId = paymentIntent.latest_charge as string;
      const part = await stripe.refunds.create({
        payment_intent: paymentIntent.id,
        amount: 2000,
        reason: 'requested_by_customer',
        metadata: { ticket: '7' },
      });
      expect(part).toMatchObject({
        id: expect.stringMatching(/^re_/),
        object: 'refund',
        amount: 2000,
        currency: 'usd',
        charge: chargeId,
        payment_intent: paymentIntent.id,
        reason: 'requested_by_customer',
        metadata: { ticket: '7' },
        status: 'succeeded',
        created: fake.now(),
      });
      expect(await stripe.refunds.retrieve(part.id)).toEqual(part);
      // Since API 2022-11-15 a charge lists its refunds only when asked to.
      const partly = await stripe.charges.retrieve(chargeId);
      expect(partly).toMatchObject({ amount_refunded: 2000, refunded: false });
      expect(partly).not.toHaveProperty('refunds');
      const chargeEvents = eventsOf(chargeId);
      expect(chargeEvents.map((event) => event.type)).toEqual(['charge.succeeded', 'charge.refunded']);
      expect(chargeEvents[1].data).toMatchObject({
        object: { amount_refunded: 2000, refunded: false },
        previous_attributes: { amount_refunded: 0 },
      });
      expect(eventsOf(part.id).map((event) => event.type)).toEqual(['refund.created']);

      const rest = await stripe.refunds.create({ charge: chargeId });
      expect(rest).toMatchObject({ amount: 3000, charge: chargeId, payment_intent: paymentIntent.id, reason: null });
      const refunded = await stripe.paymentIntents.retrieve(paymentIntent.id, {
        expand: ['latest_charge.refunds'],
      });
      expect(refunded.latest_charge).toMatchObject({
        amount_refunded: 5000,
        refunded: true,
        refunds: { object: 'list', has_more: false, url: `/v1/charges/${chargeId}/refunds` },
      });
      const listed = (refunded.latest_charge as Stripe.Charge).refunds!.data;
      expect(listed.map((refund) => refund.id)).toEqual([rest.id, part.id]);
      expect(eventsOf(chargeId).at(-1)!.data.previous_attributes).toEqual({ amount_refunded: 2000, refunded: false });
    });

    it('refuses more than is left, a refunded charge, an unpaid PaymentIntent and a missing target', async () => {
      const paymentIntent = await paid(1000);
      const tooMuch = await cardError(stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 1001 }));
      expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
      const zero = await cardError(stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 0 }));
      expect(zero).toMatchObject({ statusCode: 400, param: 'amount' });
      await stripe.refunds.create({ payment_intent: paymentIntent.id });
      const again = await cardError(stripe.refunds.create({ payment_intent: paymentIntent.id }));
      expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });

      const unpaid = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
      const nothing = await cardError(stripe.refunds.create({ payment_intent: unpaid.id }));
      expect(nothing).toMatchObject({ statusCode: 400, param: 'payment_intent' });
      expect(nothing.message).toContain('does not have a successful charge to refund');
      const missing = await cardError(stripe.refunds.create({}));
      expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing' });
      const unknown = await cardError(stripe.refunds.retrieve('re_nope'));
      expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' });
      expect((await stripe.charges.retrieve(paymentIntent.latest_charge as string)).amount_refunded).toBe(1000);
    });
  });

  describe('disputes', () => {
    const paidWith = (paymentMethod: string, amount = 5000) =>
      stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: paymentMethod, confirm: true });
    const disputeOfCharge = async (chargeId: string) => {
      const { data } = await stripe.disputes.list({ charge: chargeId });
      expect(data).toHaveLength(1);
      return data[0];
    };

    it('disputes a 4000000000000259 charge as fraudulent once it succeeded: created, then the funds withdrawn', async () => {
      const paymentIntent = await paidWith('pm_card_createDispute');
      expect(paymentIntent.status).toBe('succeeded');
      const chargeId = paymentIntent.latest_charge as string;
      const dispute = await disputeOfCharge(chargeId);
      expect(dispute).toMatchObject({
        id: expect.stringMatching(/^dp_/),
        object: 'dispute',
        amount: 5000,
        currency: 'usd',
        charge: chargeId,
        payment_intent: paymentIntent.id,
        reason: 'fraudulent',
        status: 'needs_response',
        livemode: false,
        is_charge_refundable: false,
        evidence: { uncategorized_text: null, product_description: null },
        evidence_details: { has_evidence: false, past_due: false, submission_count: 0 },
        payment_method_details: { type: 'card', card: { brand: 'visa', case_type: 'chargeback' } },
        balance_transactions: [expect.objectContaining({ object: 'balance_transaction', amount: -5000 })],
      });
      // Due at the end of a UTC day, a week or so after it was opened.
      const dueBy = dispute.evidence_details.due_by!;
      expect(dueBy - dispute.created).toBeGreaterThan(7 * 86_400 - 86_400);
      expect((dueBy + 1) % 86_400).toBe(0);
      expect(await stripe.disputes.retrieve(dispute.id)).toEqual(dispute);
      expect((await stripe.charges.retrieve(chargeId)).disputed).toBe(true);
      const events = eventsOf(dispute.id);
      expect(events.map((event) => event.type)).toEqual(['charge.dispute.created', 'charge.dispute.funds_withdrawn']);
      // Opened by the bank, not by a request.
      expect(events[0].request).toEqual({ id: null, idempotency_key: null });
      expect(events[0].data.object).toMatchObject({ status: 'needs_response', balance_transactions: [] });
      const expanded = await stripe.disputes.retrieve(dispute.id, { expand: ['charge', 'payment_intent'] });
      expect(expanded.charge).toMatchObject({ id: chargeId, object: 'charge', disputed: true });
      expect(expanded.payment_intent).toMatchObject({ id: paymentIntent.id, object: 'payment_intent' });
    });

    it('opens an inquiry for 4000000000001976 and product_not_received for 4000000000002685', async () => {
      const inquiry = await disputeOfCharge((await paidWith('pm_card_createDisputeInquiry')).latest_charge as string);
      expect(inquiry).toMatchObject({
        status: 'warning_needs_response',
        reason: 'fraudulent',
        balance_transactions: [],
      });
      expect(eventsOf(inquiry.id).map((event) => event.type)).toEqual(['charge.dispute.created']);
      const closed = await stripe.disputes.close(inquiry.id);
      expect(closed.status).toBe('warning_closed');

      const notReceived = await disputeOfCharge(
        (await paidWith('pm_card_createDisputeProductNotReceived')).latest_charge as string,
      );
      expect(notReceived).toMatchObject({ status: 'needs_response', reason: 'product_not_received' });
    });

    it('wins with winning_evidence: under review, then won and the funds reinstated', async () => {
      const { latest_charge: chargeId } = await paidWith('pm_card_visa', 3000);
      const opened = fake.dispute(chargeId as string, { reason: 'product_unacceptable' });
      expect(opened).toMatchObject({ status: 'needs_response', reason: 'product_unacceptable', amount: 3000 });
      const won = await stripe.disputes.update(opened.id, {
        evidence: { uncategorized_text: 'winning_evidence', product_description: 'LLC Formation' },
        metadata: { ticket: '9' },
      });
      expect(won).toMatchObject({
        status: 'won',
        metadata: { ticket: '9' },
        evidence: { uncategorized_text: 'winning_evidence', product_description: 'LLC Formation' },
        evidence_details: { has_evidence: true, submission_count: 1, submission_method: 'manual' },
      });
      expect(won.balance_transactions.map((transaction) => transaction.amount)).toEqual([-3000, 3000]);
      const events = eventsOf(opened.id);
      expect(events.map((event) => event.type)).toEqual([
        'charge.dispute.created',
        'charge.dispute.funds_withdrawn',
        'charge.dispute.updated',
        'charge.dispute.closed',
        'charge.dispute.funds_reinstated',
      ]);
      expect(events[2].data).toMatchObject({
        object: { status: 'under_review' },
        previous_attributes: { status: 'needs_response' },
      });
      const again = await cardError(stripe.disputes.close(opened.id));
      expect(again).toMatchObject({ statusCode: 400, code: 'dispute_already_closed' });
    });

    it('saves evidence without submitting it, loses when accepted, and refuses what Stripe refuses', async () => {
      const { latest_charge: chargeId } = await paidWith('pm_card_visa', 2000);
      // The fake-only route the bank's side stands behind.
      const response = await fetch(`${fake.url}/__fake/charges/${chargeId as string}/dispute`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${fake.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'reason=duplicate',
      });
      expect(response.status).toBe(200);
      const opened = (await response.json()) as Stripe.Dispute;
      expect(opened).toMatchObject({ object: 'dispute', reason: 'duplicate', charge: chargeId });
      const saved = await stripe.disputes.update(opened.id, {
        evidence: { uncategorized_text: 'losing_evidence' },
        submit: false,
      });
      expect(saved).toMatchObject({ status: 'needs_response', evidence_details: { submission_count: 0 } });
      const lost = await stripe.disputes.close(opened.id);
      expect(lost.status).toBe('lost');
      expect(eventsOf(opened.id).map((event) => event.type)).toEqual([
        'charge.dispute.created',
        'charge.dispute.funds_withdrawn',
        'charge.dispute.updated',
        'charge.dispute.closed',
      ]);

      expect(() => fake.dispute(chargeId as string)).toThrow('has already been disputed');
      expect(() => fake.dispute('ch_nope')).toThrow("No such charge: 'ch_nope'");
      const unknown = await cardError(stripe.disputes.retrieve('dp_nope'));
      expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    });
  });
});
