import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { newAccount, registerVerified, signInWithStoredSession, submitSignIn, type Account } from './support/accounts';
import { ALREADY_SUBSCRIBED, SUBSCRIPTION_IN_PROGRESS, type PurchaseReply } from '@portal/contracts';
import { BILLING_MESSAGES } from '../src/features/billing/labels';
import { AXE_PAGE_OPTIONS, expectNoAxeViolations } from './support/axe';
import {
  api,
  fillCheckout,
  refundAtStripe,
  serviceIdOf,
  startLlcFormation,
  subscribe,
  tokenOf,
} from './support/billing';
import { baseUrl, expectFailedResponses, launchBrowser, newPage, waitForHydration } from './support/browser';
import { expectRedirectAfterSuccess } from './support/clock';

// Checkouts against the fake Stripe the e2e setup starts (its stand-in Stripe.js renders the card fields
// in the page, its 3-D Secure step is a dialog with Complete/Fail buttons). The 2 s redirects fit well
// inside this timeout.
const TIMEOUT_MS = 15_000;
const TRIAL_SENTENCE = "You are still in your trial period. You won't be charged if you cancel now.";
// Spec part 2, section 8, as it words them (not read from labels.ts, whose typo would pass).
const SETUP_INTENT_FAILED = 'Failed to initialize payment form. Please try again.';
const PASSED_UP_FALLBACK = 'An error occurred during payment processing. Please try again.';
const SETUP_INTENT = '**/api/payments/create-setup-intent';

let browser: Browser;
// One verified client for the whole file: no test here needs an account of its own, and each registration
// waits for its verification mail (the outbox and the mail worker).
let client: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  client = newAccount('billing', { firstName: 'Ada', lastName: 'Lovelace' });
  await registerVerified(client);
});

afterAll(async () => {
  await browser?.close();
});

const main = (page: Page) => page.getByRole('main');

async function waitForPath(page: Page, pathname: string): Promise<URL> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: TIMEOUT_MS });
  return new URL(page.url());
}

/**
 * Makes the card form's setup intent fail (declared as expected): a 500 with the server's detail, or no
 * connection. The spec gives the page's own words for it, whatever the server said.
 */
async function failSetupIntent(page: Page, failure: 'json500' | 'network'): Promise<void> {
  const path = '/api/payments/create-setup-intent';
  expectFailedResponses(page, { status: failure === 'json500' ? 500 : 'network', path });
  await page.route(SETUP_INTENT, (route) =>
    failure === 'json500'
      ? route.fulfill({ status: 500, json: { detail: 'The payment provider could not be reached.' } })
      : route.abort('connectionfailed'),
  );
}

/** The client signed in on a new page, with a new subscription (paid by Visa) to the package `slug`. */
async function signedInWithSubscription(
  category: string,
  slug: string,
): Promise<{ page: Page; token: string; subscription: { id: string } }> {
  const page = await newPage(browser);
  await signInWithStoredSession(page, client);
  const token = await tokenOf(page);
  return { page, token, subscription: await subscribe(token, category, slug) };
}

