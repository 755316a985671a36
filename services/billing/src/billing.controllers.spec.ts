import { Module, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule } from '@portal/auth';
import { AppConfig, ConfigModule, loadConfig } from '@portal/config';
import { issueTestToken, startControllerApp } from '@portal/testing';
import { PaymentsConfiguredGuard, VerifiedUserGuard } from './common/guards';
import { PaymentsController } from './payments/payments.controller';
import { PaymentsService } from './payments/payments.service';
import { PurchaseHistoryController } from './purchases/purchase-history.controller';
import { PurchaseHistoryService } from './purchases/purchase-history.service';
import { SubscriptionsController } from './subscriptions/subscriptions.controller';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WebhooksService } from './webhooks/webhooks.service';

const SECRET = 'a-billing-test-secret-of-at-least-32-chars';
const ID = '00000000-0000-4000-8000-0000000000bb';
const KEY = 'e7b1c1a2-5d5e-4f7b-9a43-1f0c6f1d2a10';
const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_billingSpec1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_billingSpec1',
  STRIPE_WEBHOOK_SECRET: 'whsec_billingSpec1',
};

// The services as these routes see them (the edge mocked): each answers which method ran, with what.
const payments = {
  paymentsConfig: () => ({ ran: 'payments.config' }),
  createSetupIntent: async () => ({ ran: 'payments.createSetupIntent' }),
  pay: async (_user: unknown, key: string, request: unknown) => ({ ran: 'payments.pay', key, request }),
};
const subscriptions = {
  subscribe: async (_user: unknown, key: string, request: unknown) => ({
    ran: 'subscriptions.subscribe',
    key,
    request,
  }),
  list: async () => ({ ran: 'subscriptions.list' }),
  get: async () => ({ ran: 'subscriptions.get' }),
  cancel: async (_user: string, _id: string, reason: string | null) => ({ ran: 'subscriptions.cancel', reason }),
  reactivate: async () => ({ ran: 'subscriptions.reactivate' }),
  updatePaymentMethod: async () => ({ ran: 'subscriptions.updatePaymentMethod' }),
  invoices: async () => ({ ran: 'subscriptions.invoices' }),
};
const purchases = { list: async () => ({ ran: 'purchases.list' }) };
const webhooks = {
  receive: async (payload: Buffer | undefined, signature: string | undefined) => ({
    ran: 'webhooks.receive',
    payload: payload?.toString('utf8'),
    signature,
  }),
};

/** The routes with the edge mocked, and a configuration of their own (keys or none) for the guards. */
function testModule(): Type<unknown> {
  @Module({
    imports: [ConfigModule, AuthModule],
    controllers: [PaymentsController, SubscriptionsController, PurchaseHistoryController, WebhooksController],
    providers: [
      { provide: AppConfig, useFactory: () => loadConfig() },
      { provide: PaymentsService, useValue: payments },
      { provide: SubscriptionsService, useValue: subscriptions },
      { provide: PurchaseHistoryService, useValue: purchases },
      { provide: WebhooksService, useValue: webhooks },
      VerifiedUserGuard,
      PaymentsConfiguredGuard,
    ],
  })
  class TestModule {}
  return TestModule;
}

type Method = 'GET' | 'POST' | 'PUT';
interface Route {
  method: Method;
  url: string;
  body?: object;
  ran: string;
}

