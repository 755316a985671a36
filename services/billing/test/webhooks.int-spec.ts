import type { CreateSubscriptionReply, InvoicesReply, SubscriptionReply } from '@portal/contracts';
import { signatureHeader } from '@portal/fake-stripe';
import { waitForMail } from '@portal/testing';
import { createServer, request as httpRequest, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { api, BillingApp, Client, DAY, newClient, newKey, serviceId, useBillingApp } from './billing-fixtures';

async function subscribe(billing: BillingApp, client: Client, slug: string, body: Record<string, unknown> = {}) {
  const created = await api<CreateSubscriptionReply>(billing.app, 'POST', '/subscriptions/stripe', {
    token: client.token,
    key: newKey(),
    json: { package_id: await serviceId(billing.app, slug), payment_method_id: 'pm_card_visa', ...body },
  });
  if (created.status !== 201) throw new Error(`subscribe answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body;
}

const local = (billing: BillingApp, client: Client, id: string) =>
  api<SubscriptionReply>(billing.app, 'GET', `/subscriptions/${id}`, { token: client.token }).then((r) => r.body);
const invoices = (billing: BillingApp, client: Client, id: string) =>
  api<InvoicesReply>(billing.app, 'GET', `/subscriptions/${id}/invoices`, { token: client.token }).then(
    (r) => r.body.invoices,
  );

async function stripeIdOf(billing: BillingApp, id: string): Promise<string> {
  const [row] = await billing.app.sql<{ stripe_subscription_id: string }>(
    'SELECT stripe_subscription_id FROM billing.subscriptions WHERE id = $1',
    [id],
  );
  return row.stripe_subscription_id;
}

describe('Stripe webhooks', () => {
  const billing = useBillingApp();
  const webhookUrl = () => `${billing.app.gateway.baseUrl}/api/webhooks/stripe`;
  const storedEvents = async () =>
    Number((await billing.app.sql<{ n: string }>('SELECT count(*) AS n FROM billing.stripe_events'))[0].n);

  const post = (body: string, signature?: string) =>
    fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      body,
    });

  it('refuses a missing or wrong signature with 400 and stores nothing', async () => {
    await billing.settled();
    const before = await storedEvents();
    const event = JSON.stringify({ id: 'evt_forged1', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const unsigned = await post(event);
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ detail: 'Missing Stripe-Signature header.' });
    const forged = await post(event, signatureHeader(event, 'whsec_not_the_secret'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ detail: 'Invalid Stripe signature.' });
    const signed = signatureHeader(event, billing.fake.webhookSecret);
    const tampered = await post(event.replace('invoice.paid', 'invoice.voided'), signed);
    expect(tampered.status).toBe(400);
    const stale = await post(
      event,
      signatureHeader(event, billing.fake.webhookSecret, Math.floor(Date.now() / 1000) - 3600),
    );
    expect(stale.status).toBe(400);
    // Correctly signed but not sent as JSON: its bytes are not kept, so it is refused for its type.
    const asText = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'stripe-signature': signed },
      body: event,
    });
    expect(asText.status).toBe(415);
    expect(await asText.json()).toEqual({ detail: 'Stripe webhooks are read as JSON (application/json).' });
    expect(await storedEvents()).toBe(before);
  });

  it('stores and processes an event once however often it is delivered', async () => {
    const client = await newClient(billing.app, 'twice');
    const since = new Date();
    await subscribe(billing, client, 'annual-compliance');
    await billing.settled();
    const paid = billing.fake
      .events()
      .filter((event) => event.type === 'invoice.paid')
      .at(-1)!;
    billing.fake.redeliver(paid.id);
    billing.fake.redeliver(paid.id);
    await billing.settled();
    const deliveries = billing.fake.deliveries().filter((delivery) => delivery.eventId === paid.id);
    expect(deliveries.map((delivery) => [delivery.status, JSON.parse(delivery.responseBody)])).toEqual([
      [200, { received: true, duplicate: false }],
      [200, { received: true, duplicate: true }],
      [200, { received: true, duplicate: true }],
    ]);
    const [row] = await billing.app.sql<{ attempts: number; processed_at: Date | null }>(
      'SELECT attempts, processed_at FROM billing.stripe_events WHERE id = $1',
      [paid.id],
    );
    expect(row).toMatchObject({ attempts: 1, processed_at: expect.any(Date) });
    const receipts = await billing.app.sql(
      `SELECT 1 FROM billing.outbox WHERE payload->>'template' = 'payment-receipt' AND payload->>'to' = $1`,
      [client.email],
    );
    expect(receipts).toHaveLength(1);
    expect((await waitForMail(billing.app.dataDir, client.email, { since })).subject).toContain('$49.00');
  });

  it('processes an event stored but never processed (its attempts used up) when it is delivered again', async () => {
    const client = await newClient(billing.app, 'stranded');
    const created = await subscribe(billing, client, 'bookkeeping-starter', { trial_period_days: 7 });
    await billing.settled();
    const stripeId = await stripeIdOf(billing, created.id);
    const known = new Set(billing.fake.events().map((event) => event.id));

    // The trial ends during an outage: the event is stored, and its job failed for good.
    billing.fake.setWebhookUrl(null);
    billing.fake.advanceClock(7 * DAY + 3600);
    billing.fake.setWebhookUrl(webhookUrl());
    const updated = billing.fake
      .events()
      .find(
        (event) =>
          !known.has(event.id) &&
          event.type === 'customer.subscription.updated' &&
          (event.data.object as Stripe.Subscription).id === stripeId,
      )!;
    await billing.app.sql(
      `INSERT INTO billing.stripe_events (id, type, livemode, stripe_created_at, payload, attempts, last_error)
       VALUES ($1, $2, false, to_timestamp($3), $4::jsonb, 8, 'connect ECONNREFUSED')`,
      [updated.id, updated.type, updated.created, JSON.stringify(updated)],
    );
    expect((await local(billing, client, created.id)).status).toBe('trialing');

    // Sent again (Stripe's dashboard): processed this time.
    billing.fake.redeliver(updated.id);
    await billing.settled();
    expect((await local(billing, client, created.id)).status).toBe('active');
    const [row] = await billing.app.sql<{ processed_at: Date | null; last_error: string | null }>(
      'SELECT processed_at, last_error FROM billing.stripe_events WHERE id = $1',
      [updated.id],
    );
    expect(row).toEqual({ processed_at: expect.any(Date), last_error: null });
  });

  it('ends in the same state whether invoice.paid comes before customer.subscription.updated or after', async () => {
    const first = await newClient(billing.app, 'order-a');
    const second = await newClient(billing.app, 'order-b');
    const a = await subscribe(billing, first, 'bookkeeping-starter', { trial_period_days: 14 });
    const b = await subscribe(billing, second, 'bookkeeping-starter', { trial_period_days: 14 });
    await billing.settled();
    const known = new Set(billing.fake.events().map((event) => event.id));

    // The trials end while nothing is delivered; then each gets only two events, in opposite orders.
    billing.fake.setWebhookUrl(null);
    billing.fake.advanceClock(14 * DAY + 3600);
    billing.fake.setWebhookUrl(webhookUrl());
    const fresh = billing.fake.events().filter((event) => !known.has(event.id));
    const find = async (id: string, type: string) => {
      const stripeId = await stripeIdOf(billing, id);
      return fresh.find((event) => {
        const object = event.data.object as Stripe.Subscription | Stripe.Invoice;
        const owner =
          object.object === 'subscription'
            ? object.id
            : (object as Stripe.Invoice).parent?.subscription_details?.subscription;
        return event.type === type && owner === stripeId;
      })!;
    };
    for (const event of [await find(a.id, 'invoice.paid'), await find(a.id, 'customer.subscription.updated')]) {
      billing.fake.redeliver(event.id, webhookUrl());
      await billing.settled();
    }
    for (const event of [await find(b.id, 'customer.subscription.updated'), await find(b.id, 'invoice.paid')]) {
      billing.fake.redeliver(event.id, webhookUrl());
      await billing.settled();
    }

    for (const [client, subscription] of [
      [first, a],
      [second, b],
    ] as const) {
      const stripe = await billing.stripe.subscriptions.retrieve(await stripeIdOf(billing, subscription.id));
      expect(await local(billing, client, subscription.id)).toMatchObject({
        status: 'active',
        current_period_start: new Date(stripe.items.data[0].current_period_start * 1000).toISOString(),
        current_period_end: new Date(stripe.items.data[0].current_period_end * 1000).toISOString(),
      });
      expect((await invoices(billing, client, subscription.id)).map((i) => [i.status, i.amount_paid])).toEqual([
        ['paid', 29900],
        ['paid', 0],
      ]);
    }
  });

  it("applies an invoice event rendered in an older API version (the endpoint's, not the SDK's)", async () => {
    const client = await newClient(billing.app, 'old-version');
    const created = await subscribe(billing, client, 'bookkeeping-starter', { trial_period_days: 7 });
    await billing.settled();
    const stripeId = await stripeIdOf(billing, created.id);
    const known = new Set(billing.fake.events().map((event) => event.id));

    billing.fake.setWebhookUrl(null);
    billing.fake.advanceClock(7 * DAY + 3600);
    billing.fake.setWebhookUrl(webhookUrl());
    const paid = billing.fake
      .events()
      .find(
        (event) =>
          !known.has(event.id) &&
          event.type === 'invoice.paid' &&
          (event.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === stripeId,
      )!;
    // Stripe renders an event in the webhook endpoint's API version (by default the account's): before
    // 2025-03-31 an invoice names its subscription at the top level and has no `parent`.
    const { parent, ...rest } = paid.data.object as Stripe.Invoice;
    const legacyInvoice = {
      ...rest,
      subscription: stripeId,
      subscription_details: { metadata: parent?.subscription_details?.metadata ?? {} },
    };
    const event = JSON.stringify({ ...paid, api_version: '2024-06-20', data: { object: legacyInvoice } }, null, 2);
    const response = await post(event, signatureHeader(event, billing.fake.webhookSecret));
    expect(response.status).toBe(200);
    await billing.settled();

    expect(await local(billing, client, created.id)).toMatchObject({ status: 'active' });
    expect((await invoices(billing, client, created.id)).map((i) => [i.status, i.amount_paid])).toEqual([
      ['paid', 29900],
      ['paid', 0],
    ]);
  });

  it('ignores invoice.upcoming (a draft with no id, nothing to read again), in either API version', async () => {
    const client = await newClient(billing.app, 'upcoming');
    const created = await subscribe(billing, client, 'annual-compliance');
    await billing.settled();
    const stripeId = await stripeIdOf(billing, created.id);
    const paid = billing.fake
      .events()
      .find(
        (event) =>
          event.type === 'invoice.paid' &&
          (event.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === stripeId,
      )!;
    // Stripe: "The received Invoice object will not have an invoice ID."
    const { id: _paidId, parent, ...invoice } = paid.data.object as Stripe.Invoice;
    const draft = { ...invoice, status: 'draft', billing_reason: 'upcoming', amount_paid: 0, status_transitions: {} };
    const upcoming = [
      { ...paid, id: `evt_upcoming${newKey().replaceAll('-', '')}`, data: { object: { ...draft, parent } } },
      {
        ...paid,
        id: `evt_upcoming${newKey().replaceAll('-', '')}`,
        api_version: '2024-06-20',
        data: {
          object: { ...draft, subscription: stripeId, subscription_details: parent?.subscription_details ?? null },
        },
      },
    ].map((event) => ({ ...event, type: 'invoice.upcoming' }));
    const requestsBefore = billing.fake.requests().length;
    for (const event of upcoming) {
      const body = JSON.stringify(event, null, 2);
      const response = await post(body, signatureHeader(body, billing.fake.webhookSecret));
      expect(response.status).toBe(200);
    }
    await billing.settled();

    expect(billing.fake.requests().slice(requestsBefore)).toEqual([]);
    const rows = await billing.app.sql<{ id: string; processed_at: Date | null; last_error: string | null }>(
      'SELECT id, processed_at, last_error FROM billing.stripe_events WHERE id = ANY($1)',
      [upcoming.map((event) => event.id)],
    );
    expect(new Map(rows.map(({ id, ...row }) => [id, row]))).toEqual(
      new Map(upcoming.map((event) => [event.id, { processed_at: expect.any(Date), last_error: null }])),
    );
    expect((await invoices(billing, client, created.id)).map((i) => [i.status, i.amount_paid])).toEqual([
      ['paid', 4900],
    ]);
  });

  it('mails the update-payment link when a renewal fails, and a new card settles it', async () => {
    const client = await newClient(billing.app, 'renewal');
    const created = await subscribe(billing, client, 'payroll-growth');
    const put = (card: string) =>
      api(billing.app, 'PUT', `/subscriptions/${created.id}/payment-method`, {
        token: client.token,
        json: { payment_method_id: card },
      });
    expect((await put('pm_card_chargeCustomerFail')).status).toBe(200);
    await billing.settled();
    const since = new Date();

    billing.fake.advanceClock(32 * DAY);
    await billing.settled();
    expect(await local(billing, client, created.id)).toMatchObject({ status: 'past_due' });
    const mail = await waitForMail(billing.app.dataDir, client.email, { since });
    expect(mail.subject).toBe('Action needed: your Payroll Growth payment failed');
    expect(mail.text).toContain('We could not charge $100.00 to your card');
    expect(mail.links).toEqual([`http://portal.test/subscription/${created.id}/payment`]);
    const [open] = await invoices(billing, client, created.id);
    expect(open).toMatchObject({ status: 'open', amount_due: 10000, amount_paid: 0 });

    const beforeVisa = new Date();
    const settledWithVisa = await put('pm_card_visa');
    expect(settledWithVisa.body).toMatchObject({ status: 'active', payment_method: { last4: '4242' } });
    await billing.settled();
    expect((await invoices(billing, client, created.id))[0]).toMatchObject({ status: 'paid', amount_paid: 10000 });
    const receipt = await waitForMail(billing.app.dataDir, client.email, { since: beforeVisa });
    expect(receipt.subject).toContain('receipt: $100.00 for Payroll Growth');
    const failureMails = await billing.app.sql(
      `SELECT 1 FROM billing.outbox WHERE payload->>'template' = 'payment-failed' AND payload->>'to' = $1`,
      [client.email],
    );
    expect(failureMails).toHaveLength(1);
  });
});

