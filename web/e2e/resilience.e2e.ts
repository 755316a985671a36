import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  adminAccount,
  mailLink,
  newAccount,
  register,
  signInWithStoredSession,
  type Account,
} from './support/accounts';
import { expectFailedResponses, newPage, waitForHydration } from './support/browser';
import { BILLING_MESSAGES } from '../src/features/billing/labels';
import { fillCheckout, serviceIdOf, startLlcFormation } from './support/billing';
import {
  always,
  browserAndClient,
  checkSubmit,
  DETAIL,
  detailElse,
  expectSensiblePage,
  failCalls,
  FAILURES,
  main,
  MESSAGE_TIMEOUT_MS,
  recover,
  waitForNoLoading,
  type Failure,
} from './support/resilience';

// Each test walks several pages through three failures, each read waiting out react-query's retries.
jest.setTimeout(240_000);

const shared = browserAndClient('resilience', { firstName: 'Rosa', lastName: 'Parks' });
let browser: Browser;
let client: Account;

beforeAll(() => {
  browser = shared.browser();
  client = shared.client();
});

interface ReadCase {
  path: string;
  /** The message for each failure (the spec's fallback, or the server's detail where the spec shows it). */
  message?: string | ((failure: Failure) => string);
  /** The calls to fail (default: every API call). */
  calls?: string;
  /** What a visitor does before the page reads (scroll to a section that loads when seen). */
  visit?(page: Page): Promise<void>;
  /** The failures to check (default: each of FAILURES); a section's own message is the same for all. */
  failures?: readonly Failure[];
}

/** Opens `path` with its calls failing in each way, then checks the page. */
async function checkReads(cases: ReadCase[], signIn?: Account): Promise<void> {
  for (const failure of FAILURES) {
    const page = await newPage(browser);
    if (signIn) await signInWithStoredSession(page, signIn);
    for (const { path, message, calls = '**/api/**', visit, failures = FAILURES } of cases) {
      if (!failures.includes(failure)) continue;
      await failCalls(page, calls, failure);
      await page.goto(path);
      await visit?.(page);
      await expectSensiblePage(
        page,
        `${path} (${failure})`,
        typeof message === 'function' ? message(failure) : message,
      );
      await recover(page, calls);
    }
    await page.close();
  }
}

/** A slow server: the page shows a loading state meanwhile, then the page. */
async function checkSlowRead(page: Page, path: string, calls = '**/api/**'): Promise<void> {
  await page.route(calls, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.fallback();
  });
  await page.goto(path);
  await page.waitForTimeout(1000);
  const busy = await page
    .locator('main [role="status"], main [aria-busy="true"], [data-page-loading]')
    .filter({ hasText: /loading|validating|…|\.\.\./i })
    .count();
  const mainText = (await main(page).innerText()).trim();
  if (busy === 0 && mainText.length < 10) throw new Error(`${path} (slow): blank while loading`);
  await waitForNoLoading(page);
  await page.unroute(calls);
}

