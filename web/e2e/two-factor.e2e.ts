import type { Browser, Page } from 'playwright-core';
import { nextTotpCode, sql } from '@portal/testing';
import { newAccount, registerVerified, submitSignIn, type Account } from './support/accounts';
import { expectFailedResponses, launchBrowser, newPage } from './support/browser';

const TIMEOUT_MS = 10_000;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const main = (page: Page) => page.getByRole('main');

async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: TIMEOUT_MS });
}

async function signInOnPage(page: Page, account: Account): Promise<void> {
  await page.goto('/signin');
  await submitSignIn(page, account);
}

/**
 * On /settings: set up, read the secret from the page, confirm with the password (a wrong one first) and a
 * code computed here; the recovery codes.
 */
async function enrolOnSettings(page: Page, account: Account): Promise<string> {
  const settings = main(page);
  await settings.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await settings.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await settings.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const form = settings.getByRole('form', { name: 'Set up two-factor authentication' });
  expectFailedResponses(page, { status: 400, path: '/api/auth/two-factor/enable' });
  await form.getByLabel('Password', { exact: true }).fill('Not-the-password1');
  await form.getByLabel('Authentication code').fill(await nextTotpCode(secret, account.email));
  await form.getByRole('button', { name: 'Turn on' }).click();
  await form.getByText('Incorrect password').waitFor();
  // The password is the field marked, not the code.
  expect(await form.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  expect(await form.getByLabel('Authentication code').getAttribute('aria-invalid')).not.toBe('true');
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Turn on' }).click();
  await settings.getByText('Two-factor authentication is on.').waitFor();
  expect(await settings.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
  // A browser that refuses the clipboard (permission denied, no HTTPS): the page says so, nothing is thrown.
  await page.evaluate(() => {
    Object.defineProperty(navigator.clipboard, 'writeText', {
      value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    });
  });
  await settings.getByRole('button', { name: 'Copy codes' }).click();
  await settings
    .getByRole('alert')
    .getByText('Could not copy. Select the codes and copy them by hand, or download them.')
    .waitFor();
  expect(await settings.getByRole('button', { name: 'Copy codes' }).count()).toBe(1);
  await settings.getByRole('button', { name: 'I have saved my codes' }).click();
  await settings.getByText(/Two-factor authentication is on since .*\. 10 recovery codes left\./).waitFor();
  return secret;
}

describe('two-factor sign-in', () => {
  it('enrols with the QR page, signs out, and signs in with a code from the authenticator', async () => {
    const account = newAccount('two-factor');
    await registerVerified(account);
    const page = await newPage(browser);
    await signInOnPage(page, account);
    await waitForPath(page, '/profile');

    await page.goto('/settings');
    await main(page).getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const secret = await enrolOnSettings(page, account);

    // Sign out from the account menu.
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(page, '/');

    // The password step now asks for a code; a wrong one is refused, the right one signs in.
    expectFailedResponses(page, { status: 401, path: '/api/auth/two-factor/verify' });
    await signInOnPage(page, account);
    const form = main(page);
    await form.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    await form.getByLabel('Authentication code').fill('000000');
    await form.getByRole('button', { name: 'Verify' }).click();
    await form.getByText('Invalid authentication code. Please try again.').waitFor();
    await form.getByLabel('Authentication code').fill(await nextTotpCode(secret, account.email));
    await form.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/profile');
    await form.getByText(account.email, { exact: true }).waitFor();
  });

  it('leads an admin without two-factor to set it up, and keeps them there until it is on', async () => {
    const account = newAccount('tf-admin');
    await registerVerified(account);
    // Promoted as `npm run admin -- promote` does.
    await sql(
      process.env.E2E_DATABASE_URL!,
      `UPDATE identity.users SET role = 'admin', user_type = 99 WHERE email = $1`,
      [account.email],
    );
    const page = await newPage(browser);
    await signInOnPage(page, account);
    await waitForPath(page, '/settings');
    expect(new URL(page.url()).hash).toBe('#two-factor');
    const settings = main(page);
    await settings.getByText('Two-factor authentication is required for admins. Set it up to continue.').waitFor();
    // Nothing else until it is on: the admin panel sends back here.
    await page.goto('/admin');
    await waitForPath(page, '/settings');

    await enrolOnSettings(page, account);
    await settings.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.goto('/admin');
    await main(page).getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
  });
});
