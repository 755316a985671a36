import type { Browser, Locator, Page } from 'playwright-core';
import {
  mailLink,
  newAccount,
  newApiToken,
  register,
  registerVerified,
  signInWithStoredSession,
  submitSignIn,
  uniqueEmail,
  type Account,
} from './support/accounts';
import {
  baseUrl,
  callsSentBy,
  clientAddress,
  expectConsoleError,
  expectFailedResponses,
  holdRequests,
  launchBrowser,
  newPage,
  waitForHydration,
} from './support/browser';
import { expectLeftAfter, pauseClock, runClockUntilVisible, watchText } from './support/clock';

// The auto-redirects wait 2 s (sign-up, verification) or 3 s (password reset): well inside this.
const REDIRECT_TIMEOUT_MS = 10_000;

let browser: Browser;
// A verified account for the tests that only need to sign in; none of them changes its password, and
// only the profile test changes its name. Each registration waits for its verification mail, so only the
// tests that need an account of their own register one.
let verified: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  verified = newAccount('verified', { firstName: 'Ann', lastName: 'Lee' });
  await registerVerified(verified);
});

afterAll(async () => {
  await browser?.close();
});

function here(page: Page): URL {
  return new URL(page.url());
}

async function waitForPath(page: Page, pathname: string): Promise<URL> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: REDIRECT_TIMEOUT_MS });
  return here(page);
}

/** Waits until the page at `pathname` has taken the link's one-time token out of the address. */
async function waitForNoToken(page: Page, pathname: string): Promise<URL> {
  await page.waitForURL((url) => url.pathname === pathname && !url.searchParams.has('token') && !url.hash, {
    timeout: REDIRECT_TIMEOUT_MS,
  });
  return here(page);
}

function main(page: Page) {
  return page.getByRole('main');
}

/** Presses the form's `button` and waits for the form's one error to read `message` (exactly), shown. */
async function expectRefusal(form: Locator, button: string, message: string): Promise<void> {
  await form.getByRole('button', { name: button }).click();
  await form.getByRole('alert').filter({ hasText: message }).waitFor();
  expect(await form.getByRole('alert').textContent()).toBe(message);
}

/** Waits for the profile page to show the signed-in user's Personal Information. */
async function expectProfileOf(page: Page, account: Account): Promise<void> {
  await main(page).getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
  await main(page).getByText(account.email, { exact: true }).waitFor();
}

/**
 * A new verified account edits its profile, and the session ends before Save: the user signs in again,
 * back on /profile with the form open on what was typed. Returns the page there.
 */
async function saveAfterTheSessionEnded(account: Account): Promise<Page> {
  await registerVerified(account);
  const page = await newPage(browser);
  expectFailedResponses(page, { status: 401, path: '/api/profiles/me' });
  await signInWithStoredSession(page, account, { ownSession: true });
  await page.goto('/profile');
  await expectProfileOf(page, account);
  await main(page).getByRole('button', { name: 'Edit' }).click();
  await main(page).getByLabel('First name').fill('Grace');
  await main(page).getByLabel('Company (optional)').fill('Hopper Ledgers');
  await main(page).getByLabel('Address line 1').fill('1 Compiler Way');
  await main(page).getByLabel('City').fill('Arlington');
  await main(page).getByLabel('State / Province').fill('VA');
  await main(page).getByLabel('ZIP / Postal code').fill('22201');

  // The session ends meanwhile (as a token past its hour is refused).
  await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
  await main(page).getByRole('button', { name: 'Save' }).click();
  const signIn = await waitForPath(page, '/signin');
  expect(signIn.searchParams.get('redirect')).toBe('/profile');
  await submitSignIn(page, account);
  await waitForPath(page, '/profile');

  // The form is open again with what was typed, and says why.
  await main(page)
    .getByText('Your session ended before your changes were saved. Here they are again: check them and press Save.')
    .waitFor();
  return page;
}

/** The profile drafts the page's tab keeps (sessionStorage). */
async function profileDrafts(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('profile-draft:')));
}

