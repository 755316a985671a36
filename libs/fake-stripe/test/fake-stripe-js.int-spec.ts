import { FakeStripe, startFakeStripe } from '@portal/fake-stripe';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Browser, chromium, Page } from 'playwright-core';
import Stripe from 'stripe';

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const ROOT = join(__dirname, '../../..');
const STRIPE_JS_ESM = join(ROOT, 'node_modules/@stripe/stripe-js/dist/pure.mjs');

/**
 * Bundles the React checkout fixture (React, @stripe/react-stripe-js, @stripe/stripe-js) into one script
 * with rolldown, the bundler the web build already installs.
 */
async function bundleReactCheckout(outFile: string): Promise<void> {
  const script = `import('rolldown').then(({ build }) => build({
    input: ${JSON.stringify(join(__dirname, 'fixtures/react-checkout.mjs'))},
    output: { file: ${JSON.stringify(outFile)}, format: 'iife' },
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    logLevel: 'warn',
  }))`;
  await promisify(execFile)(process.execPath, ['-e', script], { cwd: ROOT });
}

function reactPage(fake: FakeStripe): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout (React)</title>
<script src="${fake.stripeJsUrl}"></script>
<script>window.checkoutConfig = { publishableKey: '${fake.publishableKey}' };</script></head>
<body><div id="root"></div><script src="/react-checkout.js"></script></body></html>`;
}

/**
 * A checkout page as the web app will build it: the fake's Stripe.js by script tag, @stripe/stripe-js's
 * loadStripe (which must accept it), a card element with the postal code hidden, its change messages
 * under it, and confirmCardSetup with the client secret the page's server made.
 */
function checkoutPage(fake: FakeStripe): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<script src="${fake.stripeJsUrl}"></script></head>
<body>
<form id="form">
  <div id="card"></div>
  <p id="card-error" role="alert"></p>
  <button type="submit">Save card</button>
  <p id="result"></p>
</form>
<script type="module">
  import { loadStripe } from '/stripe-js.mjs';
  const stripe = await loadStripe('${fake.publishableKey}');
  const elements = stripe.elements();
  const card = elements.create('card', { hidePostalCode: true, style: { base: { fontSize: '16px' } } });
  card.on('change', (event) => {
    window.lastChange = event;
    document.getElementById('card-error').textContent = event.error ? event.error.message : '';
  });
  card.on('ready', () => (document.body.dataset.ready = 'true'));
  card.mount('#card');
  document.getElementById('form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const { clientSecret } = await (await fetch('/setup-intent', { method: 'POST' })).json();
    const result = await stripe.confirmCardSetup(clientSecret, {
      payment_method: { card: elements.getElement('card'), billing_details: { name: 'Ada Lovelace', email: 'ada@example.com' } },
    });
    document.getElementById('result').textContent = result.error
      ? 'error: ' + result.error.message
      : 'saved: ' + result.setupIntent.status + ' ' + result.setupIntent.id;
  });
</script>
</body></html>`;
}