describe('billing pages', () => {
  it('subscribes with a trial from /books after signing in, then cancels and re-activates', async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await page.goto('/books');
    await waitForHydration(page);
    await page.getByRole('article', { name: 'Starter Bookkeeping' }).getByRole('link', { name: 'Subscribe' }).click();

    // Signed out: the sign-in page, which returns to the subscribe page.
    const signIn = await waitForPath(page, '/signin');
    expect(signIn.searchParams.get('redirect')).toMatch(/^\/subscribe\?package=[0-9a-f-]+&trial=90$/);
    await submitSignIn(page, client);
    await waitForPath(page, '/subscribe');
    const form = main(page);
    await form.getByRole('heading', { level: 1, name: 'Subscribe to Starter Bookkeeping' }).waitFor();
    await form.getByText('Test mode — no real charges').waitFor();
    await form.getByText('Your first 90 days are free.', { exact: false }).waitFor();
    expect(await form.getByLabel('Email').inputValue()).toBe(client.email);
    expect(await form.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await form.getByLabel('Country').inputValue()).toBe('US');
    expect(await form.getByLabel('ZIP', { exact: true }).count()).toBe(0);

    // The required fields say what is missing; editing one clears its message.
    await form.getByLabel('Full name').fill('');
    await form.getByRole('button', { name: 'Start Free Trial' }).click();
    await form.getByText('Please enter your name').waitFor();
    await form.getByText('Please enter your ZIP/postal code').waitFor();
    await form.getByLabel('Full name').fill('Ada Lovelace');
    expect(await form.getByText('Please enter your name').count()).toBe(0);
    expect(await form.getByText('Please enter your city').count()).toBe(1);

    await fillCheckout(page, '4242424242424242');
    await expectRedirectAfterSuccess(
      page,
      { hold: '**/api/subscriptions/stripe', from: '/subscribe', success: 'Subscription Successful!', ms: 2_000 },
      () => form.getByRole('button', { name: 'Start Free Trial' }).click(),
    );
    const confirmation = await waitForPath(page, '/subscription/confirmation');
    expect(confirmation.searchParams.get('id')).toMatch(/^[0-9a-f-]{36}$/);
    await form.getByRole('heading', { level: 1, name: 'Subscription Confirmed' }).waitFor();
    await form.getByText('TRIALING', { exact: true }).waitFor();

    await form.getByRole('link', { name: 'View My Subscriptions' }).click();
    await waitForPath(page, '/profile');
    const subscriptions = form.getByRole('region', { name: 'My Subscriptions' });
    const item = subscriptions.getByRole('listitem', { name: 'Starter Bookkeeping' });
    await item.getByText('TRIALING', { exact: true }).waitFor();
    await item.getByText('Visa ending in 4242').waitFor();

    await item.getByRole('button', { name: 'Cancel', exact: true }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await cancel.getByText(TRIAL_SENTENCE).waitFor();
    await cancel.getByLabel('Why are you cancelling? (optional)').fill('We hired an in-house bookkeeper.');
    await cancel.getByRole('button', { name: 'Cancel Subscription' }).click();
    await item.getByText('CANCELING', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await item.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);

    await item.getByRole('button', { name: 'Re-Activate' }).click();
    const reactivate = page.getByRole('dialog', { name: 'Re-Activate Subscription' });
    await reactivate
      .getByText(
        'Your subscription will continue with your current trial period. Your credit card will not be charged until',
        {
          exact: false,
        },
      )
      .waitFor();
    await reactivate.getByRole('button', { name: 'Re-Activate' }).click();
    await item.getByText('TRIALING', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Cancel', exact: true }).waitFor();

    // Subscribed already: the subscribe page sends to the profile's subscriptions.
    await page.goto(signIn.searchParams.get('redirect')!);
    await page.waitForURL((url) => url.pathname === '/profile' && url.hash === '#subscriptions', {
      timeout: TIMEOUT_MS,
    });
  });

  it('buys a company formation with 4242 and shows the confirmation', async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await startLlcFormation(page, client);
    await waitForPath(page, '/service-purchase');
    const form = main(page);
    await form.getByText('This is a one-time payment. State filing fees are not included', { exact: false }).waitFor();
    await fillCheckout(page, '4242 4242 4242 4242');
    let payments = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/payments/service-payment') payments += 1;
    });
    // The payment call is held until the button has said 'Processing...'.
    await expectRedirectAfterSuccess(
      page,
      { hold: '**/api/payments/service-payment', from: '/service-purchase', success: 'Payment Successful!', ms: 2_000 },
      async () => {
        await form.getByRole('button', { name: 'Pay $399.00' }).click();
        const processing = form.getByRole('button', { name: 'Processing...' });
        await processing.waitFor();
        expect(await processing.isDisabled()).toBe(true);
        // It keeps the focus while it works (aria-disabled), but pressing it again pays nothing more.
        expect(await processing.evaluate((button) => button === document.activeElement)).toBe(true);
        await processing.click({ force: true });
        await page.keyboard.press('Enter');
      },
    );
    expect(payments).toBe(1);

    await waitForPath(page, '/service-confirmation');
    await form.getByRole('heading', { level: 1, name: 'Purchase Confirmed' }).waitFor();
    await form.getByText('Thank you for your purchase: LLC Formation.').waitFor();
    await form.getByText('$399.00 plus filing fees').waitFor();
    await form.getByText(client.email).waitFor();
    expect(await form.getByRole('listitem').count()).toBe(4);
    expect(await form.getByRole('link', { name: 'Go to Profile' }).getAttribute('href')).toBe('/profile');
    expect(await form.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    // The support address of a build that configures none (VITE_SUPPORT_EMAIL), as a mail link.
    const support = form.getByRole('link', { name: 'support@portal.localhost', exact: true });
    expect(await support.getAttribute('href')).toBe('mailto:support@portal.localhost');

    await page.goto('/profile#purchase-history');
    await form.getByRole('region', { name: 'Purchase History' }).getByText('LLC Formation').waitFor();
    // Without the payment data (a reload, a typed address) the confirmation goes home.
    await page.goto('/service-confirmation');
    await waitForPath(page, '/');
  });

  it('buys a filing with a card that needs 3-D Secure and shows the confirmation', async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await signInWithStoredSession(page, client);
    const forms = (await (await fetch(`${baseUrl()}/api/forms/`)).json()) as Array<{ id: string; form_name: string }>;
    const annualReport = forms.find((form) => form.form_name === 'Annual Report')!;
    await page.goto(`/filing-purchase?filing=${annualReport.id}`);
    const form = main(page);
    await form.getByRole('heading', { level: 1, name: 'Annual Report' }).waitFor();
    await fillCheckout(page, '4000002760003184');
    await form.getByRole('button', { name: 'Pay $150.00' }).click();
    // Once to save the card, once for the payment (sent again after it: the call that succeeds).
    const secure = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
    await secure.getByRole('button', { name: 'Complete authentication' }).click();
    await secure.waitFor({ state: 'detached' });
    await secure.waitFor();
    await expectRedirectAfterSuccess(
      page,
      { hold: '**/api/payments/form-payment', from: '/filing-purchase', success: 'Payment Successful!', ms: 2_000 },
      async () => {
        await secure.getByRole('button', { name: 'Complete authentication' }).click();
        await secure.waitFor({ state: 'detached' });
      },
    );
    await waitForPath(page, '/filing-confirmation');
    await form.getByRole('heading', { level: 1, name: 'Filing Purchase Confirmed' }).waitFor();
    await form.getByText('Annual Report', { exact: true }).waitFor();
    await form.getByText('$150.00', { exact: true }).waitFor();
    // The status is the payment's, uppercase like every purchase status (Pending only when it has none).
    await form.getByText('SUCCEEDED', { exact: true }).waitFor();
    expect(await form.getByRole('link', { name: 'Go to Profile' }).getAttribute('href')).toBe('/profile');
    expect(await form.getByRole('link', { name: 'Back to Filings' }).getAttribute('href')).toBe('/filings');
  });

  it('says the subscription details could not be loaded, with the way back to the packages', async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, client);
    // No such package: its details cannot be loaded.
    const packageId = randomUUID();
    expectFailedResponses(page, { status: 404, path: `/api/subscriptions/packages/${packageId}/` });
    await page.goto(`/subscribe?package=${packageId}&trial=1`);
    const view = main(page);
    await view.getByText('Failed to load subscription details. Please try again.').waitFor();
    expect(await view.getByRole('link', { name: 'Back to Packages' }).getAttribute('href')).toBe('/books');
  });

  it('says the payment form could not be initialized when the setup intent fails, and subscribes after it', async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, client);
    await page.goto(`/subscribe?package=${await serviceIdOf('Equity', 'cap-table-management')}`);
    await fillCheckout(page, '4242 4242 4242 4242');
    const form = main(page).getByRole('form', { name: 'Payment' });
    const subscribe = form.getByRole('button', { name: 'Subscribe for $99.00/month' });
    for (const failure of ['json500', 'network'] as const) {
      await failSetupIntent(page, failure);
      await subscribe.click();
      await form.getByText(SETUP_INTENT_FAILED, { exact: true }).waitFor();
      await page.unroute(SETUP_INTENT);
      expect(await subscribe.isEnabled()).toBe(true);
      expect(await form.getByLabel('City').inputValue()).toBe('Raleigh');
    }
    await subscribe.click();
    await main(page).getByText('Subscription Successful!').waitFor();
  });

  it('says a confirmation that cannot be loaded, with the way to the profile', async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, client);
    const id = randomUUID();
    // The server's detail is not shown here: the spec's words send the user to support.
    expectFailedResponses(page, { status: 500, path: `/api/subscriptions/${id}` });
    await page.route(`**/api/subscriptions/${id}`, (route) =>
      route.fulfill({ status: 500, json: { detail: 'Service temporarily unavailable' } }),
    );
    await page.goto(`/subscription/confirmation?id=${id}`);
    const view = main(page);
    await view
      .getByText('Failed to load subscription details. Please contact support.', { exact: true })
      .waitFor({ timeout: TIMEOUT_MS });
    await view.getByRole('link', { name: 'Go to Profile' }).click();
    await waitForPath(page, '/profile');
    // Without an id there is nothing to load: the same message.
    await page.goto('/subscription/confirmation');
    await view.getByText('Failed to load subscription details. Please contact support.', { exact: true }).waitFor();
    expect(await view.getByRole('link', { name: 'Go to Profile' }).getAttribute('href')).toBe('/profile');
  });

  it("replaces the checkout with the payment's error and the way back: the detail, else the spec's words", async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, client);
    // A refusal another card cannot fix (4xx): with the server's detail, then without any.
    const refuse = async (path: string, status: number, body: { detail?: string }) => {
      expectFailedResponses(page, { status, path });
      await page.route(`**${path}`, (route) => route.fulfill({ status, json: body }));
    };
    const service = await serviceIdOf('Company', 'non-profit-formation');
    await refuse('/api/payments/service-payment', 400, { detail: 'This service cannot be bought online.' });
    await page.goto(`/service-purchase?service=${service}&type=company`);
    await fillCheckout(page, '4242 4242 4242 4242');
    await main(page).getByRole('button', { name: 'Pay $799.00' }).click();
    const view = main(page);
    await view.getByRole('alert').getByText('This service cannot be bought online.', { exact: true }).waitFor();
    expect(await view.getByRole('form', { name: 'Payment' }).count()).toBe(0);
    expect(await view.getByRole('link', { name: 'Back to Services' }).getAttribute('href')).toBe('/company');

    await page.unroute('**/api/payments/service-payment');
    await refuse('/api/payments/service-payment', 403, {});
    await page.goto(`/service-purchase?service=${service}&type=company`);
    await fillCheckout(page, '4242 4242 4242 4242');
    await main(page).getByRole('button', { name: 'Pay $799.00' }).click();
    await view.getByRole('alert').getByText(PASSED_UP_FALLBACK, { exact: true }).waitFor();
    await view.getByRole('link', { name: 'Back to Services' }).click();
    await waitForPath(page, '/company');

    const forms = (await (await fetch(`${baseUrl()}/api/forms/`)).json()) as Array<{ id: string; form_name: string }>;
    await refuse('/api/payments/form-payment', 404, {});
    await page.goto(`/filing-purchase?filing=${forms.find((form) => form.form_name === 'Annual Report')!.id}`);
    await fillCheckout(page, '4242 4242 4242 4242');
    await main(page).getByRole('button', { name: 'Pay $150.00' }).click();
    await view.getByRole('alert').getByText(PASSED_UP_FALLBACK, { exact: true }).waitFor();
    await view.getByRole('link', { name: 'Back to Filings' }).click();
    await waitForPath(page, '/filings');
  });

  it('offers no card form for a price billing would not charge, even with an amount (the cards say Book a Call)', async () => {
    // A client of its own: the file's client holds a Books package by now, whose page would send it on.
    const buyer = newAccount('quoted-price');
    await registerVerified(buyer);
    const page = await newPage(browser);
    await signInWithStoredSession(page, buyer);
    // The catalog's replies for a package priced from an amount and a service priced as a range, each
    // with an amount an admin entered: the price rule (fixedPriceCents) decides, as billing does.
    const packageId = await serviceIdOf('Books');
    const serviceId = await serviceIdOf('Company', 'corporation-formation');
    const reply = async (url: string, change: Record<string, unknown>) =>
      ({ ...((await (await fetch(url)).json()) as Record<string, unknown>), ...change }) as Record<string, unknown>;
    const packageUrl = `${baseUrl()}/api/subscriptions/packages/${packageId}/`;
    const quotedPackage = await reply(packageUrl, { price: '$1,500+/month', amount_cents: 150000 });
    await page.route(`**/api/subscriptions/packages/${packageId}/`, (route) => route.fulfill({ json: quotedPackage }));
    const quotedService = await reply(`${baseUrl()}/api/services/${serviceId}`, {
      price: '$2,500-$5,000',
      amount_cents: 250000,
    });
    await page.route(`**/api/services/${serviceId}`, (route) => route.fulfill({ json: quotedService }));

    await page.goto(`/subscribe?package=${packageId}&trial=0`);
    await main(page).getByText('This package is priced after a call with us and cannot be bought online.').waitFor();
    expect(await main(page).getByRole('group', { name: 'Card details' }).count()).toBe(0);
    // Its price as written, and no charge promised.
    await main(page).getByText('$1,500+/month', { exact: true }).waitFor();
    expect(
      await main(page)
        .getByText(/Your card is charged|Your card will not be charged/)
        .count(),
    ).toBe(0);

    await page.goto(`/service-purchase?service=${serviceId}&type=company`);
    await main(page)
      .getByText('This service is priced by quote and cannot be bought online. Please book a call with us.')
      .waitFor();
    expect(await main(page).getByRole('group', { name: 'Card details' }).count()).toBe(0);
  });

  it("shows the provider's message under the card when the card is declined", async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, client);
    await page.goto(`/service-purchase?service=${await serviceIdOf('Company', 'corporation-formation')}`);
    const form = main(page);
    await fillCheckout(page, '4000000000000002');
    await form.getByRole('button', { name: 'Pay $499.00' }).click();
    const message = form.getByRole('group', { name: 'Card details' }).getByRole('alert');
    await message.getByText('Your card was declined.').waitFor();
    expect(await form.getByText('Payment Successful!').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/service-purchase');
  });

  it('says what is missing, and sends an unverified user to verify first', async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, client);
    await page.goto('/service-purchase');
    await main(page).getByText('No service selected. Please choose a service to purchase.').waitFor();
    // The way back is the service page the purchase started on (its `type`), /company without one.
    expect(await main(page).getByRole('link', { name: 'Back to Services' }).getAttribute('href')).toBe('/company');
    await page.goto('/compliance');
    await waitForHydration(page);
    await main(page)
      .getByRole('article', { name: 'Registered Agent Service' })
      .getByRole('link', { name: 'Start' })
      .click();
    const purchase = await waitForPath(page, '/service-purchase');
    expect(purchase.searchParams.get('type')).toBe('compliance');
    await page.goto('/service-purchase?type=compliance');
    await main(page).getByText('No service selected. Please choose a service to purchase.').waitFor();
    expect(await main(page).getByRole('link', { name: 'Back to Services' }).getAttribute('href')).toBe('/compliance');
    await page.goto('/filing-purchase');
    await main(page).getByText('No filing selected. Please choose a filing to purchase.').waitFor();
    await page.goto('/subscribe');
    await main(page).getByText('No package selected').waitFor();
    await main(page).getByRole('link', { name: 'Back to Packages' }).waitFor();

    // An unverified user (the session as the sign-in page stores it) is sent to verify first.
    const other = await newPage(browser);
    await other.goto('/');
    await other.evaluate(() => {
      localStorage.setItem('user', JSON.stringify({ email: 'new@example.com', first_name: 'N', is_verified: false }));
      localStorage.setItem('token', 'not-needed-before-the-guard');
    });
    await other.goto('/filing-purchase?filing=x');
    const verify = await waitForPath(other, '/verify-email');
    expect(verify.searchParams.get('redirect')).toBe('/filing-purchase?filing=x');
  });

  it('updates the card of a subscription and returns to the profile', async () => {
    const { page, subscription } = await signedInWithSubscription('Compliance', 'annual-compliance');
    await page.clock.install();
    await page.goto(`/subscription/${subscription.id}/payment`);
    const form = main(page);
    await form.getByRole('heading', { level: 1, name: 'Update Payment Method' }).waitFor();
    await form.getByText('Visa ending in 4242').waitFor();
    await form.getByLabel('Card number').waitFor();
    // Only the name is checked here.
    await form.getByLabel('Full name').fill('');
    await form.getByRole('button', { name: 'Update Payment Method' }).click();
    await form.getByText('Please enter your name').waitFor();
    await form.getByLabel('Full name').fill('Ada Lovelace');
    await form.getByLabel('Card number').fill('5555555555554444');
    await form.getByLabel('Expiration date MM / YY').fill('11 / 33');
    await form.getByLabel('CVC').fill('321');
    // The card cannot be saved (no setup intent): the spec's words, not the server's.
    await failSetupIntent(page, 'json500');
    await form.getByRole('button', { name: 'Update Payment Method' }).click();
    await form.getByText(SETUP_INTENT_FAILED, { exact: true }).waitFor();
    await page.unroute(SETUP_INTENT);
    await expectRedirectAfterSuccess(
      page,
      {
        hold: '**/api/subscriptions/*/payment-method/',
        from: `/subscription/${subscription.id}/payment`,
        success: 'Your payment method has been updated.',
        ms: 2_000,
      },
      () => form.getByRole('button', { name: 'Update Payment Method' }).click(),
    );
    await waitForPath(page, '/profile');
    await form.getByRole('listitem', { name: 'Annual Compliance' }).getByText('Mastercard ending in 4444').waitFor();
  });

  it('shows a purchase refunded at Stripe in the purchase history: part of it, then all of it', async () => {
    const page = await newPage(browser, AXE_PAGE_OPTIONS);
    await signInWithStoredSession(page, client);
    const token = await tokenOf(page);
    const order = await api<{ id: string }>('/payments/service-payment', token, {
      method: 'POST',
      key: true,
      body: { service_id: await serviceIdOf('Company', 'llc-formation'), payment_method_id: 'pm_card_visa' },
    });
    // The refund reaches the app by webhook; the page reads what the app stored.
    const refunded = async (dollars: number) => {
      const deadline = Date.now() + TIMEOUT_MS;
      while (
        !(await api<PurchaseReply[]>('/profiles/purchase-history', token)).some(
          (purchase) => purchase.id === order.id && purchase.amount_refunded === dollars,
        )
      ) {
        if (Date.now() > deadline) throw new Error(`the refund of $${dollars} did not arrive`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const history = main(page).getByRole('region', { name: 'Purchase History' });

    await refundAtStripe(order.id, 10_000);
    await refunded(100);
    await page.goto('/profile#purchase-history');
    const partly = history.getByRole('listitem').filter({ hasText: 'Refunded $100.00 of $399.00' });
    await partly.waitFor();
    await partly.getByText('SUCCEEDED', { exact: true }).waitFor();
    await expectNoAxeViolations(page, '/profile with a purchase refunded in part');

    await refundAtStripe(order.id);
    await refunded(399);
    await page.reload();
    const fully = history.getByRole('listitem').filter({ has: page.getByText('Refunded', { exact: true }) });
    await fully.getByText('$399.00 on', { exact: false }).waitFor();
    expect(await fully.count()).toBe(1);
    expect(await history.getByText('Refunded $100.00 of $399.00').count()).toBe(0);
  });

  it('labels invoices and shows their amounts in dollars', async () => {
    const { page, token, subscription } = await signedInWithSubscription('People', 'payroll-growth');
    // The next renewal fails: an open invoice, labelled Unpaid.
    await api(`/subscriptions/${subscription.id}/payment-method`, token, {
      method: 'PUT',
      body: { payment_method_id: 'pm_card_chargeCustomerFail' },
    });
    const advanced = await fetch(`${process.env.E2E_STRIPE_URL}/__fake/clock/advance`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${process.env.E2E_STRIPE_SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `seconds=${32 * 86_400}`,
    });
    expect(advanced.status).toBe(200);
    // The renewal reaches the app by webhook; the invoices page reads what the app stored.
    const deadline = Date.now() + TIMEOUT_MS;
    for (;;) {
      const { invoices } = await api<{ invoices: unknown[] }>(`/subscriptions/${subscription.id}/invoices/`, token);
      if (invoices.length === 2) break;
      if (Date.now() > deadline) throw new Error('the failed renewal did not arrive');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    await page.goto('/profile#subscriptions');
    await main(page)
      .getByRole('listitem', { name: 'Payroll Growth' })
      .getByRole('link', { name: 'View Invoices' })
      .click();
    await waitForPath(page, `/subscription/${subscription.id}/invoices`);
    await main(page).getByRole('heading', { level: 1, name: 'Invoice History', exact: true }).waitFor();
    const table = main(page).getByRole('table');
    await table.waitFor();
    const rows = await table.getByRole('row').allTextContents();
    expect(rows.slice(1).map((row) => [row.includes('$100.00'), /Unpaid|Paid/.exec(row)?.[0]])).toEqual([
      [true, 'Unpaid'],
      [true, 'Paid'],
    ]);
    expect(await main(page).getByRole('link', { name: '← Back to Profile' }).getAttribute('href')).toBe(
      '/profile#subscriptions',
    );
  });
  it('sends one request for a double click on Cancel Subscription, Re-Activate and Pay', async () => {
    const { page } = await signedInWithSubscription('Books', 'bookkeeping-scale');
    const sent: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'POST' && /^\/api\/(subscriptions|payments)\//.test(path)) {
        sent.push(path.replace(/[0-9a-f-]{36}/, ':id'));
      }
    });
    // Both clicks in one task, as a fast double click lands: nothing renders in between.
    const doubleClick = (button: ReturnType<Page['getByRole']>) =>
      button.evaluate((element: HTMLElement) => {
        element.click();
        element.click();
      });

    await page.goto('/profile#subscriptions');
    const item = main(page).getByRole('listitem', { name: 'Scale Bookkeeping' });
    await item.getByRole('button', { name: 'Cancel', exact: true }).click();
    await doubleClick(
      page.getByRole('dialog', { name: 'Cancel Subscription' }).getByRole('button', { name: 'Cancel Subscription' }),
    );
    await item.getByText('CANCELING', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Re-Activate' }).click();
    await doubleClick(
      page.getByRole('dialog', { name: 'Re-Activate Subscription' }).getByRole('button', { name: 'Re-Activate' }),
    );
    await item.getByText('ACTIVE', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
    expect(sent).toEqual(['/api/subscriptions/:id/cancel', '/api/subscriptions/:id/reactivate']);

    sent.length = 0;
    await page.goto(`/service-purchase?service=${await serviceIdOf('Company', 'company-dissolution')}`);
    await fillCheckout(page, '4242424242424242');
    await doubleClick(main(page).getByRole('button', { name: 'Pay $299.00' }));
    await main(page).getByText('Payment Successful!').waitFor();
    expect(sent).toEqual(['/api/payments/create-setup-intent', '/api/payments/service-payment']);
  });

  it('keeps the keyboard focus on the subscription after cancelling and re-activating it', async () => {
    const { page } = await signedInWithSubscription('Books', 'bookkeeping-growth');
    await page.goto('/profile#subscriptions');
    const item = main(page).getByRole('listitem', { name: 'Growth Bookkeeping' });
    const focused = (name: string) =>
      page.waitForFunction(
        (label) => document.activeElement?.tagName === 'BUTTON' && document.activeElement.textContent === label,
        name,
        { timeout: TIMEOUT_MS },
      );

    // The Cancel button that opened the dialog is gone once the subscription cancels: the focus goes to
    // what replaced it, not to the top of the page.
    await item.getByRole('button', { name: 'Cancel', exact: true }).focus();
    await page.keyboard.press('Enter');
    const cancel = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await cancel.getByRole('button', { name: 'Cancel Subscription' }).focus();
    await page.keyboard.press('Enter');
    await item.getByText('CANCELING', { exact: true }).waitFor();
    await focused('Re-Activate');

    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Re-Activate Subscription' }).waitFor();
    await page.keyboard.press('Enter');
    await item.getByText('ACTIVE', { exact: true }).waitFor();
    await focused('Cancel');
  });
});

describe('a checkout without a final answer', () => {
  const UNKNOWN_PAYMENT = `${BILLING_MESSAGES.paymentFailed} ${BILLING_MESSAGES.paymentOutcomeUnknown}`;

  /** The Idempotency-Key of every request to `path` the page sends from now on. */
  function keysSentTo(page: Page, path: string): string[] {
    const keys: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === path) keys.push(request.headers()['idempotency-key']);
    });
    return keys;
  }

  /** How many of the user's purchases are of `name` (a service or a filing). */
  async function purchasesOf(token: string, name: string): Promise<number> {
    const purchases = await api<PurchaseReply[]>('/profiles/purchase-history', token);
    return purchases.filter((purchase) => purchase.service?.name === name || purchase.form?.form_name === name).length;
  }

  it('says a payment whose answer was lost may have gone through, and sends it again after a reload: one charge', async () => {
    const page = await newPage(browser);
    await startLlcFormation(page, client);
    await waitForPath(page, '/service-purchase');
    const token = await tokenOf(page);
    const before = await purchasesOf(token, 'LLC Formation');
    await fillCheckout(page, '4242 4242 4242 4242');
    const keys = keysSentTo(page, '/api/payments/service-payment');
    // The payment reaches the server, which charges the card; its answer never reaches the page.
    expectFailedResponses(page, { status: 'network', path: '/api/payments/service-payment' });
    await page.route(
      '**/api/payments/service-payment',
      async (route) => {
        await route.fetch();
        await route.abort('connectionfailed');
      },
      { times: 1 },
    );
    await main(page).getByRole('button', { name: 'Pay $399.00' }).click();
    await main(page).getByText(UNKNOWN_PAYMENT).waitFor({ timeout: TIMEOUT_MS });

    // The same checkout opened again sends that request again, and shows its answer: paid.
    await page.reload();
    await main(page).getByText('Payment Successful!').waitFor({ timeout: TIMEOUT_MS });
    await waitForPath(page, '/service-confirmation');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await purchasesOf(token, 'LLC Formation')).toBe(before + 1);
    // Answered: opening the checkout again is a new purchase, with nothing sent by itself.
    await page.goto(`/service-purchase?service=${await serviceIdOf('Company', 'llc-formation')}`);
    await main(page).getByRole('button', { name: 'Pay $399.00' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(keys).toHaveLength(2);
  });

  it('keeps the attempt when Stripe cannot be reached after 3-D Secure: Pay again charges once', async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, client);
    const token = await tokenOf(page);
    const before = await purchasesOf(token, 'Annual Report');
    const forms = (await (await fetch(`${baseUrl()}/api/forms/`)).json()) as Array<{ id: string; form_name: string }>;
    await page.goto(`/filing-purchase?filing=${forms.find((form) => form.form_name === 'Annual Report')!.id}`);
    await fillCheckout(page, '4000002760003184');
    const keys = keysSentTo(page, '/api/payments/form-payment');
    // The payment's authentication reaches the fake Stripe and completes; its answer is lost.
    await page.route(
      (url) => url.pathname.startsWith('/__fake/3ds/pi_'),
      async (route) => {
        expectFailedResponses(page, { status: 'network', path: new URL(route.request().url()).pathname });
        await route.fetch();
        await route.abort('connectionfailed');
      },
      { times: 1 },
    );
    const pay = main(page).getByRole('button', { name: 'Pay $150.00' });
    await pay.click();
    // Once to save the card, once for the payment.
    for (let step = 0; step < 2; step += 1) {
      const secure = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
      await secure.getByRole('button', { name: 'Complete authentication' }).click();
      await secure.waitFor({ state: 'detached' });
    }
    await main(page).getByText(UNKNOWN_PAYMENT).waitFor({ timeout: TIMEOUT_MS });

    await pay.click();
    await main(page).getByText('Payment Successful!').waitFor({ timeout: TIMEOUT_MS });
    // The payment before 3-D Secure, and Pay again: the same attempt.
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await purchasesOf(token, 'Annual Report')).toBe(before + 1);
  });

  it('keeps the checkout and what was typed when a refresh of its data fails', async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, client);
    await page.clock.install();
    await page.goto(`/service-purchase?service=${await serviceIdOf('Company', 'corporation-formation')}`);
    await fillCheckout(page, '4242 4242 4242 4242');
    const form = main(page).getByRole('form', { name: 'Payment' });
    await page.route('**/api/**', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      expectFailedResponses(page, { status: 503, path: new URL(route.request().url()).pathname });
      await route.fulfill({ status: 503, json: { detail: 'Service temporarily unavailable' } });
    });
    // A minute later (the page's data is stale) the window regains focus; react-query's retries run.
    await page.clock.fastForward('01:00');
    // react-query listens to 'visibilitychange' on the window (which a page's own does not bubble to).
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    for (let second = 0; second < 10; second += 1) {
      await page.clock.runFor(1000);
      await page.waitForTimeout(100);
    }
    expect(await main(page).getByText(BILLING_MESSAGES.serviceLoad).count()).toBe(0);
    expect(await form.getByLabel('City').inputValue()).toBe('Raleigh');
    expect(await form.getByLabel('Street address').inputValue()).toBe('1 Fayetteville St');
    expect(await form.getByRole('button', { name: 'Pay $499.00' }).isEnabled()).toBe(true);
  });

  it('says a subscription still being set up as the server does, and goes to the profile only when it is held', async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, client);
    await page.goto(`/subscribe?package=${await serviceIdOf('People', 'payroll-growth')}`);
    await fillCheckout(page, '4242 4242 4242 4242');
    expectFailedResponses(page, { status: 409, path: '/api/subscriptions/stripe' });
    let detail: string = SUBSCRIPTION_IN_PROGRESS;
    await page.route('**/api/subscriptions/stripe', (route) => route.fulfill({ status: 409, json: { detail } }));
    const form = main(page).getByRole('form', { name: 'Payment' });
    const subscribe = form.getByRole('button', { name: 'Subscribe for $100.00/month' });
    await subscribe.click();
    await form.getByText(SUBSCRIPTION_IN_PROGRESS).waitFor({ timeout: TIMEOUT_MS });
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    expect(await form.getByLabel('City').inputValue()).toBe('Raleigh');

    detail = ALREADY_SUBSCRIBED;
    await subscribe.click();
    expect((await waitForPath(page, '/profile')).hash).toBe('#subscriptions');
  });
});