describe('a failing server', () => {
  it('public pages say what failed, or show what they have, and never go blank', async () => {
    const books = await newPage(browser);
    await checkSlowRead(books, '/filings', '**/api/forms/');
    await books.close();
    await checkReads([
      { path: '/', visit: (page) => page.locator('#services').scrollIntoViewIfNeeded() },
      { path: '/books' },
      { path: '/company' },
      { path: '/filings' },
      { path: '/filings/irs-form-7004' },
      // Not prerendered under /forms (the footer's links): the page reads the forms, and says it could not.
      { path: '/forms/irs-form-7004', message: 'Failed to load form data' },
      { path: '/perks' },
      { path: '/careers' },
      { path: '/free-tools/deadline-alerts' },
    ]);
  });

  it('signed-in pages show their load failure messages', async () => {
    const packageId = await serviceIdOf('books');
    const slow = await newPage(browser);
    await signInWithStoredSession(slow, client);
    await checkSlowRead(slow, '/profile');
    await checkSlowRead(slow, '/dashboard');
    await slow.close();
    await checkReads(
      [
        { path: '/profile', message: 'Failed to load profile information' },
        { path: '/dashboard', message: 'Failed to load vault files. Please try again.' },
        { path: '/settings' },
        {
          path: `/subscribe?package=${packageId}&trial=1`,
          message: 'Failed to load subscription details. Please try again.',
        },
        {
          path: `/service-purchase?service=${randomUUID()}`,
          message: 'Failed to load service details. Please try again.',
        },
        { path: `/filing-purchase?filing=${randomUUID()}`, message: 'Failed to load form details. Please try again.' },
        { path: `/subscription/${randomUUID()}/invoices`, message: detailElse('Failed to load invoice history') },
        { path: `/subscription/${randomUUID()}/payment`, message: detailElse('Failed to load subscription details') },
        // One section failing while the rest of the page loads: each says its own words.
        {
          path: '/profile',
          calls: '**/api/subscriptions/user',
          message: 'Failed to load subscription information',
          failures: ['json500'],
        },
        {
          path: '/profile',
          calls: '**/api/profiles/purchase-history',
          message: 'Failed to fetch purchase history',
          failures: ['json500'],
        },
        {
          path: '/dashboard',
          calls: '**/api/files/forms*',
          visit: (page) => main(page).getByRole('tab', { name: 'Forms Library' }).click(),
          message: 'Failed to load forms files. Please try again.',
          failures: ['network'],
        },
        {
          path: '/dashboard',
          calls: '**/api/files/public*',
          visit: (page) => main(page).getByRole('tab', { name: 'Public Files' }).click(),
          message: 'Failed to load public files. Please try again.',
          failures: ['html503'],
        },
      ],
      client,
    );
  });

  it('admin panels show their load failure messages', async () => {
    await checkReads(
      [
        { path: '/admin?tab=invite-codes', message: 'Failed to load invite codes.' },
        { path: '/admin?tab=inbox', message: 'Failed to load the inbox. Please try again.' },
        { path: '/admin?tab=audit-log', message: 'Failed to load the audit log. Please try again.' },
        { path: '/dashboard', message: 'Failed to load vault files. Please try again.' },
      ],
      adminAccount(),
    );
  });

  it('public forms keep what was typed, say what failed and work once the server is back', async () => {
    const page = await newPage(browser);

    // Sign in: a wrong password is not a failing server; the detail or the spec's fallback.
    await page.goto('/signin');
    await waitForHydration(page);
    const signIn = main(page);
    await signIn.getByLabel('Email', { exact: true }).fill(client.email);
    await signIn.getByLabel('Password', { exact: true }).fill(client.password);
    await checkSubmit({
      page,
      label: 'sign-in',
      calls: '**/api/auth/login',
      button: signIn.getByRole('button', { name: 'Sign in' }),
      submit: () => signIn.getByRole('button', { name: 'Sign in' }).click(),
      kept: [signIn.getByLabel('Email', { exact: true }), signIn.getByLabel('Password', { exact: true })],
      message: detailElse('Failed to sign in. Please check your credentials.'),
      success: 'Personal Information',
    });

    await page.goto('/contact');
    await waitForHydration(page);
    await waitForNoLoading(page);
    const contact = main(page).getByRole('form');
    await contact.getByLabel('Name').fill('Ann Lee');
    await contact.getByLabel('Email').fill(`e2e-resilience-${Date.now()}@example.com`);
    await contact.getByLabel('Subject').fill('A question');
    await contact.getByLabel('Message').fill('When is my next filing due?');
    await checkSubmit({
      page,
      label: 'contact',
      calls: '**/api/messages/',
      button: contact.getByRole('button', { name: 'Send Message' }),
      submit: () => contact.getByRole('button', { name: 'Send Message' }).click(),
      kept: ['Name', 'Email', 'Subject', 'Message'].map((label) => contact.getByLabel(label)),
      message: always('There was an error sending your message. Please try again.'),
      success: 'Your message has been sent successfully!',
    });

    const footer = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' });
    await footer.getByLabel('Get tax deadlines and tips in your inbox').fill(`e2e-news-${Date.now()}@example.com`);
    await checkSubmit({
      page,
      label: 'newsletter',
      calls: '**/api/newsletter/subscribe/',
      button: footer.getByRole('button', { name: 'Subscribe' }),
      submit: () => footer.getByRole('button', { name: 'Subscribe' }).click(),
      kept: [footer.getByLabel('Get tax deadlines and tips in your inbox')],
      message: always('Failed to subscribe. Please try again.'),
      success: 'Successfully subscribed!',
    });

    await page.goto('/free-tools/deadline-alerts');
    await waitForHydration(page);
    const alerts = main(page).getByRole('form', { name: 'Deadline alerts' });
    await alerts.getByLabel('Business email').fill(`e2e-deadline-${Date.now()}@example.com`);
    const captcha = alerts.getByLabel(/^What is \d+ \+ \d+\?$/);
    await checkSubmit({
      page,
      label: 'deadline alerts',
      calls: '**/api/deadline-alerts/subscribe/',
      button: alerts.getByRole('button', { name: 'Subscribe' }),
      async prepare() {
        // The captcha regenerates after a failure (spec part 2, section 4): answer the new one.
        const [, a, b] = /(\d+) \+ (\d+)/.exec(await labelOf(captcha))!;
        await captcha.fill(String(Number(a) + Number(b)));
      },
      submit: () => alerts.getByRole('button', { name: 'Subscribe' }).click(),
      kept: [alerts.getByLabel('Business email')],
      message: detailElse('Failed to subscribe. Please try again.'),
      success: "Thanks for subscribing! You'll receive deadline reminders soon.",
    });

    await page.goto('/perks');
    await waitForHydration(page);
    const perk = main(page).getByRole('form', { name: 'Perk provider' });
    await perk.getByLabel('Company name').fill('Acme Perks');
    await perk.getByLabel('Email', { exact: true }).fill(`e2e-perk-${Date.now()}@example.com`);
    await perk.getByLabel('Website').fill('https://acme.example.com');
    await perk.getByLabel('Offer details').fill('20% off the first year');
    await perk.getByLabel('Company description').fill('Payroll software for startups');
    await perk.getByRole('radiogroup', { name: 'Perk type' }).getByRole('radio').first().check();
    await perk.getByLabel('Redemption instructions').fill('Use code ACME20');
    await checkSubmit({
      page,
      label: 'perks',
      calls: '**/api/messages/',
      button: perk.getByRole('button', { name: 'Submit Perk' }),
      submit: () => perk.getByRole('button', { name: 'Submit Perk' }).click(),
      kept: ['Company name', 'Website', 'Offer details', 'Company description', 'Redemption instructions'].map(
        (label) => perk.getByLabel(label),
      ),
      message: always('An error occurred. Please try again later.'),
      success: 'Thank you! Your perk provider submission has been received.',
    });

    await page.goto('/careers');
    await waitForHydration(page);
    const application = main(page).getByRole('form', { name: 'Job application' });
    await application.getByLabel('Name').fill('Ann Lee');
    await application.getByLabel('Email').fill(`e2e-careers-${Date.now()}@example.com`);
    await application.getByLabel('Phone').fill('+1 919 555 0100');
    await application.getByLabel('Position').selectOption({ index: 1 });
    await application.getByLabel('Message').fill('I would like to join.');
    await application
      .getByLabel('Resume')
      .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 resume') });
    await checkSubmit({
      page,
      label: 'careers',
      calls: '**/api/messages/**',
      button: application.getByRole('button', { name: 'Submit Application' }),
      submit: () => application.getByRole('button', { name: 'Submit Application' }).click(),
      kept: ['Name', 'Email', 'Phone', 'Message'].map((label) => application.getByLabel(label)),
      message: always('There was an error submitting your application. Please try again.'),
      success: 'Your application has been submitted successfully!',
    });
  });

  it('account forms keep what was typed, say what failed and work once the server is back', async () => {
    const page = await newPage(browser);
    await page.goto('/forgot-password');
    await waitForHydration(page);
    const forgot = main(page);
    await forgot.getByLabel('Email').fill(client.email);
    await checkSubmit({
      page,
      label: 'forgot password',
      calls: '**/api/auth/forgot-password',
      button: forgot.getByRole('button', { name: /Send/ }),
      submit: () => forgot.getByRole('button', { name: /Send/ }).click(),
      kept: [forgot.getByLabel('Email')],
      message: (failure) =>
        failure === 'json500'
          ? DETAIL
          : failure === 'network'
            ? 'Network error. Please check your connection and try again.'
            : 'Failed to send password reset email. Please try again.',
      success: 'If an account exists',
    });

    await page.goto('/signup');
    await waitForHydration(page);
    const signUp = main(page);
    const newcomer = newAccount('resilience-signup');
    await signUp.getByLabel('First name').fill(newcomer.firstName);
    await signUp.getByLabel('Last name').fill(newcomer.lastName);
    await signUp.getByLabel('Email').fill(newcomer.email);
    await signUp.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await signUp.getByLabel('Confirm password').fill(newcomer.password);
    await checkSubmit({
      page,
      label: 'sign-up',
      calls: '**/api/auth/register',
      button: signUp.getByRole('button', { name: /Create account|Sign up/ }),
      submit: () => signUp.getByRole('button', { name: /Create account|Sign up/ }).click(),
      kept: ['First name', 'Last name', 'Email'].map((label) => signUp.getByLabel(label)),
      message: detailElse('Registration failed. Please try again.'),
      success: 'Account created',
    });

    // A verification link opened while the status check fails still verifies: the page must not fall
    // back to asking for a new mail, whose new token would make the link's one invalid.
    const linkHolder = newAccount('resilience-verify-link');
    await register(linkHolder);
    const link = await mailLink(linkHolder.email, '/verify-email');
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/verify-email/request')) requests.push(request.url());
    });
    expectFailedResponses(page, { status: 500, path: '/api/auth/verify-email/status' });
    await page.route('**/api/auth/verify-email/status**', (route) =>
      route.fulfill({ status: 500, json: { detail: DETAIL } }),
    );
    await page.goto(link);
    await main(page).getByText('Email verified successfully!').waitFor({ timeout: MESSAGE_TIMEOUT_MS });
    expect(requests).toEqual([]);
    await page.unroute('**/api/auth/verify-email/status**');
  });

  it('a checkout keeps the billing details and pays once the server is back', async () => {
    const page = await newPage(browser);
    await startLlcFormation(page, client);
    await page.waitForURL((url) => url.pathname === '/service-purchase');
    await fillCheckout(page, '4242 4242 4242 4242');
    const form = main(page).getByRole('form', { name: 'Payment' });
    const pay = form.getByRole('button', { name: 'Pay $399.00' });
    await checkSubmit({
      page,
      label: 'service payment',
      calls: '**/api/payments/service-payment',
      button: pay,
      submit: () => pay.click(),
      kept: ['Phone', 'Street address', 'City', 'State / Province', 'ZIP / Postal code'].map((label) =>
        form.getByLabel(label),
      ),
      // No final answer came (a 500, a proxy's 503, no connection): the charge may have happened.
      message: (failure) =>
        `${detailElse(BILLING_MESSAGES.paymentFailed)(failure)} ${BILLING_MESSAGES.paymentOutcomeUnknown}`,
      success: 'Payment Successful!',
    });
  });

  // Last of the client's tests: its password change ends the client's other sessions.
  it('signed-in forms keep what was typed, say what failed and work once the server is back', async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, client);

    await page.goto('/profile');
    await main(page).getByRole('button', { name: 'Edit' }).click();
    const profile = main(page).getByRole('form', { name: 'Personal Information' });
    await profile.getByLabel('Company (optional)').fill('Parks & Co');
    await profile.getByLabel('Job title (optional)').fill('Founder');
    await checkSubmit({
      page,
      label: 'profile save',
      calls: '**/api/profiles/me',
      button: profile.getByRole('button', { name: 'Save' }),
      submit: () => profile.getByRole('button', { name: 'Save' }).click(),
      kept: ['First name', 'Last name', 'Company (optional)', 'Job title (optional)'].map((label) =>
        profile.getByLabel(label),
      ),
      message: detailElse('Failed to update profile'),
      success: 'Parks & Co',
    });

    await page.goto('/settings');
    const password = main(page).getByRole('form', { name: 'Change password' });
    await password.getByLabel('Current password').fill(client.password);
    await password.getByLabel('New password', { exact: true }).fill('Harbor-pass2');
    await password.getByLabel('Confirm new password').fill('Harbor-pass2');
    await checkSubmit({
      page,
      label: 'password change',
      calls: '**/api/auth/password/change',
      button: password.getByRole('button', { name: 'Change password' }),
      submit: () => password.getByRole('button', { name: 'Change password' }).click(),
      kept: [password.getByLabel('New password', { exact: true })],
      message: detailElse('Something went wrong. Please try again.'),
      success: 'changed',
    });
  });

  it('admin actions say what failed and work once the server is back', async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, adminAccount());
    await page.goto('/admin?tab=invite-codes');
    await main(page)
      .getByRole('button', { name: /Create/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Route').selectOption('/new-client');
    await dialog.getByLabel(/Description/).fill('Resilience check');
    await checkSubmit({
      page,
      label: 'invite-code create',
      calls: '**/api/invite-codes/',
      button: dialog.getByRole('button', { name: /Create/ }),
      submit: () => dialog.getByRole('button', { name: /Create/ }).click(),
      kept: [dialog.getByLabel(/Description/)],
      message: always('Failed to create invite code.'),
      success: 'Resilience check',
    });
  });
});

async function labelOf(field: Locator): Promise<string> {
  return field.evaluate((element) => (element as HTMLInputElement).labels?.[0]?.textContent ?? '');
}