/**
 * A proxy between the app and the fake Stripe that can fail reads of subscriptions: the worker's
 * re-fetch then fails, and the job must be retried until it succeeds.
 */
async function startFlakyProxy(target: () => string) {
  let failing = false;
  let refused = 0;
  const server: Server = createServer((incoming, outgoing) => {
    if (failing && incoming.method === 'GET' && incoming.url?.startsWith('/v1/subscriptions/')) {
      refused += 1;
      outgoing
        .writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' })
        .end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is having a bad day.' } }));
      return;
    }
    const upstream = new URL(target());
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fail: (on: boolean) => (failing = on),
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Stripe webhooks: a worker failure', () => {
  let proxy: Awaited<ReturnType<typeof startFlakyProxy>>;
  let stripeUrl = '';
  beforeAll(async () => {
    proxy = await startFlakyProxy(() => stripeUrl);
  });
  afterAll(() => proxy?.close());
  // The app reaches Stripe through the proxy (started first: hooks run in the order they are declared).
  const billing = useBillingApp((fake) => {
    stripeUrl = fake.url;
    return { STRIPE_API_BASE: proxy.url };
  });

  it('is retried with backoff until Stripe answers again', async () => {
    const client = await newClient(billing.app, 'retry');
    const created = await subscribe(billing, client, 'bookkeeping-starter', { trial_period_days: 7 });
    await billing.settled();

    proxy.fail(true);
    billing.fake.advanceClock(7 * DAY + 3600);
    await billing.fake.waitForWebhooks();
    await billing.app.gateway.waitForLog(
      (line) => typeof line.msg === 'string' && /stripe-events job .* failed: .*; will retry$/.test(line.msg),
      20_000,
    );
    expect(proxy.refused()).toBeGreaterThan(0);
    expect((await local(billing, client, created.id)).status).toBe('trialing');

    proxy.fail(false);
    await billing.app.settled(60_000);
    expect(await local(billing, client, created.id)).toMatchObject({ status: 'active' });
    const retried = await billing.app.sql<{ attempts: number }>(
      `SELECT attempts FROM billing.stripe_events WHERE processed_at IS NOT NULL AND attempts > 1`,
    );
    expect(retried.length).toBeGreaterThan(0);
  }, 90_000);
});
