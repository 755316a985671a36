import type { Browser, Page } from 'playwright-core';
import { adminAccount, newAccount, registerVerified, signInWithStoredSession } from './support/accounts';
import { expectFailedResponses, launchBrowser, newPage } from './support/browser';

// The board's page links a web font from Google; its CSP (ours only) refuses it, and the UI falls back.
const REFUSED_WEB_FONT = /^Loading the stylesheet 'https:\/\/fonts\.googleapis\.com\/[^']*' violates [^]*"style-src /;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Console errors and uncaught errors of a page not opened by newPage (the tab the board opens in). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !REFUSED_WEB_FONT.test(message.text())) problems.push(message.text());
  });
  return problems;
}

describe('queue dashboard', () => {
  it('an admin opens Bull Board from the admin panel in a new tab; it works under its CSP', async () => {
    const admin = await newPage(browser);
    await signInWithStoredSession(admin, adminAccount());
    await admin.goto('/admin');
    const main = admin.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();

    const [board] = await Promise.all([
      admin.context().waitForEvent('page'),
      main.getByRole('button', { name: 'Queues' }).click(),
    ]);
    const problems = problemsOf(board);
    await board.waitForLoadState('domcontentloaded');
    expect(new URL(board.url()).pathname).toBe('/queues/');
    for (const queue of ['mail', 'stripe-events', 'deadline-alerts']) {
      await board.getByRole('link', { name: queue, exact: true }).first().waitFor();
    }
    await main.getByText('The queue dashboard opened in a new tab.').waitFor();

    // A queue's page: its job states, and jobs loaded through the board's API.
    await board.getByRole('link', { name: 'mail', exact: true }).first().click();
    await board.waitForURL(/\/queues\/queue\/mail/);
    await board
      .getByText(/failed/i)
      .first()
      .waitFor();
    if (process.env.E2E_SCREENSHOT) await board.screenshot({ path: process.env.E2E_SCREENSHOT, fullPage: true });
    expect(problems).toEqual([]);
  });

  it('a client who is not an admin gets nothing of the board', async () => {
    const client = newAccount('queues');
    await registerVerified(client);
    const page = await newPage(browser);
    await signInWithStoredSession(page, client);
    expectFailedResponses(page, { status: 401, path: '/queues/' });
    const response = await page.goto('/queues/');
    expect(response?.status()).toBe(401);
    expect(JSON.parse(await page.locator('body').innerText())).toEqual({
      detail: 'Open the queue dashboard from the admin panel: this dashboard session is missing or has expired',
    });
  });
});
