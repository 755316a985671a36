import type { PaymentReply, PaymentsConfigReply, PurchaseReply, SetupIntentReply } from '@portal/contracts';
import { startTestApp, TestApp, waitForMail } from '@portal/testing';
import {
  api,
  cardOfAnotherCustomer,
  charges,
  Client,
  formId,
  FULL_BILLING_DETAILS,
  newClient,
  newKey,
  savedCard,
  serviceId,
  useBillingApp,
} from './billing-fixtures';

/** One-time payments of services and filings against the fake Stripe. */
describe('service and filing payments', () => {
  const billing = useBillingApp();
  const app = () => billing.app;

  const payService = (client: Client, body: Record<string, unknown>, key: string | null = newKey()) =>
    api<PaymentReply & { detail?: string }>(app(), 'POST', '/payments/service-payment', {
      token: client.token,
      key,
      json: body,
    });
  const payForm = (client: Client, body: Record<string, unknown>, key: string | null = newKey()) =>
    api<PaymentReply & { detail?: string }>(app(), 'POST', '/payments/form-payment', {
      token: client.token,
      key,
      json: body,
    });
  const history = (client: Client) =>
    api<PurchaseReply[]>(app(), 'GET', '/profiles/purchase-history/', { token: client.token });
  const ordersOf = (client: Client) =>
    app().sql<{ status: string; amount_cents: number; stripe_payment_intent_id: string | null }>(
      'SELECT status, amount_cents, stripe_payment_intent_id FROM billing.orders WHERE user_id = $1 ORDER BY created_at',
      [client.userId],
    );

  it('gives the pages the publishable key and Stripe.js at run time', async () => {
    const config = await api<PaymentsConfigReply>(app(), 'GET', '/payments/config');
    expect(config.body).toEqual({
      configured: true,
      publishable_key: billing.fake.publishableKey,
      stripe_js_url: billing.fake.stripeJsUrl,
      test_mode: true,
    });
  });

  it('makes a setup intent for a card of the user’s one Stripe customer', async () => {
    const client = await newClient(app(), 'setup');
    const [first, second] = await Promise.all([
      api<SetupIntentReply>(app(), 'POST', '/payments/create-setup-intent', { token: client.token }),
      api<SetupIntentReply>(app(), 'POST', '/payments/create-setup-intent', { token: client.token }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.client_secret).toMatch(/^seti_[A-Za-z0-9]+_secret_/);
    const customers = await billing.stripe.customers.list({ email: client.email });
    expect(customers.data).toHaveLength(1);
    expect(customers.data[0].metadata).toEqual({ user_id: client.userId });
    const setupIntent = await billing.stripe.setupIntents.retrieve(first.body.client_secret.split('_secret_')[0]);
    expect(setupIntent).toMatchObject({ customer: customers.data[0].id, usage: 'off_session' });

    // A customer deleted at Stripe (or a local fake that restarted empty) is replaced on the next checkout.
    await billing.stripe.customers.del(customers.data[0].id);
    const afterDeletion = await api<SetupIntentReply>(app(), 'POST', '/payments/create-setup-intent', {
      token: client.token,
    });
    expect(afterDeletion.status).toBe(201);
    const replaced = await billing.stripe.setupIntents.retrieve(afterDeletion.body.client_secret.split('_secret_')[0]);
    expect(replaced.customer).not.toBe(customers.data[0].id);
    expect((await billing.stripe.customers.retrieve(replaced.customer as string)).deleted).toBeFalsy();
  });

  it('charges a company formation its catalog price, with a receipt and a purchase, whatever amount is sent', async () => {
    const client = await newClient(app(), 'llc');
    const llc = await serviceId(app(), 'llc-formation');
    const since = new Date();
    const paid = await payService(client, { service_id: llc, payment_method_id: 'pm_card_visa', amount: 1, price: 1 });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'succeeded',
      amount: 399,
      currency: 'usd',
      kind: 'service',
      service: { id: llc, title: 'LLC Formation' },
      form: null,
      payment_method: { details: { brand: 'visa', last4: '4242' } },
      client_secret: null,
    });
    expect(paid.body.order_id).toBe(paid.body.id);
    expect(await charges(billing, client.userId)).toEqual([39900]);
    const intent = await billing.stripe.paymentIntents.retrieve((await ordersOf(client))[0].stripe_payment_intent_id!);
    expect(intent).toMatchObject({
      amount: 39900,
      description: 'LLC Formation',
      metadata: { order_id: paid.body.id, kind: 'service', item_id: llc },
    });

    const receipt = await waitForMail(app().dataDir, client.email, { since });
    expect(receipt.subject).toBe('Your Harbor Tax & Accounting receipt: $399.00 for LLC Formation');
    expect(receipt.text).toContain(`Order: ${paid.body.id}`);
    expect(receipt.text).toContain('filing fees are not included');
    expect((await history(client)).body).toEqual([
      expect.objectContaining({
        id: paid.body.id,
        kind: 'service',
        status: 'succeeded',
        amount: 399,
        service: { name: 'LLC Formation' },
        package: null,
        billing_period_start: null,
        amount_refunded: 0,
        refunded_at: null,
      }),
    ]);
  });

  it('charges a filing its estimated fee (its id in any case)', async () => {
    const client = await newClient(app(), 'filing');
    const annualReport = await formId(app(), 'Annual Report');
    const paid = await payForm(client, {
      form_id: annualReport.toUpperCase(),
      payment_method_id: 'pm_card_mastercard',
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'succeeded',
      amount: 150,
      kind: 'form',
      form: { id: annualReport, form_name: 'Annual Report' },
      service: null,
      payment_method: { details: { brand: 'mastercard', last4: '4444' } },
    });
    expect(await charges(billing, client.userId)).toEqual([15000]);
    expect((await history(client)).body).toEqual([
      expect.objectContaining({ kind: 'form', form: { form_name: 'Annual Report' }, amount: 150 }),
    ]);
  });

  it('refuses what cannot be bought by card: a quote, a range, a package, an unknown id', async () => {
    const client = await newClient(app(), 'refused');
    const quoted = 'This is priced by quote and cannot be bought online. Please book a call with us.';
    for (const slug of ['multi-state-compliance', 'rd-tax-credit-basic']) {
      const refused = await payService(client, {
        service_id: await serviceId(app(), slug),
        payment_method_id: 'pm_card_visa',
      });
      expect(refused).toEqual({ status: 400, body: { detail: quoted } });
    }
    const aPackage = await payService(client, {
      service_id: await serviceId(app(), 'bookkeeping-starter'),
      payment_method_id: 'pm_card_visa',
    });
    expect(aPackage).toEqual({ status: 400, body: { detail: 'This is a monthly package: subscribe to it instead.' } });
    const unknownForm = await payForm(client, {
      form_id: '00000000-0000-4000-8000-000000000000',
      payment_method_id: 'pm_card_visa',
    });
    expect(unknownForm).toEqual({ status: 404, body: { detail: 'Filing not found.' } });
    const missing = await payService(client, { payment_method_id: 'pm_card_visa' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('service_id is required');
    expect(await charges(billing, client.userId)).toEqual([]);
    expect(await ordersOf(client)).toEqual([]);
  });

  it("answers a declined card with the provider's message, and the same attempt again without a new charge", async () => {
    const client = await newClient(app(), 'declined');
    const corporation = await serviceId(app(), 'corporation-formation');
    const refusedAtAttach = await payService(client, {
      service_id: corporation,
      payment_method_id: 'pm_card_chargeDeclined',
    });
    expect(refusedAtAttach).toEqual({ status: 402, body: { detail: 'Your card was declined.' } });

    const key = newKey();
    const body = { service_id: corporation, payment_method_id: 'pm_card_chargeCustomerFail' };
    const declined = await payService(client, body, key);
    expect(declined).toEqual({ status: 402, body: { detail: 'Your card was declined.' } });
    const failedIntents = () =>
      billing.fake.events().filter((event) => event.type === 'payment_intent.payment_failed').length;
    const before = failedIntents();
    expect(await payService(client, body, key)).toEqual(declined);
    expect(failedIntents()).toBe(before);
    expect((await ordersOf(client)).map((order) => order.status)).toEqual(['failed', 'failed']);

    const paid = await payService(client, { service_id: corporation, payment_method_id: 'pm_card_visa' });
    expect(paid.body).toMatchObject({ status: 'succeeded', amount: 499 });
    expect(await charges(billing, client.userId)).toEqual([49900]);
  });

  it('returns requires_action for 3-D Secure, then the payment once the customer has authenticated', async () => {
    const client = await newClient(app(), 'sca');
    const dissolution = await serviceId(app(), 'company-dissolution');
    const key = newKey();
    const body = { service_id: dissolution, payment_method_id: 'pm_card_authenticationRequired' };
    const since = new Date();
    const pending = await payService(client, body, key);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ status: 'requires_action', amount: 299 });
    expect(pending.body.client_secret).toMatch(/^pi_[A-Za-z0-9]+_secret_/);
    expect(await charges(billing, client.userId)).toEqual([]);

    billing.fake.authenticate(pending.body.client_secret!.split('_secret_')[0], 'complete');
    const done = await payService(client, body, key);
    expect(done.body).toMatchObject({ id: pending.body.id, status: 'succeeded', client_secret: null });
    expect(await charges(billing, client.userId)).toEqual([29900]);
    await billing.settled();
    expect((await waitForMail(app().dataDir, client.email, { since })).subject).toContain(
      '$299.00 for Company Dissolution',
    );

    const failing = await payService(client, body);
    billing.fake.authenticate(failing.body.client_secret!.split('_secret_')[0], 'fail');
    const failed = await payService(
      client,
      body,
      (
        await app().sql<{ idempotency_key: string }>(`SELECT idempotency_key FROM billing.orders WHERE id = $1`, [
          failing.body.id,
        ])
      )[0].idempotency_key,
    );
    expect(failed.status).toBe(402);
    expect(failed.body.detail).toContain('failed authentication');
  });

  it('charges once for the same Idempotency-Key, however often and however fast it comes', async () => {
    const client = await newClient(app(), 'twice');
    const nonProfit = await serviceId(app(), 'non-profit-formation');
    const key = newKey();
    const body = { service_id: nonProfit, payment_method_id: 'pm_card_visa' };
    const answers = await Promise.all([payService(client, body, key), payService(client, body, key)]);
    const again = await payService(client, body, key);
    expect([...answers, again].map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set([...answers, again].map((answer) => answer.body.id)).size).toBe(1);
    expect(await charges(billing, client.userId)).toEqual([79900]);
    await billing.settled();
    expect((await history(client)).body).toHaveLength(1);

    const reused = await payService(client, { ...body, service_id: await serviceId(app(), 'llc-formation') }, key);
    expect(reused.status).toBe(409);
    const noKey = await payService(client, body, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.detail).toContain('Idempotency-Key header is required');
    expect(await charges(billing, client.userId)).toEqual([79900]);
  });

  describe('a charge whose recording rolled back (a crash after Stripe accepted it)', () => {
    const DAY_AND_AN_HOUR = 25 * 3600;

    /**
     * A paid filing, put back as its transaction left it when it rolled back after Stripe charged:
     * pending, no PaymentIntent, no receipt. Then a day passes, and Stripe forgets the idempotency key.
     */
    async function chargedButNotRecorded(label: string) {
      const client = await newClient(app(), label);
      const key = newKey();
      const body = { form_id: await formId(app(), 'Annual Report'), payment_method_id: 'pm_card_visa' };
      const paid = await payForm(client, body, key);
      expect(paid.body.status).toBe('succeeded');
      await billing.settled();
      const [{ stripe_payment_intent_id: paymentIntentId }] = await ordersOf(client);
      await app().sql(
        `UPDATE billing.orders SET status = 'pending', stripe_payment_intent_id = NULL, paid_at = NULL,
           receipt_queued_at = NULL, card_brand = NULL, card_last4 = NULL, created_at = created_at - interval '25 hours'
         WHERE id = $1`,
        [paid.body.id],
      );
      billing.fake.advanceClock(DAY_AND_AN_HOUR);
      const receipts = () =>
        app().sql(
          `SELECT 1 FROM billing.outbox WHERE payload->>'template' = 'payment-receipt' AND payload->>'to' = $1`,
          [client.email],
        );
      return { client, key, body, orderId: paid.body.id, paymentIntentId: paymentIntentId!, receipts };
    }

    it('is taken by the order from its webhook event, which never charges again', async () => {
      const { client, paymentIntentId, receipts } = await chargedButNotRecorded('rolled-back-event');
      const receiptsBefore = (await receipts()).length;
      const succeeded = billing.fake
        .events()
        .find(
          (event) =>
            event.type === 'payment_intent.succeeded' && (event.data.object as { id: string }).id === paymentIntentId,
        )!;
      // Its processing failed with the transaction (the event is not recorded as processed).
      await app().sql('DELETE FROM billing.stripe_events WHERE id = $1', [succeeded.id]);
      billing.fake.redeliver(succeeded.id);
      await billing.settled();

      expect(await charges(billing, client.userId)).toEqual([15000]);
      expect(await ordersOf(client)).toEqual([
        { status: 'succeeded', amount_cents: 15000, stripe_payment_intent_id: paymentIntentId },
      ]);
      expect((await history(client)).body).toEqual([expect.objectContaining({ kind: 'form', amount: 150 })]);
      expect(await receipts()).toHaveLength(receiptsBefore + 1);
    });

    it('is found at Stripe when the same attempt is sent again a day later, and not charged again', async () => {
      const { client, key, body, orderId, paymentIntentId } = await chargedButNotRecorded('rolled-back-retry');
      const again = await payForm(client, body, key);

      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: orderId, status: 'succeeded' });
      expect(await charges(billing, client.userId)).toEqual([15000]);
      expect(await ordersOf(client)).toEqual([
        { status: 'succeeded', amount_cents: 15000, stripe_payment_intent_id: paymentIntentId },
      ]);
    });
  });

  describe('refunds made at Stripe (staff, from its dashboard)', () => {
    const refundsOf = (client: Client) =>
      app().sql<{ status: string; refunded_cents: number; refunded_at: Date | null; updated_at: Date }>(
        'SELECT status, refunded_cents, refunded_at, updated_at FROM billing.orders WHERE user_id = $1',
        [client.userId],
      );
    const receipts = (client: Client) =>
      app().sql(`SELECT 1 FROM billing.outbox WHERE payload->>'template' = 'payment-receipt' AND payload->>'to' = $1`, [
        client.email,
      ]);
    const eventsOf = (type: string, id: string) =>
      billing.fake.events().filter((event) => event.type === type && (event.data.object as { id: string }).id === id);

    /** A client who bought LLC Formation ($399), every event of the payment processed. */
    async function paidLlc(label: string) {
      const client = await newClient(app(), label);
      const paid = await payService(client, {
        service_id: await serviceId(app(), 'llc-formation'),
        payment_method_id: 'pm_card_visa',
      });
      expect(paid.body.status).toBe('succeeded');
      await billing.settled();
      const [{ stripe_payment_intent_id: paymentIntentId }] = await ordersOf(client);
      return { client, orderId: paid.body.id, paymentIntentId: paymentIntentId! };
    }

    it('shows a purchase refunded in full as refunded, and a second delivery of its events changes nothing', async () => {
      const { client, orderId, paymentIntentId } = await paidLlc('refund-full');
      const refund = await billing.stripe.refunds.create({ payment_intent: paymentIntentId });
      await billing.settled();

      const refundedAt = new Date(refund.created * 1000).toISOString();
      expect((await history(client)).body).toEqual([
        expect.objectContaining({
          id: orderId,
          status: 'succeeded',
          amount: 399,
          amount_refunded: 399,
          refunded_at: refundedAt,
        }),
      ]);
      const [recorded] = await refundsOf(client);
      expect(recorded).toMatchObject({ status: 'succeeded', refunded_cents: 39900 });

      const chargeId = refund.charge as string;
      for (const event of [...eventsOf('charge.refunded', chargeId), ...eventsOf('refund.created', refund.id)]) {
        await app().sql('DELETE FROM billing.stripe_events WHERE id = $1', [event.id]);
        billing.fake.redeliver(event.id);
      }
      await billing.settled();
      expect(await refundsOf(client)).toEqual([recorded]);
      expect(await receipts(client)).toHaveLength(1);
    });

    it('shows part refunded, then all of it; an earlier refund event arriving late changes nothing', async () => {
      const { client, paymentIntentId } = await paidLlc('refund-partial');
      const part = await billing.stripe.refunds.create({ payment_intent: paymentIntentId, amount: 10000 });
      await billing.settled();
      expect((await history(client)).body).toEqual([
        expect.objectContaining({
          amount: 399,
          amount_refunded: 100,
          refunded_at: new Date(part.created * 1000).toISOString(),
        }),
      ]);

      billing.fake.advanceClock(3600);
      const rest = await billing.stripe.refunds.create({ payment_intent: paymentIntentId });
      expect(rest.amount).toBe(29900);
      await billing.settled();
      const full = expect.objectContaining({
        status: 'succeeded',
        amount: 399,
        amount_refunded: 399,
        refunded_at: new Date(rest.created * 1000).toISOString(),
      });
      expect((await history(client)).body).toEqual([full]);

      // The partial refund's charge.refunded, sent again after the full one: Stripe is read again, not the event.
      const [partial] = eventsOf('charge.refunded', part.charge as string);
      await app().sql('DELETE FROM billing.stripe_events WHERE id = $1', [partial.id]);
      billing.fake.redeliver(partial.id);
      await billing.settled();
      expect((await history(client)).body).toEqual([full]);
      expect(await receipts(client)).toHaveLength(1);
    });
  });

  it('refuses a card saved without the checkout’s billing details, in the form’s words, charging nothing', async () => {
    const client = await newClient(app(), 'billing-details');
    const llc = await serviceId(app(), 'llc-formation');
    const nameOnly = await savedCard(billing, { name: 'Ann Payer' });
    expect(await payService(client, { service_id: llc, payment_method_id: nameOnly })).toEqual({
      status: 400,
      body: {
        detail:
          'Please enter your email address; Please enter your phone number; Please enter your street address; ' +
          'Please enter your city; Please enter your state/province; Please enter your ZIP/postal code; ' +
          'Please choose a country',
      },
    });
    const blankCity = await savedCard(billing, {
      ...FULL_BILLING_DETAILS,
      address: { ...FULL_BILLING_DETAILS.address, city: '  ' },
    });
    expect(await payService(client, { service_id: llc, payment_method_id: blankCity })).toEqual({
      status: 400,
      body: { detail: 'Please enter your city' },
    });
    const french = await savedCard(billing, {
      ...FULL_BILLING_DETAILS,
      address: { ...FULL_BILLING_DETAILS.address, country: 'FR' },
    });
    const form = await formId(app(), 'Annual Report');
    expect(await payForm(client, { form_id: form, payment_method_id: french })).toEqual({
      status: 400,
      body: { detail: 'Please choose a country' },
    });
    expect(await charges(billing, client.userId)).toEqual([]);

    const complete = await savedCard(billing, FULL_BILLING_DETAILS);
    const paid = await payService(client, { service_id: llc, payment_method_id: complete });
    expect(paid.status).toBe(200);
    expect(await charges(billing, client.userId)).toEqual([39900]);
  });

  it('never uses another customer’s card', async () => {
    const { owner, cardId } = await cardOfAnotherCustomer(billing, 'card-owner');
    const thief = await newClient(app(), 'card-thief');
    const llc = await serviceId(app(), 'llc-formation');
    const refused = await payService(thief, { service_id: llc, payment_method_id: cardId });
    expect(refused).toEqual({
      status: 400,
      body: { detail: 'Payment method not found. Please enter your card again.' },
    });
    expect(await charges(billing, owner.userId)).toEqual([]);
  });
});

