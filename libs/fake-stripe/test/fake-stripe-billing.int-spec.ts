import { FakeStripe, startFakeStripe } from '@portal/fake-stripe';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

const DAY = 86_400;

interface Received {
  body: string;
  signature: string;
}

/** A webhook endpoint that records what it receives and answers `status`. */
async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ body, signature: String(request.headers['stripe-signature']) });
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    answer: (next: number) => (status = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('fake Stripe: subscriptions, invoices, clock, webhooks', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let fake: FakeStripe;
  let stripe: Stripe;
  let price: Stripe.Price;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.answer(200);
    fake = await startFakeStripe({ webhookUrl: receiver.url });
    stripe = fake.client();
    price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 2000,
      recurring: { interval: 'month' },
      product_data: { name: 'Bookkeeping' },
    });
  });
  afterEach(() => fake.stop());

  async function customerPaying(card: string): Promise<Stripe.Customer> {
    const customer = await stripe.customers.create({ email: 'client@example.com', name: 'Client Co' });
    const paymentMethod = await stripe.paymentMethods.attach(card, { customer: customer.id });
    return stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: paymentMethod.id } });
  }

  const eventsOf = (id: string) =>
    fake
      .events()
      .filter((event) => {
        const object = event.data.object as {
          id: string;
          parent?: { subscription_details?: { subscription: string } };
        };
        return object.id === id || object.parent?.subscription_details?.subscription === id;
      })
      .map((event) => event.type);

  async function invoicesOf(subscription: Stripe.Subscription) {
    return (await stripe.invoices.list({ subscription: subscription.id })).data;
  }

  it('trial: no charge, a $0 paid invoice; past the trial the first period is invoiced and paid', async () => {
    const customer = await customerPaying('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 30,
      metadata: { package_id: '3' },
      expand: ['latest_invoice'],
    });
    const start = fake.now();
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'trialing',
      trial_start: start,
      trial_end: start + 30 * DAY,
      cancel_at_period_end: false,
      metadata: { package_id: '3' },
      items: { data: [{ price: { id: price.id }, current_period_start: start, current_period_end: start + 30 * DAY }] },
      latest_invoice: {
        object: 'invoice',
        status: 'paid',
        amount_due: 0,
        amount_paid: 0,
        billing_reason: 'subscription_create',
        parent: { subscription_details: { subscription: subscription.id } },
      },
    });
    expect(fake.events().some((event) => event.type.startsWith('charge.'))).toBe(false);

    fake.advanceClock(30 * DAY + 3600);
    const renewed = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    const trialEnd = start + 30 * DAY;
    expect(renewed).toMatchObject({
      status: 'active',
      items: { data: [{ current_period_start: trialEnd, current_period_end: expect.any(Number) }] },
    });
    const invoice = renewed.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_due: 2000,
      amount_paid: 2000,
      amount_remaining: 0,
      billing_reason: 'subscription_cycle',
      number: expect.stringMatching(/^[A-Z0-9]{8}-0002$/),
      hosted_invoice_url: expect.stringContaining('/__fake/invoices/'),
      invoice_pdf: expect.stringContaining('/pdf'),
      created: trialEnd,
      lines: {
        data: [{ amount: 2000, period: { start: trialEnd }, description: '1 × Bookkeeping (at $20.00 / month)' }],
      },
    });
    expect((await invoicesOf(subscription)).map((i) => i.amount_paid)).toEqual([2000, 0]);
    expect(eventsOf(subscription.id)).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.trial_will_end',
      'invoice.created',
      'customer.subscription.updated',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const update = fake.events().find((event) => event.type === 'customer.subscription.updated')!;
    expect(update.data.previous_attributes).toMatchObject({ status: 'trialing' });
    expect(fake.events().find((event) => event.type === 'customer.subscription.trial_will_end')?.created).toBe(
      trialEnd - 3 * DAY,
    );

    const page = await fetch(invoice.hosted_invoice_url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(invoice.number!);
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('no trial: the first invoice is charged at creation and the subscription is active', async () => {
    const customer = await customerPaying('pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [
        {
          price_data: {
            currency: 'usd',
            product: price.product as string,
            unit_amount: 4500,
            recurring: { interval: 'month' },
          },
        },
      ],
      expand: ['latest_invoice.payments'],
    });
    expect(subscription.status).toBe('active');
    const latest = subscription.latest_invoice as Stripe.Invoice;
    expect(latest).toMatchObject({
      status: 'paid',
      amount_paid: 4500,
      billing_reason: 'subscription_create',
      attempt_count: 1,
    });
    expect(latest.payments!.data[0].payment.payment_intent).toMatch(/^pi_/);
    const invoice = await stripe.invoices.retrieve(latest.id, { expand: ['payments.data.payment.payment_intent'] });
    expect(invoice.payments!.data[0]).toMatchObject({
      object: 'invoice_payment',
      status: 'paid',
      amount_paid: 4500,
      payment: {
        type: 'payment_intent',
        payment_intent: { object: 'payment_intent', status: 'succeeded', amount: 4500 },
      },
    });
    expect(eventsOf(subscription.id)).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const created = fake.events().find((event) => event.type === 'customer.subscription.created')!;
    expect(created.data.object).toMatchObject({ status: 'active', latest_invoice: invoice.id });

    // Stripe removed invoice.payment_intent (API 2025-03-31): the fake refuses it as Stripe does.
    const refused = await stripe.subscriptions
      .retrieve(subscription.id, { expand: ['latest_invoice.payment_intent'] })
      .catch((error: Stripe.errors.StripeError) => error);
    expect(refused).toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (latest_invoice.payment_intent).',
    });

    // Stripe counts every level of an expand path, a list's `data` included: five are refused.
    const tooDeep = await stripe.subscriptions
      .retrieve(subscription.id, { expand: ['latest_invoice.payments.data.payment.payment_intent'] })
      .catch((error: Stripe.errors.StripeError) => error);
    expect(tooDeep).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'property_expansion_max_depth',
      message:
        'You cannot expand more than 4 levels of a property. Property: latest_invoice.payments.data.payment.payment_intent',
    });
  });

  it('no trial, card needing authentication: incomplete until the customer authenticates', async () => {
    const customer = await customerPaying('pm_card_authenticationRequired');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
    });
    expect(subscription.status).toBe('incomplete');
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', confirmation_secret: { type: 'payment_intent' } });
    const paymentIntentId = invoice.payments!.data[0].payment.payment_intent as string;
    expect(invoice.confirmation_secret!.client_secret).toMatch(new RegExp(`^${paymentIntentId}_secret_`));
    expect(await stripe.paymentIntents.retrieve(paymentIntentId)).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
    });

    fake.authenticate(paymentIntentId, 'complete');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
    const activated = fake.events().filter((event) => event.type === 'customer.subscription.updated');
    expect(activated.map((event) => event.data.previous_attributes)).toEqual([{ status: 'incomplete' }]);
  });

  it('no trial, declined card: incomplete, the invoice open, invoice.payment_failed; expires after 23 hours', async () => {
    const customer = await customerPaying('pm_card_chargeCustomerFail');
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    expect(subscription.status).toBe('incomplete');
    const [invoice] = await invoicesOf(subscription);
    expect(invoice).toMatchObject({
      status: 'open',
      amount_due: 2000,
      amount_paid: 0,
      attempted: true,
      attempt_count: 1,
    });
    expect(eventsOf(subscription.id)).toContain('invoice.payment_failed');

    fake.advanceClock(23 * 3600);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete_expired');
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('void');
  });

  it('failed renewal: invoice open, subscription past_due, invoice.payment_failed; paying it reactivates', async () => {
    const customer = await customerPaying('pm_card_visa');
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });

    fake.advanceClock(32 * DAY);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', billing_reason: 'subscription_cycle', attempt_count: 1 });
    const types = eventsOf(subscription.id);
    expect(types.slice(types.indexOf('invoice.payment_failed'))).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);

    const good = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: good.id });
    const paid = await stripe.invoices.pay(invoice.id, { payment_method: good.id });
    expect(paid.status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('cancel at period end: still active until then, canceled after; no further invoice', async () => {
    const customer = await customerPaying('pm_card_visa');
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const periodEnd = subscription.items.data[0].current_period_end;
    const scheduled = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(scheduled).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      canceled_at: fake.now(),
      cancellation_details: { reason: 'cancellation_requested' },
    });

    fake.advanceClock(periodEnd - fake.now() + 60);
    const canceled = await stripe.subscriptions.retrieve(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: periodEnd });
    expect(eventsOf(subscription.id).at(-1)).toBe('customer.subscription.deleted');
    expect(await invoicesOf(subscription)).toHaveLength(1);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });

  it('reactivation: cancel_at_period_end=false keeps the subscription renewing', async () => {
    const customer = await customerPaying('pm_card_visa');
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const reactivated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(reactivated).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    const updates = fake.events().filter((event) => event.type === 'customer.subscription.updated');
    expect(updates.at(-1)!.data.previous_attributes).toMatchObject({ cancel_at_period_end: true });

    fake.advanceClock(32 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await invoicesOf(subscription)).map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
  });

  it('renews period after period, each invoice covering the next period', async () => {
    const customer = await customerPaying('pm_card_visa');
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    fake.advanceClock(95 * DAY);
    const invoices = (await invoicesOf(subscription)).reverse();
    expect(invoices.map((invoice) => [invoice.status, invoice.amount_paid])).toEqual([
      ['paid', 2000],
      ['paid', 2000],
      ['paid', 2000],
      ['paid', 2000],
    ]);
    const periods = invoices.map((invoice) => invoice.lines.data[0].period);
    for (let i = 1; i < periods.length; i += 1) {
      expect(periods[i].start).toBe(periods[i - 1].end);
      expect(invoices[i].created).toBe(periods[i].start);
      expect(periods[i].end - periods[i].start).toBeGreaterThanOrEqual(28 * DAY);
      expect(periods[i].end - periods[i].start).toBeLessThanOrEqual(31 * DAY);
    }
    const current = await stripe.subscriptions.retrieve(subscription.id);
    expect(current.items.data[0]).toMatchObject({
      current_period_start: periods[3].start,
      current_period_end: periods[3].end,
    });
  });

  it('cancels at once, and refuses to update a canceled subscription', async () => {
    const customer = await customerPaying('pm_card_visa');
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const canceled = await stripe.subscriptions.cancel(subscription.id, {
      cancellation_details: { comment: 'Too expensive' },
    });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_details: { comment: 'Too expensive' } });
    const error = await stripe.subscriptions
      .update(subscription.id, { cancel_at_period_end: false })
      .catch((caught: Stripe.errors.StripeError) => caught);
    expect(error).toMatchObject({
      statusCode: 400,
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
  });

  it('signs every webhook as Stripe does: constructEvent accepts it with the secret, refuses another', async () => {
    const customer = await customerPaying('pm_card_visa');
    await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    await fake.waitForWebhooks();

    expect(receiver.received.map((delivery) => JSON.parse(delivery.body).id)).toEqual(fake.events().map((e) => e.id));
    for (const delivery of receiver.received) {
      expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = stripe.webhooks.constructEvent(delivery.body, delivery.signature, fake.webhookSecret);
      expect(event.object).toBe('event');
    }
    const [first] = receiver.received;
    expect(() => stripe.webhooks.constructEvent(first.body, first.signature, 'whsec_not_the_secret')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(fake.deliveries().every((delivery) => delivery.status === 200)).toBe(true);
  });

  it('redelivers an event on demand (duplicates, out of order) and records failed deliveries', async () => {
    const customer = await stripe.customers.create({ email: 'first@example.com' });
    await stripe.customers.update(customer.id, { name: 'Renamed' });
    await fake.waitForWebhooks();
    const created = fake.events().find((event) => event.type === 'customer.created')!;
    const updated = fake.events().find((event) => event.type === 'customer.updated')!;

    receiver.answer(500);
    fake.redeliver(created.id);
    await fake.waitForWebhooks();
    const ids = receiver.received.map((delivery) => JSON.parse(delivery.body).id);
    expect(ids.slice(-3)).toEqual([created.id, updated.id, created.id]);
    expect(fake.deliveries().at(-1)).toMatchObject({ eventId: created.id, status: 500, redelivery: true });
  });

  it('moves the clock through the fake-only control endpoint', async () => {
    const before = fake.now();
    const response = await fetch(`${fake.url}/__fake/clock/advance`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${fake.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'seconds=3600',
    });
    expect(response.status).toBe(200);
    const { now } = (await response.json()) as { now: number };
    expect(now).toBeGreaterThanOrEqual(before + 3600);
    expect(fake.now()).toBeGreaterThanOrEqual(now);
    const refused = await fetch(`${fake.url}/__fake/clock/advance`, { method: 'POST', body: 'seconds=1' });
    expect(refused.status).toBe(401);
  });
});
