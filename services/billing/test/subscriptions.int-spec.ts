import type { CreateSubscriptionReply, InvoicesReply, PurchaseReply, SubscriptionReply } from '@portal/contracts';
import { readLastMail, waitForMail } from '@portal/testing';
import type Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import {
  api,
  cardOfAnotherCustomer,
  charges,
  Client,
  DAY,
  FULL_BILLING_DETAILS,
  newClient,
  newKey,
  savedCard,
  serviceId,
  useBillingApp,
} from './billing-fixtures';

/**
 * Subscriptions against the fake Stripe: the built app (workers running) receives the fake's signed
 * webhooks, so what the worker does (invoices, receipts) is part of what is tested.
 */
describe('subscriptions', () => {
  const billing = useBillingApp();
  const app = () => billing.app;

  const subscribe = (client: Client, body: Record<string, unknown>, key = newKey()) =>
    api<CreateSubscriptionReply & { detail?: string }>(app(), 'POST', '/subscriptions/stripe', {
      token: client.token,
      key,
      json: body,
    });
  const get = (client: Client, id: string) =>
    api<SubscriptionReply & { detail?: string }>(app(), 'GET', `/subscriptions/${id}`, { token: client.token });
  const invoices = (client: Client, id: string) =>
    api<InvoicesReply & { detail?: string }>(app(), 'GET', `/subscriptions/${id}/invoices/`, { token: client.token });
  const history = (client: Client) =>
    api<PurchaseReply[]>(app(), 'GET', '/profiles/purchase-history', { token: client.token });
  const stripeSubscription = async (id: string) => {
    const [row] = await app().sql<{ stripe_subscription_id: string }>(
      'SELECT stripe_subscription_id FROM billing.subscriptions WHERE id = $1',
      [id],
    );
    return billing.stripe.subscriptions.retrieve(row.stripe_subscription_id);
  };

  it('with a trial: nothing charged; past the trial a paid invoice, a receipt and a purchase', async () => {
    const client = await newClient(app(), 'trial');
    const starter = await serviceId(app(), 'bookkeeping-starter');
    const since = new Date();
    const created = await subscribe(client, {
      package_id: starter,
      payment_method_id: 'pm_card_visa',
      trial_period_days: 1,
    });
    expect(created.status).toBe(201);
    const trialStart = billing.fake.now();
    expect(created.body).toMatchObject({
      package_id: starter,
      package_name: 'Starter Bookkeeping',
      status: 'trialing',
      has_trial: true,
      trial_period: 30,
      price: 299,
      currency: 'usd',
      cancel_at_period_end: false,
      requires_action: false,
      client_secret: null,
      package: { id: starter, name: 'Starter Bookkeeping', price: 299, billing_cycle: 'monthly' },
      payment_method: { brand: 'visa', last4: '4242', details: { brand: 'visa', last4: '4242' } },
      customer_email: client.email,
    });
    expect(Date.parse(created.body.trial_end_date!) / 1000).toBeCloseTo(trialStart + 30 * DAY, -1);
    expect(created.body.renewal_date).toBe(created.body.trial_end_date);

    await billing.settled();
    expect(await charges(billing, client.userId)).toEqual([]);
    const duringTrial = await invoices(client, created.body.id);
    expect(duringTrial.body.invoices).toMatchObject([{ status: 'paid', amount_paid: 0, amount_due: 0 }]);
    expect(duringTrial.body.subscription.package_name).toBe('Starter Bookkeeping');
    expect((await history(client)).body).toEqual([]);
    expect(await readLastMail(app().dataDir, client.email, { since })).toBeUndefined();

    billing.fake.advanceClock(30 * DAY + 3600);
    await billing.settled();
    const after = await get(client, created.body.id);
    expect(after.body).toMatchObject({ status: 'active', has_trial: true });
    expect(await charges(billing, client.userId)).toEqual([29900]);
    const billed = await invoices(client, created.body.id);
    expect(billed.body.invoices.map((invoice) => [invoice.status, invoice.amount_paid])).toEqual([
      ['paid', 29900],
      ['paid', 0],
    ]);
    expect(billed.body.invoices[0].number).toMatch(/-0002$/);
    expect(billed.body.invoices[0].hosted_invoice_url).toContain('/__fake/invoices/');

    const purchases = (await history(client)).body;
    expect(purchases).toEqual([
      expect.objectContaining({
        kind: 'subscription',
        status: 'paid',
        amount: 299,
        package: { name: 'Starter Bookkeeping' },
        service: null,
        form: null,
        payment_method: { details: { brand: 'visa', last4: '4242' } },
      }),
    ]);
    expect(purchases[0].billing_period_start).toBe(after.body.current_period_start);

    const receipt = await waitForMail(app().dataDir, client.email, { since });
    expect(receipt.subject).toBe('Your Harbor Tax & Accounting receipt: $299.00 for Starter Bookkeeping');
    expect(receipt.text).toContain(billed.body.invoices[0].number!);
    expect(receipt.links).toContain('http://portal.test/profile#purchase-history');
  });

  it('without a trial: the first month is charged at once, with a receipt', async () => {
    const client = await newClient(app(), 'no-trial');
    const growth = await serviceId(app(), 'payroll-growth'); // Trial N/A
    const since = new Date();
    const created = await subscribe(client, {
      package_id: growth,
      payment_method_id: 'pm_card_visa',
      trial_period_days: 30,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'active', has_trial: false, trial_period: 0, price: 100 });
    expect(created.body.trial_end_date).toBeNull();
    expect(await charges(billing, client.userId)).toEqual([10000]);
    await billing.settled();
    expect((await history(client)).body).toEqual([expect.objectContaining({ amount: 100, kind: 'subscription' })]);
    const receipt = await waitForMail(app().dataDir, client.email, { since });
    expect(receipt.subject).toBe(`Your Harbor Tax & Accounting receipt: $100.00 for ${created.body.package_name}`);
  });

  it('shows a refund of a subscription payment as a purchase’s: part, then all of it; a late event changes nothing', async () => {
    const client = await newClient(app(), 'invoice-refund');
    const created = await subscribe(client, {
      package_id: await serviceId(app(), 'payroll-growth'),
      payment_method_id: 'pm_card_visa',
    });
    expect(created.status).toBe(201);
    await billing.settled();
    const [invoice] = await app().sql<{ id: string; stripe_invoice_id: string }>(
      'SELECT id, stripe_invoice_id FROM billing.invoices WHERE user_id = $1',
      [client.userId],
    );
    const [payment] = (await billing.stripe.invoicePayments.list({ invoice: invoice.stripe_invoice_id })).data;
    const paymentIntentId = payment.payment.payment_intent as string;
    expect((await history(client)).body).toEqual([
      expect.objectContaining({
        id: invoice.id,
        kind: 'subscription',
        amount: 100,
        amount_refunded: 0,
        refunded_at: null,
      }),
    ]);

    const part = await billing.stripe.refunds.create({ payment_intent: paymentIntentId, amount: 2500 });
    await billing.settled();
    expect((await history(client)).body).toEqual([
      expect.objectContaining({
        id: invoice.id,
        status: 'paid',
        amount: 100,
        amount_refunded: 25,
        refunded_at: new Date(part.created * 1000).toISOString(),
      }),
    ]);

    billing.fake.advanceClock(3600);
    const rest = await billing.stripe.refunds.create({ payment_intent: paymentIntentId });
    await billing.settled();
    const full = expect.objectContaining({
      id: invoice.id,
      status: 'paid',
      amount_refunded: 100,
      refunded_at: new Date(rest.created * 1000).toISOString(),
    });
    expect((await history(client)).body).toEqual([full]);

    // The partial refund's charge.refunded, sent again after the full one: Stripe is read again, not the event.
    const [partial] = billing.fake
      .events()
      .filter((event) => event.type === 'charge.refunded' && (event.data.object as Stripe.Charge).id === part.charge);
    await app().sql('DELETE FROM billing.stripe_events WHERE id = $1', [partial.id]);
    billing.fake.redeliver(partial.id);
    await billing.settled();
    expect((await history(client)).body).toEqual([full]);
    const receipts = await app().sql(
      `SELECT 1 FROM billing.outbox WHERE payload->>'template' = 'payment-receipt' AND payload->>'to' = $1`,
      [client.email],
    );
    expect(receipts).toHaveLength(1);
  });

  it("caps a longer trial than the package's to it, and grants a package's trial once", async () => {
    const client = await newClient(app(), 'cap');
    const growth = await serviceId(app(), 'bookkeeping-growth'); // Trial 3 months
    const created = await subscribe(client, {
      package_id: growth,
      payment_method_id: 'pm_card_visa',
      trial_period_days: 365,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'trialing', trial_period: 90 });
    const stripe = await stripeSubscription(created.body.id);
    expect(stripe.trial_end! - stripe.trial_start!).toBe(90 * DAY);
    expect(stripe.items.data[0].price.unit_amount).toBe(54900);

    // Cancelled during the trial, it ends with the trial, unpaid; subscribing again charges at once.
    await api(app(), 'POST', `/subscriptions/${created.body.id}/cancel`, { token: client.token, json: {} });
    billing.fake.advanceClock(91 * DAY);
    await billing.settled();
    expect((await get(client, created.body.id)).body).toMatchObject({
      status: 'canceled',
      cancel_at_period_end: false,
    });
    expect(await charges(billing, client.userId)).toEqual([]);

    const again = await subscribe(client, {
      package_id: growth,
      payment_method_id: 'pm_card_visa',
      trial_period_days: 90,
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ status: 'active', has_trial: false, trial_period: 0 });
    expect(await charges(billing, client.userId)).toEqual([54900]);
  });

  it('refuses a second subscription to the same package, and answers a repeated request once', async () => {
    const client = await newClient(app(), 'second');
    const compliance = await serviceId(app(), 'annual-compliance');
    const key = newKey();
    const body = { package_id: compliance, payment_method_id: 'pm_card_visa' };
    const [first, repeated] = await Promise.all([subscribe(client, body, key), subscribe(client, body, key)]);
    expect([first.status, repeated.status]).toEqual([201, 201]);
    expect(repeated.body.id).toBe(first.body.id);
    expect(await charges(billing, client.userId)).toEqual([4900]);

    const second = await subscribe(client, body);
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe('You already have an active subscription to this package.');
    const listed = await api<SubscriptionReply[]>(app(), 'GET', '/subscriptions/user', { token: client.token });
    expect(listed.body.map((subscription) => subscription.id)).toEqual([first.body.id]);
    expect(await charges(billing, client.userId)).toEqual([4900]);
  });

  it('refuses an Idempotency-Key sent again for another package, card or trial, as a payment does', async () => {
    const client = await newClient(app(), 'key-reused');
    const starter = await serviceId(app(), 'bookkeeping-starter'); // Trial 3 months
    const key = newKey();
    const body = { package_id: starter, payment_method_id: 'pm_card_visa', trial_period_days: 30 };
    const created = await subscribe(client, body, key);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'trialing', trial_period: 30 });

    const reused = {
      detail:
        'This Idempotency-Key was already used for another payment. Start a new checkout to pay for something else.',
    };
    const compliance = await serviceId(app(), 'annual-compliance');
    for (const changed of [
      { ...body, package_id: compliance },
      { ...body, payment_method_id: 'pm_card_mastercard' },
      { ...body, trial_period_days: 60 },
      { ...body, trial_period_days: 0 },
      { package_id: starter, payment_method_id: 'pm_card_visa' },
    ]) {
      const answer = await subscribe(client, changed, key);
      expect({ sent: changed, status: answer.status, body: answer.body }).toEqual({
        sent: changed,
        status: 409,
        body: reused,
      });
    }

    // The same request in the query's other words (1 means 30 days) is the same request.
    const again = await subscribe(client, { ...body, trial_period_days: 1 }, key);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: created.body.id, status: 'trialing', trial_period: 30 });
    const listed = await api<SubscriptionReply[]>(app(), 'GET', '/subscriptions/user', { token: client.token });
    expect(listed.body.map((subscription) => subscription.id)).toEqual([created.body.id]);
    expect(await charges(billing, client.userId)).toEqual([]);
  });

  it('cancels at the period end keeping the reason (CANCELING), and re-activates', async () => {
    const client = await newClient(app(), 'cancel');
    const starter = await serviceId(app(), 'bookkeeping-starter');
    const created = await subscribe(client, {
      package_id: starter,
      payment_method_id: 'pm_card_visa',
      trial_period_days: 90,
    });
    const id = created.body.id;

    const canceled = await api<SubscriptionReply>(app(), 'POST', `/subscriptions/${id}/cancel`, {
      token: client.token,
      json: { reason: '  We hired an in-house bookkeeper.  ' },
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({
      status: 'trialing',
      cancel_at_period_end: true,
      cancel_reason: 'We hired an in-house bookkeeper.',
      renewal_date: null,
    });
    expect(await stripeSubscription(id)).toMatchObject({
      cancel_at_period_end: true,
      cancellation_details: { comment: 'We hired an in-house bookkeeper.' },
    });

    const again = await api<SubscriptionReply>(app(), 'POST', `/subscriptions/${id}/cancel`, {
      token: client.token,
      json: {},
    });
    expect(again.body).toMatchObject({ cancel_at_period_end: true, cancel_reason: 'We hired an in-house bookkeeper.' });

    const reactivated = await api<SubscriptionReply>(app(), 'POST', `/subscriptions/${id}/reactivate`, {
      token: client.token,
    });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({ status: 'trialing', cancel_at_period_end: false, cancel_reason: null });
    expect(reactivated.body.renewal_date).toBe(reactivated.body.trial_end_date);
    expect((await stripeSubscription(id)).cancel_at_period_end).toBe(false);
    await billing.settled();
    expect((await get(client, id)).body.cancel_at_period_end).toBe(false);
    expect(await charges(billing, client.userId)).toEqual([]);
  });

  it('asks Stripe once for a cancel or a re-activate sent twice at once (a double click)', async () => {
    const client = await newClient(app(), 'double');
    const scale = await serviceId(app(), 'bookkeeping-scale');
    const created = await subscribe(client, { package_id: scale, payment_method_id: 'pm_card_visa' });
    const id = created.body.id;
    const stripeId = (await stripeSubscription(id)).id;
    const updates = () =>
      billing.fake
        .requests()
        .filter((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${stripeId}`);
    const change = (action: 'cancel' | 'reactivate') =>
      api<SubscriptionReply>(app(), 'POST', `/subscriptions/${id}/${action}`, { token: client.token, json: {} });

    const canceled = await Promise.all([change('cancel'), change('cancel')]);
    expect(canceled.map((answer) => [answer.status, answer.body.cancel_at_period_end])).toEqual([
      [200, true],
      [200, true],
    ]);
    expect(updates()).toHaveLength(1);
    const reactivated = await Promise.all([change('reactivate'), change('reactivate')]);
    expect(reactivated.map((answer) => [answer.status, answer.body.cancel_at_period_end])).toEqual([
      [200, false],
      [200, false],
    ]);
    expect(updates()).toHaveLength(2);
    expect(await charges(billing, client.userId)).toEqual([99900]);
  });

  it('changes the card future invoices are charged to', async () => {
    const client = await newClient(app(), 'card');
    const starter = await serviceId(app(), 'bookkeeping-starter');
    const created = await subscribe(client, {
      package_id: starter,
      payment_method_id: 'pm_card_visa',
      trial_period_days: 30,
    });
    const updated = await api<SubscriptionReply>(app(), 'PUT', `/subscriptions/${created.body.id}/payment-method/`, {
      token: client.token,
      json: { payment_method_id: 'pm_card_mastercard' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.payment_method).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
      exp_month: 12,
      details: { brand: 'mastercard', last4: '4444' },
    });
    const stripe = await stripeSubscription(created.body.id);
    const card = await billing.stripe.paymentMethods.retrieve(stripe.default_payment_method as string);
    expect(card.card?.last4).toBe('4444');

    const declined = await api<{ detail: string }>(app(), 'PUT', `/subscriptions/${created.body.id}/payment-method`, {
      token: client.token,
      json: { payment_method_id: 'pm_card_chargeDeclined' },
    });
    expect(declined).toEqual({ status: 402, body: { detail: 'Your card was declined.' } });
    expect((await get(client, created.body.id)).body.payment_method?.last4).toBe('4444');
  });

  it('asks a subscription’s card for the checkout’s billing details, and a new card of it for a name only', async () => {
    const client = await newClient(app(), 'sub-billing-details');
    const starter = await serviceId(app(), 'bookkeeping-starter');
    const nameOnly = await savedCard(billing, { name: 'Sam Subscriber' }, '5555555555554444');
    const refused = await subscribe(client, { package_id: starter, payment_method_id: nameOnly });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/^Please enter your email address; .*; Please choose a country$/);

    const subscribed = await subscribe(client, {
      package_id: starter,
      payment_method_id: await savedCard(billing, FULL_BILLING_DETAILS),
    });
    expect(subscribed.status).toBe(201);
    const updateCard = (paymentMethodId: string) =>
      api(app(), 'PUT', `/subscriptions/${subscribed.body.id}/payment-method`, {
        token: client.token,
        json: { payment_method_id: paymentMethodId },
      });
    expect(await updateCard(await savedCard(billing, { email: 'sam@example.com' }, '5555555555554444'))).toEqual({
      status: 400,
      body: { detail: 'Please enter your name' },
    });
    expect((await updateCard(nameOnly)).status).toBe(200);
    expect((await get(client, subscribed.body.id)).body.payment_method?.last4).toBe('4444');
  });

  it('never uses another customer’s card: not to subscribe, nor as the card of a subscription', async () => {
    const { owner, cardId } = await cardOfAnotherCustomer(billing, 'sub-card-owner');
    const thief = await newClient(app(), 'sub-card-thief');
    const starter = await serviceId(app(), 'bookkeeping-starter');
    const notFound = { detail: 'Payment method not found. Please enter your card again.' };

    const subscribed = await subscribe(thief, { package_id: starter, payment_method_id: cardId });
    expect(subscribed).toEqual({ status: 400, body: notFound });

    const own = await subscribe(thief, { package_id: starter, payment_method_id: 'pm_card_mastercard' });
    expect(own.status).toBe(201);
    const swapped = await api(app(), 'PUT', `/subscriptions/${own.body.id}/payment-method`, {
      token: thief.token,
      json: { payment_method_id: cardId },
    });
    expect(swapped).toEqual({ status: 400, body: notFound });
    expect((await get(thief, own.body.id)).body.payment_method?.last4).toBe('4444');
    expect(await charges(billing, owner.userId)).toEqual([]);
  });

  it('finishes a first payment that needs 3-D Secure, and ends one whose card is declined', async () => {
    const client = await newClient(app(), 'sca');
    const scale = await serviceId(app(), 'cap-table-management'); // $99/month, no trial
    const key = newKey();
    const body = { package_id: scale, payment_method_id: 'pm_card_authenticationRequired' };
    const pending = await subscribe(client, body, key);
    expect(pending.status).toBe(201);
    expect(pending.body).toMatchObject({ status: 'incomplete', requires_action: true });
    expect(pending.body.client_secret).toMatch(/^pi_[A-Za-z0-9]+_secret_/);
    expect(await charges(billing, client.userId)).toEqual([]);
    expect((await api<SubscriptionReply[]>(app(), 'GET', '/subscriptions/user', { token: client.token })).body).toEqual(
      [],
    );

    billing.fake.authenticate(pending.body.client_secret!.split('_secret_')[0], 'complete');
    const finished = await subscribe(client, body, key);
    expect(finished.body).toMatchObject({
      id: pending.body.id,
      status: 'active',
      requires_action: false,
      client_secret: null,
    });
    expect(await charges(billing, client.userId)).toEqual([9900]);

    const other = await newClient(app(), 'declined');
    const declinedKey = newKey();
    const failing = { package_id: scale, payment_method_id: 'pm_card_chargeCustomerFail' };
    const declined = await subscribe(other, failing, declinedKey);
    expect(declined).toEqual({ status: 402, body: { detail: 'Your card was declined.' } });
    // Sent again with the same key (the first answer lost): the same answer, not the ended subscription.
    expect(await subscribe(other, failing, declinedKey)).toEqual(declined);
    const [row] = await app().sql<{ status: string; stripe_subscription_id: string }>(
      'SELECT status, stripe_subscription_id FROM billing.subscriptions WHERE user_id = $1',
      [other.userId],
    );
    expect((await billing.stripe.subscriptions.retrieve(row.stripe_subscription_id)).status).toBe('canceled');
    const retried = await subscribe(other, { package_id: scale, payment_method_id: 'pm_card_visa' });
    expect(retried.body).toMatchObject({ status: 'active' });
    expect(await charges(billing, other.userId)).toEqual([9900]);
  });

  it('never cancels a first payment completed at Stripe whose webhook has not arrived: a new attempt is refused', async () => {
    const client = await newClient(app(), 'behind');
    const scale = await serviceId(app(), 'cap-table-management'); // $99/month, no trial
    const pending = await subscribe(client, { package_id: scale, payment_method_id: 'pm_card_authenticationRequired' });
    expect(pending.body).toMatchObject({ status: 'incomplete', requires_action: true });
    await billing.settled();

    // 3-D Secure completes, but nothing reaches us: our row still says incomplete.
    billing.fake.setWebhookUrl(null);
    try {
      billing.fake.authenticate(pending.body.client_secret!.split('_secret_')[0], 'complete');
      // The page was reloaded: a new attempt with a new key and another card.
      const again = await subscribe(client, { package_id: scale, payment_method_id: 'pm_card_visa' });
      expect(again).toEqual({
        status: 409,
        body: { detail: 'You already have an active subscription to this package.' },
      });
    } finally {
      billing.fake.setWebhookUrl(`${app().gateway.baseUrl}/api/webhooks/stripe`);
    }
    expect(await charges(billing, client.userId)).toEqual([9900]);
    expect((await stripeSubscription(pending.body.id)).status).toBe('active');
    expect((await get(client, pending.body.id)).body).toMatchObject({ status: 'active' });
  });

  it('refuses a quoted package and a bad request with a detail', async () => {
    const client = await newClient(app(), 'quoted');
    const enterprise = await serviceId(app(), 'bookkeeping-enterprise');
    const quoted = await subscribe(client, { package_id: enterprise, payment_method_id: 'pm_card_visa' });
    expect(quoted.status).toBe(400);
    expect(quoted.body.detail).toBe('This is priced by quote and cannot be bought online. Please book a call with us.');
    // A package from a price ('+') offers a call on the site, not Subscribe: refused too, even with an amount.
    const [from] = await app().sql<{ id: string }>(
      `INSERT INTO catalog.services (slug, category, provider, title, price, amount_cents, billing_cycle, description, position)
       VALUES ($1, 'Books', 'Harbor', 'From-price Bookkeeping', '$199+/month', 19900, 'monthly', 'Starts at $199.', 99)
       RETURNING id`,
      [`from-price-${randomUUID()}`],
    );
    const fromPrice = await subscribe(client, { package_id: from.id, payment_method_id: 'pm_card_visa' });
    expect(fromPrice.status).toBe(400);
    expect(fromPrice.body.detail).toBe(
      'This is priced by quote and cannot be bought online. Please book a call with us.',
    );
    const unknown = await subscribe(client, {
      package_id: '00000000-0000-4000-8000-000000000000',
      payment_method_id: 'pm_card_visa',
    });
    expect(unknown).toEqual({ status: 404, body: { detail: 'Package not found.' } });
    const noKey = await api(app(), 'POST', '/subscriptions/stripe', {
      token: client.token,
      json: { package_id: enterprise, payment_method_id: 'pm_card_visa' },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.detail).toContain('Idempotency-Key');
    const badCard = await subscribe(client, { package_id: enterprise, payment_method_id: 'card_123' });
    expect(badCard.body.detail).toBe('payment_method_id must be a Stripe payment method id (pm_...)');

    // A card Stripe does not know refuses the attempt without holding the package for the next one.
    const compliance = await serviceId(app(), 'annual-compliance');
    const unknownCardKey = newKey();
    const unknownCardRequest = { package_id: compliance, payment_method_id: 'pm_NotACardOfAnyone' };
    const unknownCard = await subscribe(client, unknownCardRequest, unknownCardKey);
    expect(unknownCard).toEqual({
      status: 400,
      body: { detail: 'Payment method not found. Please enter your card again.' },
    });
    // The same key again answers the same refusal, not a decline.
    expect(await subscribe(client, unknownCardRequest, unknownCardKey)).toEqual(unknownCard);
    const next = await subscribe(client, { package_id: compliance, payment_method_id: 'pm_card_visa' });
    expect(next.status).toBe(201);
    expect(next.body.status).toBe('active');
  });

  it("answers another user's subscription, invoices and purchases as not found", async () => {
    const owner = await newClient(app(), 'owner');
    const intruder = await newClient(app(), 'intruder');
    const compliance = await serviceId(app(), 'annual-compliance');
    const created = await subscribe(owner, { package_id: compliance, payment_method_id: 'pm_card_visa' });
    const id = created.body.id;
    await billing.settled();
    const notFound = { status: 404, body: { detail: 'Subscription not found.' } };
    expect(await get(intruder, id)).toEqual(notFound);
    expect(await invoices(intruder, id)).toEqual(notFound);
    expect(
      await api(app(), 'POST', `/subscriptions/${id}/cancel`, { token: intruder.token, json: { reason: 'x' } }),
    ).toEqual(notFound);
    expect(await api(app(), 'POST', `/subscriptions/${id}/reactivate`, { token: intruder.token })).toEqual(notFound);
    expect(
      await api(app(), 'PUT', `/subscriptions/${id}/payment-method`, {
        token: intruder.token,
        json: { payment_method_id: 'pm_card_visa' },
      }),
    ).toEqual(notFound);
    expect(await get(intruder, 'not-a-uuid')).toEqual(notFound);
    expect((await history(intruder)).body).toEqual([]);
    expect((await history(owner)).body).toHaveLength(1);
    expect(
      (await api<SubscriptionReply[]>(app(), 'GET', '/subscriptions/user', { token: intruder.token })).body,
    ).toEqual([]);
    expect((await get(owner, id)).body.cancel_at_period_end).toBe(false);
    const stripe: Stripe.Subscription = await stripeSubscription(id);
    expect(stripe.cancel_at_period_end).toBe(false);
  });
});