describe('sign up and e-mail verification', () => {
  it('signs up, reads the verification mail, opens its link and lands on the redirect target', async () => {
    const page = await newPage(browser);
    const account = newAccount('signup', { firstName: 'Sam', lastName: 'Ortiz' });
    // The page's clock, paused once loaded, times the 2 s redirects (resumed after each).
    await page.clock.install();
    await page.goto('/signup?redirect=%2Fprofile');
    await waitForHydration(page);
    await pauseClock(page);

    const form = main(page);
    await form.getByLabel('First name').fill(account.firstName);
    await form.getByLabel('Last name').fill(account.lastName);
    await form.getByLabel('Email', { exact: true }).fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    // The live checklist: three of four met until the confirmation matches.
    const checklist = form.getByRole('list', { name: 'Password requirements' });
    expect(await checklist.getByRole('listitem').allTextContents()).toEqual([
      'At least 8 characters (done)',
      'Contains a number (done)',
      'Contains a special character (done)',
      'Passwords match (not yet)',
    ]);
    await form.getByLabel('Confirm password').fill(account.password);
    expect(await checklist.getByText('Passwords match').textContent()).toBe('Passwords match (done)');
    await watchText(page, 'Account created successfully!');
    await form.getByRole('button', { name: 'Create account' }).click();

    await runClockUntilVisible(page, form.getByText('Account created successfully!'));
    // After 2 s: verify-email with the e-mail and the redirect.
    await expectLeftAfter(page, '/signup', 2_000);
    await page.clock.resume();
    const verify = await waitForPath(page, '/verify-email');
    expect(verify.searchParams.get('email')).toBe(account.email);
    expect(verify.searchParams.get('redirect')).toBe('/profile');
    await form.getByText('A verification email has already been sent to').waitFor();
    await form.getByLabel('Verification code').waitFor();

    const link = await mailLink(account.email, '/verify-email');
    expect(new URL(link, page.url()).searchParams.get('email')).toBe(account.email);
    // The confirmation is held until the page's clock is paused and the success text watched.
    const confirmation = await holdRequests(page, '**/api/auth/verify-email/confirm**');
    await page.goto(link);
    await confirmation.requested;
    await pauseClock(page);
    await watchText(page, 'Email verified successfully!');
    confirmation.release();

    await runClockUntilVisible(page, form.getByText('Email verified successfully!'));
    // The used token leaves the address bar (third-party scripts read it); the rest stays.
    const cleaned = await waitForNoToken(page, '/verify-email');
    expect(cleaned.searchParams.get('email')).toBe(account.email);
    // After 2 s: the target (the profile, which asks a signed-out visitor to sign in first).
    await expectLeftAfter(page, '/verify-email', 2_000);
    await page.clock.resume();
    // The mail's link names no redirect, so the target is the profile; signing in leads there.
    const signIn = await waitForPath(page, '/signin');
    expect(signIn.searchParams.get('redirect')).toBe('/profile');
    await submitSignIn(page, account);
    await waitForPath(page, '/profile');
    await expectProfileOf(page, account);

    // A new client has neither subscriptions nor purchases: each list says so and links to what there is.
    const emptyList = async (region: string, sentence: string, link: string) => {
      const text = main(page).getByRole('region', { name: region }).getByText(sentence);
      await text.waitFor();
      // getByText ignores case: the sentence itself, as written.
      expect(await text.textContent()).toContain(sentence);
      return text.getByRole('link', { name: link, exact: true }).getAttribute('href');
    };
    expect(
      await emptyList('My Subscriptions', 'You have no subscriptions yet.', 'Browse our bookkeeping packages'),
    ).toBe('/books');
    expect(await emptyList('Purchase History', 'You have not bought anything yet.', 'See our company services')).toBe(
      '/company',
    );
  });

  it('sends an unverified user from sign-in to verify, where the code of the mail verifies and continues', async () => {
    const page = await newPage(browser);
    const account = newAccount('code');
    await register(account);
    await page.goto('/signin?redirect=%2Fprofile%3Ftab%3Dx%23subscriptions');

    await submitSignIn(page, account);

    const verify = await waitForPath(page, '/verify-email');
    expect(verify.searchParams.get('email')).toBe(account.email);
    expect(verify.searchParams.get('redirect')).toBe('/profile?tab=x#subscriptions');
    const link = await mailLink(account.email, '/verify-email');
    const code = new URL(link, page.url()).searchParams.get('token') ?? '';
    await main(page).getByLabel('Verification code').fill(code);
    await main(page).getByRole('button', { name: 'Verify email' }).click();

    await main(page).getByText('Email verified successfully!').waitFor();
    const target = await waitForPath(page, '/profile');
    expect(target.search + target.hash).toBe('?tab=x#subscriptions');
    // The stored user is verified now and the new token works for the guarded calls.
    await expectProfileOf(page, account);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').is_verified)).toBe(true);
  });

  it('says an address is already verified and hides the forms', async () => {
    const page = await newPage(browser);

    await page.goto(`/verify-email?email=${encodeURIComponent(verified.email)}`);

    await main(page).getByText('This email is already verified.').waitFor();
    expect(await main(page).getByLabel('Verification code').count()).toBe(0);
    expect(await main(page).getByRole('button', { name: 'Resend verification email' }).count()).toBe(0);
  });

  it('verifies with the link of the mail written with the token in its hash (#token=...)', async () => {
    const page = await newPage(browser);
    const account = newAccount('hash');
    await register(account);
    const link = new URL(await mailLink(account.email, '/verify-email'), baseUrl());
    const token = link.searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    link.searchParams.delete('token');

    await page.goto(`${link.pathname}${link.search}#token=${encodeURIComponent(token)}`);

    await main(page).getByText('Email verified successfully!').waitFor();
    const cleaned = await waitForNoToken(page, '/verify-email');
    expect(cleaned.searchParams.get('email')).toBe(account.email);
    const status = await fetch(`${baseUrl()}/api/auth/verify-email/status?email=${encodeURIComponent(account.email)}`, {
      headers: { 'x-forwarded-for': clientAddress() },
    });
    expect(await status.json()).toMatchObject({ is_verified: true });
  });
});