/** Create or change a payment, a card or a subscription: a verified user, and Stripe keys. */
const CHANGES: Route[] = [
  { method: 'POST', url: '/api/payments/create-setup-intent', ran: 'payments.createSetupIntent' },
  {
    method: 'POST',
    url: '/api/payments/service-payment',
    body: { service_id: ID, payment_method_id: 'pm_card_visa' },
    ran: 'payments.pay',
  },
  {
    method: 'POST',
    url: '/api/payments/form-payment/',
    body: { form_id: ID, payment_method_id: 'pm_card_visa' },
    ran: 'payments.pay',
  },
  {
    method: 'POST',
    url: '/api/subscriptions/stripe',
    body: { package_id: ID, payment_method_id: 'pm_card_visa', trial_period_days: 90 },
    ran: 'subscriptions.subscribe',
  },
  { method: 'POST', url: `/api/subscriptions/${ID}/cancel`, body: { reason: 'Too busy' }, ran: 'subscriptions.cancel' },
  { method: 'POST', url: `/api/subscriptions/${ID}/reactivate`, ran: 'subscriptions.reactivate' },
  {
    method: 'PUT',
    url: `/api/subscriptions/${ID}/payment-method/`,
    body: { payment_method_id: 'pm_card_visa' },
    ran: 'subscriptions.updatePaymentMethod',
  },
];

/** Reads of the user's own billing records: any signed-in user, with or without keys. */
const READS: Route[] = [
  { method: 'GET', url: '/api/subscriptions/user', ran: 'subscriptions.list' },
  { method: 'GET', url: `/api/subscriptions/${ID}`, ran: 'subscriptions.get' },
  { method: 'GET', url: `/api/subscriptions/${ID}/invoices/`, ran: 'subscriptions.invoices' },
  { method: 'GET', url: '/api/profiles/purchase-history', ran: 'purchases.list' },
];

/** The routes with Stripe's keys (`STRIPE_KEYS`) or without any (`{}`). */
function startApp(keys: Record<string, string>): Promise<NestFastifyApplication> {
  for (const key of Object.keys(STRIPE_KEYS)) delete process.env[key];
  return startControllerApp(testModule(), SECRET, keys);
}