describe('payments without Stripe keys', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      NODE_ENV: 'production',
      APP_URL: 'http://portal.test',
      METRICS_TOKEN: 'a-metrics-token-0123456789',
      TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
  });
  afterAll(() => app?.stop());

  it("answers every change 503 'Payments are not configured.' and still reads local data", async () => {
    const client = await newClient(app, 'unconfigured');
    const notConfigured = { status: 503, body: { detail: 'Payments are not configured.' } };
    const id = '00000000-0000-4000-8000-000000000000';
    const changes: Array<[string, string, unknown]> = [
      ['POST', '/payments/create-setup-intent', undefined],
      ['POST', '/payments/service-payment', { service_id: id, payment_method_id: 'pm_card_visa' }],
      ['POST', '/payments/form-payment', { form_id: id, payment_method_id: 'pm_card_visa' }],
      ['POST', '/subscriptions/stripe', { package_id: id, payment_method_id: 'pm_card_visa' }],
      ['POST', `/subscriptions/${id}/cancel`, { reason: 'x' }],
      ['POST', `/subscriptions/${id}/reactivate`, undefined],
      ['PUT', `/subscriptions/${id}/payment-method`, { payment_method_id: 'pm_card_visa' }],
    ];
    for (const [method, path, json] of changes) {
      expect(await api(app, method, path, { token: client.token, key: newKey(), json })).toEqual(notConfigured);
    }
    const webhook = await fetch(`${app.gateway.baseUrl}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{}',
    });
    expect(webhook.status).toBe(503);

    expect(await api(app, 'GET', '/subscriptions/user', { token: client.token })).toEqual({ status: 200, body: [] });
    expect(await api(app, 'GET', '/profiles/purchase-history', { token: client.token })).toEqual({
      status: 200,
      body: [],
    });
    expect(await api(app, 'GET', `/subscriptions/${id}/invoices`, { token: client.token })).toEqual({
      status: 404,
      body: { detail: 'Subscription not found.' },
    });
    expect((await api(app, 'GET', '/payments/config')).body).toEqual({
      configured: false,
      publishable_key: null,
      stripe_js_url: null,
      test_mode: false,
    });
  });
});