describe("the account forms' own checks", () => {
  it('says in the page what is missing or wrong, and sends nothing', async () => {
    const page = await newPage(browser);
    const sent = callsSentBy(page);
    const form = main(page).locator('form');

    await page.goto('/signup');
    // The names are filled: only the e-mail and password checks are looked at here.
    await form.getByLabel('First name').fill('Ann');
    await form.getByLabel('Last name').fill('Lee');
    await expectRefusal(form, 'Create account', 'Email and password are required');
    await form.getByLabel('Email', { exact: true }).fill(uniqueEmail('checks'));
    await form.getByLabel('Password', { exact: true }).fill('Harbor-pass1');
    await form.getByLabel('Confirm password').fill('Harbor-pass2');
    await expectRefusal(form, 'Create account', 'Passwords do not match');
    await form.getByLabel('Password', { exact: true }).fill('harborpass');
    await form.getByLabel('Confirm password').fill('harborpass');
    await expectRefusal(form, 'Create account', 'Password does not meet all requirements');
    expect(sent).toEqual([]);

    await page.goto('/reset-password?token=e2e-checks');
    await expectRefusal(form, 'Reset password', 'Please enter both password and confirmation');
    await form.getByLabel('New password', { exact: true }).fill('Short-1');
    await form.getByLabel('Confirm new password').fill('Short-1');
    await expectRefusal(form, 'Reset password', 'Password must be at least 8 characters long');
    expect(sent).toEqual([]);

    // Without an e-mail in the address there is no status to check: the code form shows at once.
    await page.goto('/verify-email');
    await expectRefusal(
      form.filter({ has: page.getByLabel('Verification code') }),
      'Verify email',
      'Please enter the verification code',
    );
    expect(sent).toEqual([]);

    await page.goto('/forgot-password');
    await expectRefusal(form, 'Send reset link', 'Please enter your email address');
    expect(sent).toEqual([]);
  });
});

