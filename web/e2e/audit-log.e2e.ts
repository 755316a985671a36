import type { Browser, Locator, Page } from 'playwright-core';
import { adminAccount, signInWithStoredSession } from './support/accounts';
import { launchBrowser, newPage } from './support/browser';

// An entry reaches the log through the outbox, the 'audit' queue and identity's worker: well inside this.
const ENTRY_TIMEOUT_MS = 20_000;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const main = (page: Page): Locator => page.getByRole('main');

/** The table's rows whose target is this one. */
const rowsOf = (page: Page, target: string): Locator => main(page).getByRole('row').filter({ hasText: target });

/** Refreshes the tab until a row of `target` is shown (its entry is written a moment after the change). */
async function waitForEntry(page: Page, target: string): Promise<Locator> {
  const deadline = Date.now() + ENTRY_TIMEOUT_MS;
  const refresh = main(page).getByRole('button', { name: 'Refresh' });
  while ((await rowsOf(page, target).count()) === 0) {
    if (Date.now() > deadline) throw new Error(`no audit log entry for ${target}`);
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/audit-log?')),
      refresh.click(),
    ]);
    await refresh.waitFor({ state: 'visible' });
    await main(page).locator('button:enabled', { hasText: 'Refresh' }).waitFor();
  }
  return rowsOf(page, target);
}

describe('audit log (admin panel)', () => {
  it('shows an invite code the admin just created, newest first, and filters by action', async () => {
    const admin = adminAccount();
    const page = await newPage(browser);
    await signInWithStoredSession(page, admin);
    await page.goto('/admin');
    await main(page).getByRole('heading', { level: 1, name: 'Admin' }).waitFor();

    // Create a code through the panel, as staff do; its id names the entry's target.
    await main(page).getByRole('button', { name: 'Create Invite Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Invite Code' });
    await dialog.getByLabel('Route').selectOption({ label: 'Onboard New Retail Client' });
    await dialog.getByLabel('Description (optional)').fill('Audited Co');
    const [created] = await Promise.all([
      page.waitForResponse(
        (response) => /\/api\/invite-codes\/?$/.test(response.url()) && response.request().method() === 'POST',
      ),
      dialog.getByRole('button', { name: 'Create', exact: true }).click(),
    ]);
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const target = `invite_code:${id}`;

    await main(page).getByRole('tab', { name: 'Audit log' }).click();
    await main(page).getByRole('heading', { level: 2, name: 'Audit log' }).waitFor();
    const [row] = await (await waitForEntry(page, target)).all();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      admin.email,
      'Invite code created',
      target,
      expect.stringMatching(/^[\d.:a-f]+$/),
      expect.any(String),
    ]);
    // Newest first: nothing the admin did since is above it, so it is among the first rows.
    const firstRows = await main(page).getByRole('row').allTextContents();
    expect(firstRows.slice(1, 6).some((text) => text.includes(target))).toBe(true);

    // Filter by another action: the entry is gone; by its own action: it is back, alone of its kind.
    const action = main(page).getByLabel('Action');
    await action.selectOption({ label: 'Queue cleaned' });
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('action=queue.cleaned')),
      main(page).getByRole('button', { name: 'Apply filters' }).click(),
    ]);
    await rowsOf(page, target).waitFor({ state: 'detached' });

    await action.selectOption({ label: 'Invite code created' });
    await main(page).getByLabel('Actor').fill(admin.email.toUpperCase());
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('action=invite_code.created')),
      main(page).getByRole('button', { name: 'Apply filters' }).click(),
    ]);
    await rowsOf(page, target).waitFor();
    const actions = await main(page).locator('tbody tr td:nth-child(3)').allTextContents();
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((text) => text === 'Invite code created')).toBe(true);
  });
});