describe('billing routes', () => {
  let app: NestFastifyApplication;
  const verified = () => issueTestToken(SECRET, { is_verified: true });
  const unverified = () => issueTestToken(SECRET, { is_verified: false });
  const request = (route: Route, token?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: route.method,
      url: route.url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'idempotency-key': KEY, ...headers },
      ...(route.body ? { payload: route.body } : {}),
    });

  beforeAll(async () => {
    app = await startApp(STRIPE_KEYS);
  });

  afterAll(() => app.close());

  describe.each(CHANGES)('$method $url (changes payments)', (route) => {
    it('401 without a token, or with an expired one', async () => {
      const response = await request(route);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated' });
      expect((await request(route, issueTestToken(SECRET, {}, -60))).statusCode).toBe(401);
    });

    it('403 for a user whose e-mail is not verified', async () => {
      const response = await request(route, unverified());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Please verify your e-mail address before making a payment.' });
    });

    it('reaches its handler for a verified user', async () => {
      const response = await request(route, verified());
      expect(response.statusCode).toBeLessThan(300);
      expect(response.json()).toMatchObject({ ran: route.ran });
    });
  });

  describe.each(READS)('$method $url (reads)', (route) => {
    it('401 without a token', async () => {
      expect((await request(route)).statusCode).toBe(401);
    });

    it('reaches its handler for a signed-in user, never cached', async () => {
      const response = await request(route, unverified());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ ran: route.ran });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  it('needs an Idempotency-Key on every checkout call, and passes it and the ids on', async () => {
    const checkout = CHANGES[1];
    const missing = await app.inject({
      method: 'POST',
      url: checkout.url,
      headers: { authorization: `Bearer ${verified()}` },
      payload: checkout.body,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^An Idempotency-Key header is required/);
    const malformed = await request(checkout, verified(), { 'idempotency-key': 'short' });
    expect(malformed.statusCode).toBe(400);
    const ok = await request(checkout, verified());
    expect(ok.json()).toEqual({
      ran: 'payments.pay',
      key: KEY,
      request: { kind: 'service', itemId: ID, paymentMethodId: 'pm_card_visa' },
    });
  });

  it('ignores an amount a client sends and refuses other unknown fields', async () => {
    const tampered = await request(
      {
        method: 'POST',
        url: '/api/payments/service-payment',
        body: { service_id: ID, payment_method_id: 'pm_card_visa', amount: 1, price: '1.00' },
        ran: '',
      },
      verified(),
    );
    expect(tampered.statusCode).toBe(200);
    expect(tampered.json().request).toEqual({ kind: 'service', itemId: ID, paymentMethodId: 'pm_card_visa' });
    const unknown = await request(
      {
        method: 'POST',
        url: '/api/payments/form-payment',
        body: { form_id: ID, payment_method_id: 'pm_x', coupon: 'FREE' },
        ran: '',
      },
      verified(),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('property coupon should not exist');
  });

  it('validates a cancellation reason and the trial asked for', async () => {
    const cancel = await request(
      { method: 'POST', url: `/api/subscriptions/${ID}/cancel`, body: { reason: '   ' }, ran: '' },
      verified(),
    );
    expect(cancel.json()).toEqual({ ran: 'subscriptions.cancel', reason: null });
    const tooLong = await request(
      { method: 'POST', url: `/api/subscriptions/${ID}/cancel`, body: { reason: 'x'.repeat(1001) }, ran: '' },
      verified(),
    );
    expect(tooLong.statusCode).toBe(400);
    const badTrial = await request(
      {
        method: 'POST',
        url: '/api/subscriptions/stripe',
        body: { package_id: ID, payment_method_id: 'pm_card_visa', trial_period_days: -1 },
        ran: '',
      },
      verified(),
    );
    expect(badTrial.json().detail).toBe('trial_period_days must be a whole number of days (0 for no trial)');
  });

  it('serves the payments config without a token, and takes webhooks without one, body untouched', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual({ ran: 'payments.config' });
    const body = '{\n  "id": "evt_1",\n  "object":   "event"\n}';
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': 't=1,v1=ab' },
      payload: body,
    });
    expect(webhook.statusCode).toBe(200);
    expect(webhook.json()).toEqual({ ran: 'webhooks.receive', payload: body, signature: 't=1,v1=ab' });
  });

  it('documents every route in OpenAPI', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys((response.json() as { paths: object }).paths).sort()).toEqual([
      '/api/payments/config',
      '/api/payments/create-setup-intent',
      '/api/payments/form-payment',
      '/api/payments/service-payment',
      '/api/profiles/purchase-history',
      '/api/subscriptions/stripe',
      '/api/subscriptions/user',
      '/api/subscriptions/{id}',
      '/api/subscriptions/{id}/cancel',
      '/api/subscriptions/{id}/invoices',
      '/api/subscriptions/{id}/payment-method',
      '/api/subscriptions/{id}/reactivate',
      '/api/webhooks/stripe',
    ]);
  });

  describe('without Stripe keys', () => {
    let unconfigured: NestFastifyApplication;
    beforeAll(async () => {
      unconfigured = await startApp({});
    });
    afterAll(async () => {
      await unconfigured.close();
      Object.assign(process.env, STRIPE_KEYS);
    });

    it.each(CHANGES)("$method $url answers 503 'Payments are not configured.' (after the 401)", async (route) => {
      const inject = (token?: string) =>
        unconfigured.inject({
          method: route.method,
          url: route.url,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'idempotency-key': KEY },
          ...(route.body ? { payload: route.body } : {}),
        });
      expect((await inject()).statusCode).toBe(401);
      const response = await inject(verified());
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: 'Payments are not configured.' });
    });

    it('still answers reads, and refuses webhooks with 503', async () => {
      for (const route of READS) {
        const response = await unconfigured.inject({
          method: route.method,
          url: route.url,
          headers: { authorization: `Bearer ${verified()}` },
        });
        expect(response.statusCode).toBe(200);
      }
      const webhook = await unconfigured.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=ab' },
        payload: '{}',
      });
      expect(webhook.statusCode).toBe(503);
    });
  });
});
