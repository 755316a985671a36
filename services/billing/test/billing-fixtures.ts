import { FakeStripe, startFakeStripe } from '@portal/fake-stripe';
import { newIp, registerVerified, startTestApp, TestApp, uniqueEmail } from '@portal/testing';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';

export const DAY = 86_400;

/** The Stripe settings of an app that pays through `fake`. */
export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE: fake.url,
    STRIPE_JS_URL: fake.stripeJsUrl,
  };
}

export interface BillingApp {
  readonly app: TestApp;
  readonly fake: FakeStripe;
  /** The fake through the official SDK (to look at what Stripe holds). */
  readonly stripe: Stripe;
  /** Every webhook delivered, stored and processed; every mail it caused written. */
  settled(): Promise<void>;
}

/**
 * A fake Stripe and the built app (all-in-one, workers running) configured with it; the fake's webhooks
 * go to the app's /api/webhooks/stripe. Started in beforeAll, stopped in afterAll.
 */
export function useBillingApp(
  env: Record<string, string | undefined> | ((fake: FakeStripe) => Record<string, string | undefined>) = {},
): BillingApp {
  let fake: FakeStripe | undefined;
  let app: TestApp | undefined;
  let stripe: Stripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = fake.client();
    const extra = typeof env === 'function' ? env(fake) : env;
    app = await startTestApp({ ...stripeEnv(fake), APP_URL: 'http://portal.test', ...extra });
    fake.setWebhookUrl(`${app.gateway.baseUrl}/api/webhooks/stripe`);
  });
  afterAll(async () => {
    await app?.stop();
    await fake?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('useBillingApp: started in beforeAll; use it inside tests or hooks');
    return value;
  };
  return {
    get app() {
      return started(app);
    },
    get fake() {
      return started(fake);
    },
    get stripe() {
      return started(stripe);
    },
    async settled() {
      await started(fake).waitForWebhooks();
      await started(app).settled();
    },
  };
}

export interface Client {
  userId: string;
  email: string;
  token: string;
}

export async function newClient(app: TestApp, label: string): Promise<Client> {
  const email = uniqueEmail(label);
  const { userId, accessToken } = await registerVerified(app.call, app.dataDir, email);
  return { userId, email, token: accessToken };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** An API call with the user's token and, for checkouts, an Idempotency-Key. */
export async function api<T = Record<string, unknown>>(
  app: TestApp,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; key?: string | null } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': newIp() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.key) headers['idempotency-key'] = options.key;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${app.gateway.baseUrl}/api${path}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export const newKey = () => randomUUID();

/** A checkout (a payment or a subscription): the user's POST with an Idempotency-Key, a new one unless given. */
export function checkout<T>(
  app: TestApp,
  client: Client,
  path: string,
  body: Record<string, unknown>,
  key: string = newKey(),
) {
  return api<T & { detail?: string }>(app, 'POST', path, { token: client.token, key, json: body });
}

/** A catalog service's id by its slug (seeded by the catalog's migrations). */
export async function serviceId(app: TestApp, slug: string): Promise<string> {
  const [row] = await app.sql<{ id: string }>('SELECT id FROM catalog.services WHERE slug = $1', [slug]);
  if (!row) throw new Error(`no service ${slug}`);
  return row.id;
}

export async function formId(app: TestApp, formName: string): Promise<string> {
  const [row] = await app.sql<{ id: string }>('SELECT id FROM catalog.filing_forms WHERE form_name = $1', [formName]);
  if (!row) throw new Error(`no filing form ${formName}`);
  return row.id;
}

/** The user's Stripe customer, once billing has made one (undefined before). */
async function stripeCustomerId(app: TestApp, userId: string): Promise<string | undefined> {
  const [customer] = await app.sql<{ stripe_customer_id: string }>(
    'SELECT stripe_customer_id FROM billing.customers WHERE user_id = $1',
    [userId],
  );
  return customer?.stripe_customer_id;
}

/** What Stripe charged a customer (the succeeded PaymentIntents of the user's Stripe customer), in cents. */
export async function charges(billing: BillingApp, userId: string): Promise<number[]> {
  const customer = await stripeCustomerId(billing.app, userId);
  if (!customer) return [];
  return billing.fake
    .events()
    .filter((event) => event.type === 'payment_intent.succeeded')
    .map((event) => event.data.object as Stripe.PaymentIntent)
    .filter((intent) => intent.customer === customer)
    .map((intent) => intent.amount);
}

/** A new client whose Stripe customer holds a card (a Visa): the card someone else must not use. */
export async function cardOfAnotherCustomer(
  billing: BillingApp,
  label: string,
): Promise<{ owner: Client; cardId: string }> {
  const owner = await newClient(billing.app, label);
  await api(billing.app, 'POST', '/payments/create-setup-intent', { token: owner.token });
  const customer = (await stripeCustomerId(billing.app, owner.userId))!;
  const card = await billing.stripe.paymentMethods.attach('pm_card_visa', { customer });
  return { owner, cardId: card.id };
}

/** A checkout's billing details, complete (spec part 2, section 5): what the checkout form sends. */
export const FULL_BILLING_DETAILS = {
  name: 'Ann Payer',
  email: 'ann@example.com',
  phone: '+1 919 555 0142',
  address: { line1: '1 Main St', city: 'Raleigh', state: 'NC', postal_code: '27601', country: 'US' },
} as const;

/**
 * A card saved as Stripe.js saves it (publishable key, not yet anyone's), a Visa unless `number` says
 * otherwise, with these billing details.
 */
export async function savedCard(
  billing: BillingApp,
  billingDetails: Stripe.PaymentMethodCreateParams.BillingDetails,
  number = '4242424242424242',
): Promise<string> {
  const browser = billing.fake.client(billing.fake.publishableKey);
  const card = await browser.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
    billing_details: billingDetails,
  });
  return card.id;
}
