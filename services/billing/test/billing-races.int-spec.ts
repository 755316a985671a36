import type {
  CreateSubscriptionReply,
  PaymentReply,
  PurchaseReply,
  SetupIntentReply,
  SubscriptionReply,
} from '@portal/contracts';
import { signatureHeader } from '@portal/fake-stripe';
import { Client as PgClient } from 'pg';
import type Stripe from 'stripe';
import type { Answer, Client } from './billing-fixtures';
import {
  api,
  charges,
  checkout,
  formId,
  FULL_BILLING_DETAILS,
  newClient,
  newKey,
  savedCard,
  serviceId,
  useBillingApp,
} from './billing-fixtures';

/** How many copies of one request go out at once. */
const COPIES = 6;

const times = <T>(count: number, make: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => make(index)));

/** A 2xx, or a 4xx that says why in a `detail`; never a 5xx. */
function expectClean(replies: Array<Answer<{ detail?: string }>>): void {
  for (const reply of replies) {
    if (reply.status >= 200 && reply.status < 300) continue;
    expect({ status: reply.status, detail: typeof reply.body?.detail }).toEqual({
      status: expect.any(Number) as number,
      detail: 'string',
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
  }
}

/** Sessions of the test database waiting for a lock now. */
async function lockWaiters(client: PgClient): Promise<number> {
  // pg_stat_activity is read once per transaction unless its snapshot is dropped.
  await client.query('SELECT pg_stat_clear_snapshot()');
  const [{ n }] = (
    await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )
  ).rows;
  return Number(n);
}

/**
 * Runs `work` while a test connection holds the rows `lockSql` selects `FOR UPDATE` (at least one), and
 * lets go once `waiting` sessions wait for that lock (after running `whileWaiting`, to look at what they
 * did before waiting), or `work` has finished, or 15 s have passed; answers what `work` did and whether
 * the waiters were seen. Requests that must wait for the row are then certainly at the same point at
 * once, however the machine schedules them, and code that does not wait for the row shows it.
 */
async function whileLocked<T>(
  databaseUrl: string,
  [lockSql, params]: [string, unknown[]],
  waiting: number,
  work: () => Promise<T>,
  whileWaiting: () => void = () => {},
): Promise<{ result: T; waited: boolean }> {
  const holder = new PgClient({ connectionString: databaseUrl });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    const locked = await holder.query(`${lockSql} FOR UPDATE`, params);
    if (!locked.rowCount) throw new Error(`whileLocked: nothing to lock (${lockSql})`);
    let done = false;
    const answers = work().finally(() => {
      done = true;
    });
    let waited = false;
    const deadline = Date.now() + 15_000;
    while (!done && !waited && Date.now() < deadline) {
      waited = (await lockWaiters(holder)) >= waiting;
      if (!waited) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (waited) whileWaiting();
    await holder.query('COMMIT');
    return { result: await answers, waited };
  } finally {
    await holder.end();
  }
}

/** `requests` while the user's billing.customers row is held (see whileLocked). */
async function whileCustomerLocked<T>(
  databaseUrl: string,
  userId: string,
  waiting: number,
  requests: () => Promise<T>,
): Promise<T> {
  const locked = ['SELECT 1 FROM billing.customers WHERE user_id = $1', [userId]] as [string, unknown[]];
  return (await whileLocked(databaseUrl, locked, waiting, requests)).result;
}

/**
 * Billing's state-changing routes under copies of one request and conflicting requests sent at once (a
 * double click, a retry, two tabs, a webhook meanwhile): never a 5xx, what Stripe holds is exactly what
 * our tables know (no customer, charge or subscription made twice or unknown to us), one receipt per
 * charge, and the resource usable afterwards. payments.int-spec.ts and subscriptions.int-spec.ts race a
 * service payment's key and a cancel or re-activate; these are the rest.
 */
describe('billing routes under concurrent requests', () => {
  const billing = useBillingApp();
  const app = () => billing.app;

  /** The fake Stripe's requests from now on matching `method` and `path`. */
  const requestsSince = () => {
    const start = billing.fake.requests().length;
    return (method: string, path: string | RegExp) =>
      billing.fake
        .requests()
        .slice(start)
        .filter(
          (request) =>
            request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)),
        );
  };
  const customerRow = async (client: Client) =>
    app().sql<{ id: string; stripe_customer_id: string | null }>(
      'SELECT id, stripe_customer_id FROM billing.customers WHERE user_id = $1',
      [client.userId],
    );
  const receiptsQueued = async (client: Client) =>
    Number(
      (
        await app().sql<{ n: string }>(
          `SELECT count(*) AS n FROM billing.outbox WHERE payload->>'template' = 'payment-receipt' AND payload->>'to' = $1`,
          [client.email],
        )
      )[0].n,
    );
  /** The PaymentIntents Stripe made for the user's customer (the fake lists none: read from its events). */
  const paymentIntentsOf = async (client: Client) => {
    const customer = (await customerRow(client))[0].stripe_customer_id;
    const intents = new Map<string, Stripe.PaymentIntent>();
    for (const event of billing.fake.events()) {
      const intent = event.data.object as Stripe.PaymentIntent;
      if (intent.object === 'payment_intent' && intent.customer === customer) intents.set(intent.id, intent);
    }
    return [...intents.values()];
  };
  const setupIntent = (client: Client) =>
    api<SetupIntentReply & { detail?: string }>(app(), 'POST', '/payments/create-setup-intent', {
      token: client.token,
    });
  const payForm = (client: Client, body: Record<string, unknown>, key?: string) =>
    checkout<PaymentReply>(app(), client, '/payments/form-payment', body, key);
  const subscribe = (client: Client, body: Record<string, unknown>, key?: string) =>
    checkout<CreateSubscriptionReply>(app(), client, '/subscriptions/stripe', body, key);
  const subscription = async (client: Client, id: string) =>
    (await api<SubscriptionReply>(app(), 'GET', `/subscriptions/${id}`, { token: client.token })).body;
  const purchases = async (client: Client) =>
    (await api<PurchaseReply[]>(app(), 'GET', '/profiles/purchase-history', { token: client.token })).body;
  const stripeIdOf = async (id: string) =>
    (
      await app().sql<{ stripe_subscription_id: string }>(
        'SELECT stripe_subscription_id FROM billing.subscriptions WHERE id = $1',
        [id],
      )
    )[0].stripe_subscription_id;
  /** The last4 of the card Stripe charges the subscription's next invoices to. */
  const stripeCardOf = async (id: string) => {
    const subscription = await billing.stripe.subscriptions.retrieve(await stripeIdOf(id), {
      expand: ['default_payment_method'],
    });
    return (subscription.default_payment_method as Stripe.PaymentMethod).card!.last4;
  };

  it('create-setup-intent sent at once by a new user makes one Stripe customer, and one again after it is deleted', async () => {
    const client = await newClient(app(), 'race-setup');
    // Claimed (as the first request does) and held: every copy reaches the point of asking Stripe at once.
    await app().sql('INSERT INTO billing.customers (user_id, email) VALUES ($1, $2)', [client.userId, client.email]);
    let requests = requestsSince();
    const replies = await whileCustomerLocked(app().db.url, client.userId, COPIES, () =>
      times(COPIES, () => setupIntent(client)),
    );
    expectClean(replies);
    expect(replies.map((reply) => reply.status)).toEqual(Array(COPIES).fill(201));
    expect(requests('POST', '/v1/customers')).toHaveLength(1);
    const customers = await billing.stripe.customers.list({ email: client.email });
    expect(customers.data.map((customer) => customer.id)).toEqual([(await customerRow(client))[0].stripe_customer_id]);
    const setupIntentIds = replies.map((reply) => reply.body.client_secret.split('_secret_')[0]);
    expect(new Set(setupIntentIds).size).toBe(COPIES);
    for (const id of setupIntentIds) {
      expect((await billing.stripe.setupIntents.retrieve(id)).customer).toBe(customers.data[0].id);
    }
    const rows = await app().sql<{ stripe_setup_intent_id: string }>(
      'SELECT stripe_setup_intent_id FROM billing.setup_intents WHERE customer_id = $1',
      [(await customerRow(client))[0].id],
    );
    expect(rows.map((row) => row.stripe_setup_intent_id).sort()).toEqual([...setupIntentIds].sort());

    // Deleted at Stripe: the copies that find it gone replace it with one new customer, not one each.
    await billing.stripe.customers.del(customers.data[0].id);
    requests = requestsSince();
    const again = await whileCustomerLocked(app().db.url, client.userId, COPIES, () =>
      times(COPIES, () => setupIntent(client)),
    );
    expectClean(again);
    expect(again.map((reply) => reply.status)).toEqual(Array(COPIES).fill(201));
    expect(requests('POST', '/v1/customers')).toHaveLength(1);
    const replaced = (await customerRow(client))[0].stripe_customer_id!;
    expect(replaced).not.toBe(customers.data[0].id);
    for (const reply of again) {
      const id = reply.body.client_secret.split('_secret_')[0];
      expect((await billing.stripe.setupIntents.retrieve(id)).customer).toBe(replaced);
    }
    expect((await billing.stripe.customers.list({ email: client.email })).data.map((customer) => customer.id)).toEqual([
      replaced,
    ]);
  });

  it('a setup intent’s webhook reads it from Stripe only once it holds its row, so the last read is the last written', async () => {
    const client = await newClient(app(), 'race-setup-webhook');
    const created = await setupIntent(client);
    expect(created.status).toBe(201);
    const secret = created.body.client_secret;
    const id = secret.split('_secret_')[0];
    await billing.settled(); // setup_intent.created handled: nothing else will read it
    const reads = requestsSince();
    const browser = billing.fake.client(billing.fake.publishableKey);
    // As Stripe.js confirms it: the publishable key and the client secret (not in the server SDK's types).
    const confirmation = { payment_method: 'pm_card_visa', client_secret: secret };
    const { waited } = await whileLocked(
      app().db.url,
      ['SELECT 1 FROM billing.setup_intents WHERE stripe_setup_intent_id = $1', [id]],
      1,
      async () => {
        await browser.setupIntents.confirm(id, confirmation as Stripe.SetupIntentConfirmParams);
        await billing.settled();
      },
      // Waiting for the row, not holding a read of Stripe that another event's handler could overtake.
      () => expect(reads('GET', `/v1/setup_intents/${id}`)).toHaveLength(0),
    );
    expect(waited).toBe(true); // the setup_intent.succeeded webhook waited for the row
    expect(reads('GET', `/v1/setup_intents/${id}`)).toHaveLength(1);
    const stripeSetupIntent = await billing.stripe.setupIntents.retrieve(id);
    expect(stripeSetupIntent.status).toBe('succeeded');
    expect(
      await app().sql('SELECT status, payment_method_id FROM billing.setup_intents WHERE stripe_setup_intent_id = $1', [
        id,
      ]),
    ).toEqual([{ status: 'succeeded', payment_method_id: stripeSetupIntent.payment_method }]);
  });

  it('a filing paid with one Idempotency-Key six times at once is charged once, with one purchase and one receipt', async () => {
    const client = await newClient(app(), 'race-form-key');
    const annualReport = await formId(app(), 'Annual Report');
    const requests = requestsSince();
    const key = newKey();
    const replies = await times(COPIES, () =>
      payForm(client, { form_id: annualReport, payment_method_id: 'pm_card_visa' }, key),
    );
    expectClean(replies);
    expect(replies.map((reply) => reply.status)).toEqual(Array(COPIES).fill(200));
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(1);
    expect(replies.map((reply) => reply.body.status)).toEqual(Array(COPIES).fill('succeeded'));
    expect(requests('POST', '/v1/customers')).toHaveLength(1);
    expect(requests('POST', '/v1/payment_intents')).toHaveLength(1);
    expect(await charges(billing, client.userId)).toEqual([15000]);

    await billing.settled();
    const orders = await app().sql<{ id: string; status: string; stripe_payment_intent_id: string }>(
      'SELECT id, status, stripe_payment_intent_id FROM billing.orders WHERE user_id = $1',
      [client.userId],
    );
    const intents = await paymentIntentsOf(client);
    expect(intents.map((intent) => intent.metadata.order_id)).toEqual([replies[0].body.id]);
    expect(orders).toEqual([{ id: replies[0].body.id, status: 'succeeded', stripe_payment_intent_id: intents[0].id }]);
    expect(await purchases(client)).toHaveLength(1);
    expect(await receiptsQueued(client)).toBe(1);

    // Still usable: another checkout attempt (a new key) buys it again.
    const next = await payForm(client, { form_id: annualReport, payment_method_id: 'pm_card_visa' });
    expect(next.status).toBe(200);
    expect(await charges(billing, client.userId)).toEqual([15000, 15000]);
  });

  it('a filing paid with six different keys at once: six checkouts, each charged once with its purchase and receipt', async () => {
    // Nothing in the spec makes a filing a one-time purchase (an annual report is filed every year): each
    // checkout attempt (its own key) is a purchase. What must hold is that charges, orders and receipts agree.
    const client = await newClient(app(), 'race-form-keys');
    const annualReport = await formId(app(), 'Annual Report');
    const requests = requestsSince();
    const replies = await times(COPIES, () =>
      payForm(client, { form_id: annualReport, payment_method_id: 'pm_card_visa' }),
    );
    expectClean(replies);
    expect(replies.map((reply) => [reply.status, reply.body.status])).toEqual(Array(COPIES).fill([200, 'succeeded']));
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(COPIES);
    expect(requests('POST', '/v1/customers')).toHaveLength(1);
    expect(requests('POST', '/v1/payment_intents')).toHaveLength(COPIES);

    await billing.settled();
    const intents = await paymentIntentsOf(client);
    const orders = await app().sql<{ id: string; status: string; stripe_payment_intent_id: string }>(
      'SELECT id, status, stripe_payment_intent_id FROM billing.orders WHERE user_id = $1',
      [client.userId],
    );
    expect(orders.map((order) => order.stripe_payment_intent_id).sort()).toEqual(
      intents.map((intent) => intent.id).sort(),
    );
    expect(orders.every((order) => order.status === 'succeeded')).toBe(true);
    expect(intents.map((intent) => intent.metadata.order_id).sort()).toEqual(orders.map((order) => order.id).sort());
    expect(await charges(billing, client.userId)).toEqual(Array(COPIES).fill(15000));
    expect(await purchases(client)).toHaveLength(COPIES);
    expect(await receiptsQueued(client)).toBe(COPIES);
  });

  it('two different packages subscribed at once by a new user: both, with one customer; one package six times at once: one', async () => {
    const client = await newClient(app(), 'race-packages');
    const compliance = await serviceId(app(), 'annual-compliance');
    const scale = await serviceId(app(), 'bookkeeping-scale');
    let requests = requestsSince();
    const both = await Promise.all([
      subscribe(client, { package_id: compliance, payment_method_id: 'pm_card_visa' }),
      subscribe(client, { package_id: scale, payment_method_id: 'pm_card_visa' }),
    ]);
    expectClean(both);
    expect(both.map((reply) => [reply.status, reply.body.status])).toEqual([
      [201, 'active'],
      [201, 'active'],
    ]);
    expect(requests('POST', '/v1/customers')).toHaveLength(1);
    expect(requests('POST', '/v1/subscriptions')).toHaveLength(2);
    const customer = (await customerRow(client))[0].stripe_customer_id!;
    const atStripe = await billing.stripe.subscriptions.list({ customer, status: 'all' });
    const ours = await app().sql<{ stripe_subscription_id: string }>(
      'SELECT stripe_subscription_id FROM billing.subscriptions WHERE user_id = $1',
      [client.userId],
    );
    expect(ours.map((row) => row.stripe_subscription_id).sort()).toEqual(atStripe.data.map((s) => s.id).sort());
    expect((await charges(billing, client.userId)).sort()).toEqual([4900, 99900]);

    // One package, six checkout attempts at once: one subscribes, the others are told why not.
    const other = await newClient(app(), 'race-package');
    requests = requestsSince();
    const replies = await times(COPIES, () =>
      subscribe(other, { package_id: compliance, payment_method_id: 'pm_card_visa' }),
    );
    expectClean(replies);
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    for (const refused of replies.filter((reply) => reply.status !== 201)) {
      expect(refused.status).toBe(409);
      expect([
        'You already have an active subscription to this package.',
        'A subscription to this package is being set up. Please wait a moment and try again.',
      ]).toContain(refused.body.detail);
    }
    expect(requests('POST', '/v1/subscriptions')).toHaveLength(1);
    expect(await charges(billing, other.userId)).toEqual([4900]);
    await billing.settled();
    const listed = await api<SubscriptionReply[]>(app(), 'GET', '/subscriptions/user', { token: other.token });
    expect(listed.body.map((subscription) => [subscription.id, subscription.status])).toEqual([
      [replies.find((reply) => reply.status === 201)!.body.id, 'active'],
    ]);
    expect(await receiptsQueued(other)).toBe(1);
  });

  it('first subscriptions to a package by several users at once look its Stripe product up and make it once', async () => {
    const clients = await times(4, (index) => newClient(app(), `race-product-${index}`));
    const payrollStarter = await serviceId(app(), 'payroll-starter');
    const product = `portal-package-${payrollStarter}`;
    const requests = requestsSince();
    const replies = await Promise.all(
      clients.map((client) => subscribe(client, { package_id: payrollStarter, payment_method_id: 'pm_card_visa' })),
    );
    expectClean(replies);
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201]);
    expect(requests('GET', `/v1/products/${product}`)).toHaveLength(1);
    expect(requests('POST', '/v1/products')).toHaveLength(1);
    expect((await billing.stripe.products.retrieve(product)).metadata).toEqual({ package_id: payrollStarter });
  });

  it('a subscription’s card changed twice at once ends with one card, the same in Stripe and here; a change and a cancel at once both hold', async () => {
    const client = await newClient(app(), 'race-card');
    const starter = await serviceId(app(), 'bookkeeping-starter');
    const trial = { package_id: starter, payment_method_id: 'pm_card_visa', trial_period_days: 30 };
    const created = await subscribe(client, trial);
    expect(created.status).toBe(201);
    const id = created.body.id;
    const change = (card: string) =>
      api<SubscriptionReply & { detail?: string }>(app(), 'PUT', `/subscriptions/${id}/payment-method/`, {
        token: client.token,
        json: { payment_method_id: card },
      });

    for (let round = 0; round < 3; round += 1) {
      const replies = await Promise.all([
        change('pm_card_mastercard'),
        change('pm_card_amex'),
        change('pm_card_mastercard'),
        change('pm_card_amex'),
      ]);
      expectClean(replies);
      expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
      const stripeCard = await stripeCardOf(id);
      expect(['4444', '0005']).toContain(stripeCard);
      expect((await subscription(client, id)).payment_method?.last4).toBe(stripeCard);
      await billing.settled();
      expect((await subscription(client, id)).payment_method?.last4).toBe(stripeCard);
    }

    const [changed, canceled] = await Promise.all([
      change('pm_card_visa'),
      api<SubscriptionReply & { detail?: string }>(app(), 'POST', `/subscriptions/${id}/cancel`, {
        token: client.token,
        json: { reason: 'Too expensive' },
      }),
    ]);
    expectClean([changed, canceled]);
    expect([changed.status, canceled.status]).toEqual([200, 200]);
    await billing.settled();
    const stripe = await billing.stripe.subscriptions.retrieve(await stripeIdOf(id));
    const local = await subscription(client, id);
    expect(local).toMatchObject({ cancel_at_period_end: true, cancel_reason: 'Too expensive' });
    expect(stripe.cancel_at_period_end).toBe(true);
    expect(local.payment_method?.last4).toBe('4242');
    expect(await stripeCardOf(id)).toBe('4242');

    // Still usable: re-activated.
    const reactivated = await api<SubscriptionReply>(app(), 'POST', `/subscriptions/${id}/reactivate`, {
      token: client.token,
    });
    expect(reactivated.body).toMatchObject({ status: 'trialing', cancel_at_period_end: false });
  });

  it('a subscription’s webhooks arriving while the user cancels it never undo the cancellation', async () => {
    const client = await newClient(app(), 'race-webhook');
    const compliance = await serviceId(app(), 'annual-compliance');
    const created = await subscribe(client, { package_id: compliance, payment_method_id: 'pm_card_visa' });
    expect(created.status).toBe(201);
    await billing.settled();
    const id = created.body.id;
    const stripeId = await stripeIdOf(id);
    // Events about the subscription as it was before the cancellation, delivered while it is cancelled.
    const before = await billing.stripe.subscriptions.retrieve(stripeId);
    const webhook = (index: number) => {
      const body = JSON.stringify({
        id: `evt_race${Date.now()}x${index}`,
        object: 'event',
        api_version: '2025-03-31.basil',
        created: billing.fake.now(),
        type: 'customer.subscription.updated',
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: before },
      });
      return fetch(`${app().gateway.baseUrl}/api/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signatureHeader(body, billing.fake.webhookSecret),
        },
        body,
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { detail?: string } }));
    };
    const requests = requestsSince();
    const [canceled, ...delivered] = await Promise.all([
      api<SubscriptionReply & { detail?: string }>(app(), 'POST', `/subscriptions/${id}/cancel`, {
        token: client.token,
        json: { reason: 'Moving to another provider' },
      }),
      ...Array.from({ length: COPIES }, (_, index) => webhook(index)),
    ]);
    expectClean([canceled, ...delivered]);
    expect(canceled.status).toBe(200);
    expect(canceled.body.cancel_at_period_end).toBe(true);
    await billing.settled();
    expect(requests('POST', `/v1/subscriptions/${stripeId}`)).toHaveLength(1);
    expect((await billing.stripe.subscriptions.retrieve(stripeId)).cancel_at_period_end).toBe(true);
    expect(await subscription(client, id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_reason: 'Moving to another provider',
    });
    expect(await charges(billing, client.userId)).toEqual([4900]);
  });
});

describe('a first checkout with a named card on a pool of one connection', () => {
  // A checkout holds a connection for its order's (or subscription's) transaction, under the row's lock:
  // anything it wrote on a second connection would wait for the pool while holding the first, and with
  // as many checkouts at once as connections (here one) none would finish (the pool's 10 s timeout, a 500).
  const billing = useBillingApp({ DATABASE_POOL_SIZE: '1' });

  it('keeps the cardholder’s name on our customer and Stripe’s, for a payment and a subscription', async () => {
    const app = billing.app;
    const namedCard = (name: string) => savedCard(billing, { ...FULL_BILLING_DETAILS, name });
    const nameOf = async (client: Client) => {
      const [row] = await app.sql<{ name: string | null; stripe_customer_id: string }>(
        'SELECT name, stripe_customer_id FROM billing.customers WHERE user_id = $1',
        [client.userId],
      );
      const customer = await billing.stripe.customers.retrieve(row.stripe_customer_id);
      return { ours: row.name, stripe: customer.deleted ? null : customer.name };
    };

    const payer = await newClient(app, 'pool-one-payment');
    const paid = await checkout<PaymentReply>(app, payer, '/payments/form-payment', {
      form_id: await formId(app, 'Annual Report'),
      payment_method_id: await namedCard('Ann Payer'),
    });
    expect({ status: paid.status, detail: paid.body.detail }).toEqual({ status: 200, detail: undefined });
    expect(await nameOf(payer)).toEqual({ ours: 'Ann Payer', stripe: 'Ann Payer' });

    const subscriber = await newClient(app, 'pool-one-subscription');
    const subscribed = await checkout<CreateSubscriptionReply>(app, subscriber, '/subscriptions/stripe', {
      package_id: await serviceId(app, 'annual-compliance'),
      payment_method_id: await namedCard('Sam Subscriber'),
    });
    expect({ status: subscribed.status, detail: subscribed.body.detail }).toEqual({ status: 201, detail: undefined });
    expect(await nameOf(subscriber)).toEqual({ ours: 'Sam Subscriber', stripe: 'Sam Subscriber' });
  });
});