describe('sign in', () => {
  it('shows the spec message for a wrong password and stays on the page', async () => {
    const page = await newPage(browser);
    expectFailedResponses(page, { status: 401, path: '/api/auth/login' });
    await page.goto('/signin');

    await main(page).getByRole('button', { name: 'Sign in' }).click();
    expect(await main(page).getByRole('alert').textContent()).toBe('Please enter both email and password');

    await submitSignIn(page, { email: verified.email, password: 'Wrong-pass1' });

    const alert = main(page).getByRole('alert').getByText('Invalid email or password. Please check your credentials.');
    await alert.waitFor();
    expect(here(page).pathname).toBe('/signin');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('sends a guarded deep link through sign-in and back to it', async () => {
    const page = await newPage(browser);

    await page.goto('/profile?tab=x#subscriptions');

    const signIn = await waitForPath(page, '/signin');
    expect(signIn.searchParams.get('redirect')).toBe('/profile?tab=x#subscriptions');
    await submitSignIn(page, verified);
    const back = await waitForPath(page, '/profile');
    expect(back.search + back.hash).toBe('?tab=x#subscriptions');
    await expectProfileOf(page, verified);
    await main(page).locator('#subscriptions').waitFor();
  });

  it('sends a signed-in visitor of the sign-in or sign-up page on to the target, else to the profile', async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, verified);

    await page.goto('/signin?redirect=%2Fprofile%23purchase-history');

    const target = await waitForPath(page, '/profile');
    expect(target.hash).toBe('#purchase-history');

    await page.goto('/signup?redirect=%2Fsettings');
    await waitForPath(page, '/settings');
    await page.goto('/signup');
    await waitForPath(page, '/profile');
  });

  it('sends a signed-out visitor of each guarded page to sign in, with the way back', async () => {
    const page = await newPage(browser);
    for (const path of [
      '/admin',
      '/subscribe?package=x',
      '/subscription/x/invoices',
      '/subscription/x/payment',
      '/service-confirmation',
      '/filing-confirmation',
    ]) {
      await page.goto(path);
      const signIn = await waitForPath(page, '/signin');
      expect([path, signIn.searchParams.get('redirect')]).toEqual([path, path]);
    }
  });

  it('ends a session whose token is refused and offers to sign in again, back to the page', async () => {
    const page = await newPage(browser);
    // The profile page asks for the profile, the subscriptions and the purchases at once: each is refused.
    expectFailedResponses(
      page,
      { status: 401, path: '/api/profiles/me' },
      { status: 401, path: '/api/subscriptions/user' },
      { status: 401, path: '/api/profiles/purchase-history' },
    );
    await page.goto('/');
    await page.evaluate(() => {
      const user = { user_id: 'u-1', email: 'gone@example.com', first_name: 'Gone', is_verified: true };
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('token', 'not-a-valid-token');
    });

    await page.goto('/profile?tab=x');

    const signIn = await waitForPath(page, '/signin');
    expect(signIn.searchParams.get('session_expired')).toBe('true');
    expect(signIn.searchParams.get('redirect')).toBe('/profile?tab=x');
    await main(page).getByText('Your session has expired. Please sign in again.').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('token')])).toEqual([
      null,
      null,
    ]);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).count()).toBe(1);
  });
});

describe('password reset', () => {
  it('goes from forgot password to the mailed reset link, then signs in with the new password', async () => {
    const page = await newPage(browser);
    // The page's clock times the 3 s redirect (paused for it, then resumed).
    await page.clock.install();
    expectFailedResponses(page, { status: 400, path: '/api/auth/reset-password' });
    const account = newAccount('reset');
    await registerVerified(account);
    await page.goto('/signin');
    await main(page).getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');

    const since = new Date();
    await main(page).getByLabel('Email').fill(account.email);
    await main(page).getByRole('button', { name: 'Send reset link' }).click();
    await main(page).getByRole('heading', { name: 'Check your email' }).waitFor();

    const link = await mailLink(account.email, '/reset-password', { since });
    await page.goto(link);
    // The token leaves the address bar (third-party scripts read it) and stays with the page, a reload too.
    await waitForNoToken(page, '/reset-password');
    await page.reload();
    const newPassword = 'Changed-pass2';
    await main(page).getByLabel('New password', { exact: true }).fill(newPassword);
    await main(page).getByLabel('Confirm new password').fill(newPassword);
    await pauseClock(page);
    await watchText(page, 'Your password has been reset. Please sign in with your new password.');
    await main(page).getByRole('button', { name: 'Reset password' }).click();

    // After 3 s: sign in, with the success banner.
    await runClockUntilVisible(
      page,
      main(page).getByText('Your password has been reset. Please sign in with your new password.'),
    );
    await expectLeftAfter(page, '/reset-password', 3_000);
    await page.clock.resume();
    const signIn = await waitForPath(page, '/signin');
    expect(signIn.searchParams.get('password_reset')).toBe('true');
    await main(page).getByText('Your password has been reset. Please sign in with your new password.').waitFor();
    await submitSignIn(page, { email: account.email, password: newPassword });
    await waitForPath(page, '/profile');
    await expectProfileOf(page, account);

    // The link works once.
    await page.goto(link);
    await main(page).getByLabel('New password', { exact: true }).fill('Another-pass3');
    await main(page).getByLabel('Confirm new password').fill('Another-pass3');
    await main(page).getByRole('button', { name: 'Reset password' }).click();
    await main(page)
      .getByRole('alert')
      .getByText('Invalid or expired reset token. Please request a new password reset.')
      .waitFor();
  });

  it('says a reset link without a token is unusable', async () => {
    const page = await newPage(browser);

    await page.goto('/reset-password');

    await main(page).getByText('Invalid or missing reset token. Please request a new password reset.').waitFor();
    expect(await main(page).getByLabel('New password', { exact: true }).count()).toBe(0);
  });
});

