import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { newAccount, newApiToken, registerVerified, signInWithStoredSession, type Account } from './support/accounts';
import { baseUrl, launchBrowser, newPage, waitForHydration } from './support/browser';

// The site on a phone held upright (375 CSS px, the narrowest common width): nothing may be wider than
// the screen. A wide table scrolls inside its own container; the page itself never scrolls sideways.

const PHONE = { width: 375, height: 812 };

const PUBLIC_PAGES = [
  '/',
  '/books',
  '/company',
  '/filings',
  '/pricing',
  '/about',
  '/contact',
  '/careers',
  '/perks',
  '/free-tools/deadline-alerts',
  '/signin',
  '/signup',
];

let browser: Browser;
// One verified client for the whole file (each registration waits for its verification mail). A long name,
// as the profile menu shows it in full.
let client: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  client = newAccount('mobile', { firstName: 'Annabelle-Josephine', lastName: 'Worthington-Fitzgerald' });
  await registerVerified(client);
});

afterAll(async () => {
  await browser?.close();
});

/** How far the page scrolls sideways (0 when it fits the screen). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function api<T>(path: string, token: string, body?: unknown): Promise<T> {
  const method = body === undefined ? 'GET' : 'POST';
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function serviceIdOf(category: string, slug: string): Promise<string> {
  const services = (await (await fetch(`${baseUrl()}/api/services/by-category/${category}`)).json()) as Array<{
    id: string;
    slug: string;
  }>;
  return services.find((service) => service.slug === slug)!.id;
}

describe('the site at 375 px', () => {
  it('does not scroll sideways on the public pages', async () => {
    const page = await newPage(browser, { viewport: PHONE });
    const overflowing: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await waitForHydration(page);
      const overflow = await sidewaysScroll(page);
      if (overflow > 0) overflowing.push(`${path} (${overflow} px)`);
    }
    expect(overflowing).toEqual([]);
  });

  it('keeps the sessions and security events tables of /settings inside the screen', async () => {
    const page = await newPage(browser, { viewport: PHONE });
    await signInWithStoredSession(page, client);
    // Another device's session: its row has a Sign out button, the widest row of the sessions table.
    await newApiToken(client);
    await page.goto('/settings');
    const main = page.getByRole('main');
    await main
      .getByRole('button', { name: /^Sign out the session of/ })
      .first()
      .waitFor();
    await main.getByRole('cell', { name: 'Signed in' }).first().waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
  });

  it('keeps the invoices table inside the screen', async () => {
    const page = await newPage(browser, { viewport: PHONE });
    await signInWithStoredSession(page, client);
    const token = await newApiToken(client);
    const subscription = await api<{ id: string }>('/subscriptions/stripe', token, {
      package_id: await serviceIdOf('People', 'payroll-growth'),
      payment_method_id: 'pm_card_visa',
    });
    // The first invoice (paid at once, no trial) reaches the app by webhook; the page reads what it stored.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { invoices } = await api<{ invoices: unknown[] }>(`/subscriptions/${subscription.id}/invoices/`, token);
      if (invoices.length > 0) break;
      if (Date.now() > deadline) throw new Error('the first invoice did not arrive');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await page.goto(`/subscription/${subscription.id}/invoices`);
    await page.getByRole('main').getByRole('cell', { name: 'Paid' }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
  });

  it('shows the whole profile menu of a long name on the screen', async () => {
    const page = await newPage(browser, { viewport: PHONE });
    await signInWithStoredSession(page, client);
    await page.goto('/profile');
    await waitForHydration(page);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu for/ })
      .click();
    const panel = page.getByRole('navigation', { name: 'Account' });
    await panel.waitFor();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  });
});