describe('fake Stripe.js in Chromium', () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  let site: Server;
  let siteUrl: string;
  let browser: Browser;
  let bundleDir: string;
  const customers: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROME)) throw new Error(`Chromium not found at ${CHROME}: apt-get install -y chromium`);
    fake = await startFakeStripe();
    stripe = fake.client();
    bundleDir = mkdtempSync(join(tmpdir(), 'fake-stripe-js-'));
    await bundleReactCheckout(join(bundleDir, 'react-checkout.js'));
    site = createServer((request, response) => {
      if (request.url === '/react') {
        response.writeHead(200, { 'Content-Type': 'text/html' }).end(reactPage(fake));
      } else if (request.url === '/react-checkout.js') {
        response
          .writeHead(200, { 'Content-Type': 'text/javascript' })
          .end(readFileSync(join(bundleDir, 'react-checkout.js')));
      } else if (request.url === '/stripe-js.mjs') {
        response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(STRIPE_JS_ESM));
      } else if (request.url === '/setup-intent' && request.method === 'POST') {
        void (async () => {
          const customer = await stripe.customers.create({ email: 'ada@example.com' });
          customers.push(customer.id);
          const setupIntent = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
          response.writeHead(200, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify({ clientSecret: setupIntent.client_secret }));
        })();
      } else {
        response.writeHead(200, { 'Content-Type': 'text/html' }).end(checkoutPage(fake));
      }
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      executablePath: CHROME,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await fake?.stop();
    if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  });

  afterEach(() => {
    const found = problems.splice(0);
    if (found.length > 0) throw new Error(`The page reported errors:\n${found.join('\n')}`);
  });

  async function openCheckout(path = ''): Promise<Page> {
    const page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    await page.goto(siteUrl + path);
    await page.locator('body[data-ready="true"]').waitFor();
    return page;
  }

  async function fillCard(page: Page, number: string, expiry = '12 / 34', cvc = '123') {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration date MM / YY').fill(expiry);
    await page.getByLabel('CVC').fill(cvc);
  }

  const result = (page: Page) => page.locator('#result');

  it('mounts labelled card inputs and reports Stripe’s validation messages through change events', async () => {
    const page = await openCheckout();
    await expectNoPostalCode(page);
    const error = page.getByRole('alert');

    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await expectText(error, 'Your card number is invalid.');
    await page.getByLabel('Card number').fill('4242');
    await page.getByLabel('Expiration date MM / YY').focus();
    await expectText(error, 'Your card number is incomplete.');
    await page.getByLabel('Card number').fill('4242424242424242');
    await expectText(error, '');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await page.getByLabel('Expiration date MM / YY').fill('12');
    await page.getByLabel('CVC').focus();
    await expectText(error, "Your card's expiration date is incomplete.");
    await page.getByLabel('Expiration date MM / YY').fill('1234');
    expect(await page.getByLabel('Expiration date MM / YY').inputValue()).toBe('12 / 34');
    await page.getByLabel('CVC').fill('12');
    await page.getByLabel('Card number').focus();
    await expectText(error, "Your card's security code is incomplete.");
    await page.getByLabel('CVC').fill('123');
    await expectText(error, '');
    expect(await page.evaluate(() => (globalThis as unknown as { lastChange: object }).lastChange)).toEqual({
      elementType: 'card',
      empty: false,
      complete: true,
      brand: 'visa',
      value: { postalCode: '' },
    });
    await page.close();
  });

  it('refuses to confirm an incomplete card with a validation error', async () => {
    const page = await openCheckout();
    await page.getByLabel('Card number').fill('4242');
    // Leaving the field shows its message first (moving the button), as it would for a person.
    await page.getByLabel('Card number').blur();
    await expectText(page.getByRole('alert'), 'Your card number is incomplete.');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expectText(result(page), 'error: Your card number is incomplete.');
    await page.close();
  });

  it('saves 4242 4242 4242 4242 with confirmCardSetup', async () => {
    const page = await openCheckout();
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expectText(result(page), /^saved: succeeded seti_/);
    const setupIntentId = (await result(page).textContent())!.split(' ').at(-1)!;
    const setupIntent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
    expect(setupIntent.payment_method).toMatchObject({
      customer: customers.at(-1),
      card: { last4: '4242', exp_month: 12, exp_year: 2034 },
      billing_details: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    await page.close();
  });

  it('shows Stripe’s message for the declined card 4000 0000 0000 0002', async () => {
    const page = await openCheckout();
    await fillCard(page, '4000000000000002');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expectText(result(page), 'error: Your card was declined.');
    await page.close();
  });

  it('asks 4000 0025 0000 3155 for 3-D Secure in a modal; completing it saves the card', async () => {
    const page = await openCheckout();
    await fillCard(page, '4000002500003155');
    await page.getByRole('button', { name: 'Save card' }).click();
    const dialog = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Complete authentication' }).click();
    await expectText(result(page), /^saved: succeeded seti_/);
    expect(await dialog.count()).toBe(0);
    await page.close();
  });

  it('reports a failed 3-D Secure authentication as an error', async () => {
    const page = await openCheckout();
    await fillCard(page, '4000002500003155');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await expectText(
      result(page),
      /^error: The latest attempt to set up the payment method has failed because authentication failed/,
    );
    await page.close();
  });

  it('works under @stripe/react-stripe-js: CardElement, change messages, confirmCardSetup with 3-D Secure', async () => {
    const page = await openCheckout('react');
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await expectText(page.getByRole('alert'), 'Your card number is invalid.');
    await fillCard(page, '4000002500003155');
    await expectText(page.getByRole('alert'), '');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page
      .getByRole('dialog', { name: '3D Secure 2 Test Page' })
      .getByRole('button', { name: 'Complete authentication' })
      .click();
    await expectText(result(page), /^saved: succeeded seti_/);
    await page.close();
  });
});

/** What the page functions read of a DOM node (the server's TypeScript has no DOM types). */
interface Node {
  textContent: string | null;
}

async function expectText(locator: ReturnType<Page['locator']>, expected: string | RegExp): Promise<void> {
  // Waits for the page to show the text (the DOM settles asynchronously), then asserts it, so that a
  // wrong text fails with the text the page shows.
  const shown = locator.page().waitForFunction(
    ([selector, source, flags, exact]) => {
      const { document } = globalThis as unknown as { document: { querySelector(selector: string): Node | null } };
      const text = document.querySelector(selector)?.textContent ?? '';
      return source === null ? text === exact : new RegExp(source, flags).test(text);
    },
    [
      await selectorOf(locator),
      expected instanceof RegExp ? expected.source : null,
      expected instanceof RegExp ? expected.flags : '',
      typeof expected === 'string' ? expected : '',
    ] as const,
    { timeout: 10_000 },
  );
  await shown.catch(() => undefined);
  const text = (await locator.textContent()) ?? '';
  if (expected instanceof RegExp) expect(text).toMatch(expected);
  else expect(text).toBe(expected);
}

async function selectorOf(locator: ReturnType<Page['locator']>): Promise<string> {
  return locator.evaluate((node) => `#${node.id}`);
}

async function expectNoPostalCode(page: Page): Promise<void> {
  expect(await page.getByLabel('ZIP').count()).toBe(0);
  expect(await page.locator('#card input').count()).toBe(3);
}
