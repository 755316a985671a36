import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { type Account, signInWithStoredSession } from './accounts';
import { baseUrl, waitForHydration } from './browser';

/** A call to the app's API with the bearer token; `key` adds an idempotency key (the paying calls need one). */
export async function api<T>(
  path: string,
  token: string,
  init: { method?: string; body?: unknown; key?: boolean } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.key ? { 'idempotency-key': randomUUID() } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The access token of the session stored in the page. */
export async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token')))!;
}

/** The id of the catalog's service `slug` in `category` (its first one without a slug). */
export async function serviceIdOf(category: string, slug?: string): Promise<string> {
  const services = (await (await fetch(`${baseUrl()}/api/services/by-category/${category}`)).json()) as Array<{
    id: string;
    slug: string;
  }>;
  return (slug === undefined ? services[0] : services.find((service) => service.slug === slug)!).id;
}

/** A new subscription (paid by Visa) to the package `slug`, made through the API as the subscribe page would. */
export async function subscribe(token: string, category: string, slug: string): Promise<{ id: string }> {
  return api<{ id: string }>('/subscriptions/stripe', token, {
    method: 'POST',
    key: true,
    body: { package_id: await serviceIdOf(category, slug), payment_method_id: 'pm_card_visa' },
  });
}

/** A call to the fake Stripe's API with its secret key (what staff do in Stripe's dashboard). */
async function stripeApi<T>(method: 'GET' | 'POST', path: string, form: Record<string, string> = {}): Promise<T> {
  const query = new URLSearchParams(form).toString();
  const response = await fetch(`${process.env.E2E_STRIPE_URL}${path}${method === 'GET' ? `?${query}` : ''}`, {
    method,
    headers: {
      authorization: `Bearer ${process.env.E2E_STRIPE_SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: method === 'POST' ? query : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Refunds an order's payment at Stripe (`cents` of it, else all that is left), as staff do from its dashboard. */
export async function refundAtStripe(orderId: string, cents?: number): Promise<void> {
  const { data } = await stripeApi<{ data: Array<{ id: string; metadata: Record<string, string> }> }>(
    'GET',
    '/v1/payment_intents',
    { limit: '100' },
  );
  const paymentIntent = data.find((intent) => intent.metadata.order_id === orderId);
  if (!paymentIntent) throw new Error(`no PaymentIntent of order ${orderId}`);
  await stripeApi('POST', '/v1/refunds', {
    payment_intent: paymentIntent.id,
    ...(cents === undefined ? {} : { amount: String(cents) }),
  });
}

/**
 * Fills the billing details of the checkout open in the page (name and e-mail come from the account) and
 * the card, in the fields of the fake Stripe's stand-in Stripe.js.
 */
export async function fillCheckout(page: Page, card: string): Promise<void> {
  const form = page.getByRole('main');
  await form.getByLabel('Card number').waitFor();
  await form.getByLabel('Phone').fill('+1 919 555 0100');
  await form.getByLabel('Street address').fill('1 Fayetteville St');
  await form.getByLabel('City').fill('Raleigh');
  await form.getByLabel('State / Province').fill('NC');
  await form.getByLabel('ZIP / Postal code').fill('27601');
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
}

/** `client` signed in on `page`, pressing Start on LLC Formation at /company (the way to its checkout). */
export async function startLlcFormation(page: Page, client: Account): Promise<void> {
  await signInWithStoredSession(page, client);
  await page.goto('/company');
  // Prerendered: a press before hydration would be the browser's, not the app's.
  await waitForHydration(page);
  await page.getByRole('article', { name: 'LLC Formation' }).getByRole('link', { name: 'Start' }).click();
}