describe('profile', () => {
  it('edits the personal information: Save updates the header initials, Cancel restores', async () => {
    const page = await newPage(browser);
    const account = verified;
    await signInWithStoredSession(page, account);
    await page.goto('/profile');
    await expectProfileOf(page, account);
    const avatar = page.getByRole('banner').getByRole('button', { name: /^Account menu/ });
    expect(await avatar.textContent()).toBe('AL');

    await main(page).getByRole('button', { name: 'Edit' }).click();
    const firstName = main(page).getByLabel('First name');
    expect(await firstName.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await main(page).getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await main(page).getByText('Email cannot be changed. Contact support for assistance.').waitFor();

    await firstName.fill('');
    await main(page).getByRole('button', { name: 'Save' }).click();
    await main(page).getByRole('alert').getByText('First name is required').waitFor();

    await firstName.fill('Zoe');
    await main(page).getByLabel('Company (optional)').fill('Acme Books');
    await main(page).getByRole('button', { name: 'Save' }).click();
    await main(page).getByText('Your profile has been updated.').waitFor();
    expect(await main(page).getByText('Zoe', { exact: true }).count()).toBe(1);
    await page.waitForFunction(
      () => document.querySelector('header button[aria-label^="Account menu"]')?.textContent === 'ZL',
    );
    expect(await avatar.getAttribute('aria-label')).toBe('Account menu for Zoe Lee, initials ZL');

    // Cancel drops the change.
    await main(page).getByRole('button', { name: 'Edit' }).click();
    await firstName.fill('Bob');
    await main(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await main(page).getByText('Zoe', { exact: true }).count()).toBe(1);
    expect(await main(page).getByText('Bob', { exact: true }).count()).toBe(0);
    expect(await avatar.textContent()).toBe('ZL');
    await main(page).getByRole('button', { name: 'Edit' }).click();
    expect(await firstName.inputValue()).toBe('Zoe');
    await main(page).getByRole('button', { name: 'Cancel' }).click();

    // The server kept the save.
    await page.reload();
    await expectProfileOf(page, account);
    await main(page).getByText('Acme Books', { exact: true }).waitFor();
    expect(await main(page).getByText('Zoe', { exact: true }).count()).toBe(1);
  });

  it('saves the names though the separate address update fails: that failure is only logged', async () => {
    const account = newAccount('address-fails');
    await registerVerified(account);
    const page = await newPage(browser);
    await signInWithStoredSession(page, account);
    // The phone and address go in a second PUT /profiles/me (spec part 2): that one fails.
    await page.route('**/api/profiles/me', (route) =>
      route.request().method() === 'PUT' && (route.request().postDataJSON() as { address?: unknown }).address
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Internal Server Error"}' })
        : route.fallback(),
    );
    expectFailedResponses(page, { status: 500, path: '/api/profiles/me' });
    const logged = expectConsoleError(page, /^Saving the address of the profile failed/);
    await page.goto('/profile');
    await expectProfileOf(page, account);
    await main(page).getByRole('button', { name: 'Edit' }).click();
    await main(page).getByLabel('First name').fill('Grace');
    await main(page).getByLabel('Address line 1').fill('1 Compiler Way');
    await main(page).getByLabel('City').fill('Arlington');
    await main(page).getByLabel('State / Province').fill('VA');
    await main(page).getByLabel('ZIP / Postal code').fill('22201');
    await main(page).getByRole('button', { name: 'Save' }).click();

    await main(page).getByText('Your profile has been updated.').waitFor();
    expect(await main(page).getByRole('alert').count()).toBe(0);
    expect(logged()).toBe(1);
    await page.unroute('**/api/profiles/me');
    await page.reload();
    await expectProfileOf(page, { ...account, firstName: 'Grace' });
    expect(await main(page).getByText('Grace', { exact: true }).count()).toBe(1);
    expect(
      await main(page)
        .getByText(/1 Compiler Way/)
        .count(),
    ).toBe(0);
  });

  it('keeps what was typed when a save meets the end of the session, and gives it back after signing in', async () => {
    const account = newAccount('draft');
    const page = await saveAfterTheSessionEnded(account);
    expect(await main(page).getByLabel('First name').inputValue()).toBe('Grace');
    expect(await main(page).getByLabel('Company (optional)').inputValue()).toBe('Hopper Ledgers');
    expect(await main(page).getByLabel('Address line 1').inputValue()).toBe('1 Compiler Way');
    expect(await main(page).getByLabel('ZIP / Postal code').inputValue()).toBe('22201');
    await main(page).getByRole('button', { name: 'Save' }).click();
    await main(page).getByText('Your profile has been updated.').waitFor();
    expect(await main(page).getByText('Hopper Ledgers', { exact: true }).count()).toBe(1);
    expect(
      await main(page)
        .getByText(/1 Compiler Way/)
        .count(),
    ).toBe(1);

    // Saved: nothing is given back any more, and nothing is kept in the tab.
    await page.reload();
    await expectProfileOf(page, { ...account, firstName: 'Grace' });
    expect(await main(page).getByRole('button', { name: 'Edit' }).count()).toBe(1);
    expect(await profileDrafts(page)).toEqual([]);
  });

  it('forgets what was typed for after signing in when the user signs out instead', async () => {
    const account = newAccount('draft-out');
    const page = await saveAfterTheSessionEnded(account);
    expect(await profileDrafts(page)).toHaveLength(1);
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: /^Account menu/ }).click();
    await banner.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign Out' }).click();
    await banner.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await profileDrafts(page)).toEqual([]);

    // Signing in again in the tab: the profile as saved, no form, nothing given back.
    await page.goto('/signin?redirect=%2Fprofile');
    await submitSignIn(page, account);
    await waitForPath(page, '/profile');
    await expectProfileOf(page, account);
    expect(await main(page).getByRole('button', { name: 'Edit' }).count()).toBe(1);
    expect(await main(page).getByLabel('First name').count()).toBe(0);
  });

  it('offers the account menu by keyboard and signs out', async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, verified, { ownSession: true });
    await page.goto('/profile');
    await expectProfileOf(page, verified);
    const banner = page.getByRole('banner');
    const button = banner.getByRole('button', { name: /^Account menu/ });

    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const menu = banner.getByRole('navigation', { name: 'Account' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'My Profile',
      'Dashboard',
      'Subscriptions',
      'Purchase History',
      'Settings',
    ]);
    expect(await menu.getByRole('link', { name: 'Subscriptions' }).getAttribute('href')).toBe('/profile#subscriptions');

    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('My Profile');
    await page.mouse.click(5, 400);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    const token = await page.evaluate(() => localStorage.getItem('token'));
    await button.click();
    const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(page, '/');
    await banner.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The token stopped working on the server too: whoever copied it can do nothing with it.
    expect((await loggedOut).status()).toBe(200);
    const profile = await fetch(`${baseUrl()}/api/profiles/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(401);
    // Back to the guarded page it signed out from: the guard sends to sign in, as for anyone signed out.
    await page.goBack();
    const back = await waitForPath(page, '/signin');
    expect(back.searchParams.get('redirect')).toBe('/profile');
  });

  // The home page is outside QueryScope: the frame forgets the cached queries at sign-out (and signing in
  // clears them again), so the next user sees only their own.
  it('after a sign-out on the home page, the next user to sign in sees their own profile', async () => {
    const next = newAccount('next', { firstName: 'Noa', lastName: 'Kim' });
    await registerVerified(next);
    const page = await newPage(browser);
    await signInWithStoredSession(page, verified, { ownSession: true });
    await page.goto('/profile');
    await expectProfileOf(page, verified);
    const banner = page.getByRole('banner');
    const accountMenu = banner.getByRole('navigation', { name: 'Account' });

    // Within the app, so that the profile read stays cached, to the home page, and sign out there.
    await banner.getByRole('link', { name: 'Harbor Tax & Accounting' }).click();
    await waitForPath(page, '/');
    await banner.getByRole('button', { name: /^Account menu/ }).click();
    await accountMenu.getByRole('button', { name: 'Sign Out' }).click();
    await banner.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/signin');
    await submitSignIn(page, next);
    await waitForPath(page, '/');
    await banner.getByRole('button', { name: /^Account menu/ }).click();
    await accountMenu.getByRole('link', { name: 'My Profile' }).click();

    await expectProfileOf(page, next);
    expect(await main(page).getByText(verified.email, { exact: true }).count()).toBe(0);
  });

  it('signs out everywhere from /settings: the sign-in page, and the old token refused', async () => {
    const account = newAccount('everywhere');
    await registerVerified(account);
    const page = await newPage(browser);
    await signInWithStoredSession(page, account);
    await page.goto('/settings');
    const token = await page.evaluate(() => localStorage.getItem('token'));

    await main(page).getByRole('button', { name: 'Sign out everywhere' }).click();

    const url = await waitForPath(page, '/signin');
    expect(url.searchParams.get('redirect')).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const profile = await fetch(`${baseUrl()}/api/profiles/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(401);
  });

  it('signs another session out from /settings: it leaves the list, its token is refused, this one goes on', async () => {
    const account = newAccount('one-session');
    await registerVerified(account);
    const other = await newApiToken(account);
    const page = await newPage(browser);
    await signInWithStoredSession(page, account);
    await page.goto('/settings');
    const signOutButtons = main(page).getByRole('button', { name: /^Sign out the session of/ });
    await signOutButtons.first().waitFor();
    // This browser's session is listed without one: the account menu signs it out.
    expect(await signOutButtons.count()).toBe(1);

    await signOutButtons.focus();
    await page.keyboard.press('Enter');

    // The row went with the focused button: the focus goes on to "Sign out everywhere", not the page body.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Sign out everywhere');
    await main(page).getByText('(this device)').waitFor();
    await page.waitForFunction(
      () =>
        !Array.from(document.querySelectorAll('main button')).some((b) => b.textContent?.startsWith('Sign out the')),
    );
    const profileWith = (token: string | null) =>
      fetch(`${baseUrl()}/api/profiles/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await profileWith(other)).status).toBe(401);
    expect((await profileWith(await page.evaluate(() => localStorage.getItem('token')))).status).toBe(200);
    await main(page).getByText('Signed out', { exact: true }).first().waitFor();
  });
});

// Every tab of a browser shares the stored session, and the API client sends the stored token whoever's
// page a tab shows: a tab follows what another did to it, without a call of its own.
describe('two tabs of one browser', () => {
  let second: Account;

  beforeAll(async () => {
    second = newAccount('second-tab', { firstName: 'Bo', lastName: 'Ray' });
    await registerVerified(second);
  });

  async function twoTabsOnTheProfile(): Promise<{ tabA: Page; tabB: Page }> {
    const tabA = await newPage(browser);
    await signInWithStoredSession(tabA, verified, { ownSession: true });
    const tabB = await tabA.context().newPage();
    for (const tab of [tabA, tabB]) {
      await tab.goto('/profile');
      await expectProfileOf(tab, verified);
      await waitForHydration(tab);
    }
    return { tabA, tabB };
  }

  it('signs a tab out when another signs out, and shows it the next user who signs in there', async () => {
    const { tabA, tabB } = await twoTabsOnTheProfile();
    const refused: string[] = [];
    tabB.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    const sentByB = callsSentBy(tabB);
    await main(tabB).getByRole('button', { name: 'Edit' }).click();

    await tabA
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu/ })
      .click();
    await tabA.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();

    // Tab B leaves the profile as a sign-out does (not as a refused call would: to sign in, "session expired").
    expect((await waitForPath(tabB, '/')).search).toBe('');
    await tabB.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await main(tabB).getByText(verified.email, { exact: true }).count()).toBe(0);
    expect(refused).toEqual([]);
    expect(sentByB).toEqual([]);

    await tabA.goto('/signin');
    await submitSignIn(tabA, second);
    await expectProfileOf(tabA, second);
    await tabB
      .getByRole('banner')
      .getByRole('button', { name: `Account menu for ${second.firstName} ${second.lastName}, initials BR` })
      .waitFor();
    expect(await tabB.getByText(verified.email).count()).toBe(0);
  });

  it("reloads a tab still showing a user's page when another user's session replaces theirs", async () => {
    const { tabA, tabB } = await twoTabsOnTheProfile();
    await main(tabB).getByRole('button', { name: 'Edit' }).click();
    const sentByB = callsSentBy(tabB);

    // Stored over the first user's session at once, as a sign-in that overtook its sign-out would.
    await signInWithStoredSession(tabA, second);

    await expectProfileOf(tabB, second);
    expect(await tabB.getByText(verified.email).count()).toBe(0);
    expect(await main(tabB).getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(sentByB).toEqual([]);
  });
});
