import { closeSync, openSync, ftruncateSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { sql } from '@portal/testing';
import {
  adminAccount,
  apiToken,
  newAccount,
  registerVerified,
  signInWithStoredSession,
  type Account,
} from './support/accounts';
import { baseUrl, expectFailedResponses, launchBrowser, newPage } from './support/browser';
import { uploadFile } from './support/documents';

const MB = 1024 * 1024;
const LIMIT = 209_715_200;
const TOO_LARGE = 'File size exceeds the 200MB limit. Please upload a smaller file.';

let browser: Browser;
let user: Account;
let scratch: string;

/** An admin's upload through the API, as the Forms Library's upload form sends it. */
async function publish(area: 'forms' | 'public', name: string, content: string, folder?: string): Promise<void> {
  await uploadFile(await apiToken(adminAccount()), `/files/${area}/`, { name, content, folder });
}

beforeAll(async () => {
  browser = await launchBrowser();
  user = newAccount('documents', { firstName: 'Dana', lastName: 'Reyes' });
  await registerVerified(user);
  scratch = mkdtempSync(join(tmpdir(), 'portal-e2e-files-'));
  await publish('forms', 'W-9 Request for TIN.pdf', 'W-9 form', 'Tax forms');
  await publish('public', 'rk-engagement-letter.pdf', 'engagement letter');
});

afterAll(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

function main(page: Page): Locator {
  return page.getByRole('main');
}

async function openDashboard(account: Account): Promise<Page> {
  const page = await newPage(browser, { acceptDownloads: true });
  await signInWithStoredSession(page, account);
  await page.goto('/dashboard');
  await main(page).getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return page;
}

/** Upload bandwidth of the page's network, so an upload lasts long enough to be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** A 4 MB upload to the vault at 256 KB/s: under way for long enough to act on it (cancel, close the tab). */
async function startSlowUpload(page: Page, name: string): Promise<void> {
  await throttleUploads(page, 256 * 1024);
  await vaultPanel(page)
    .getByLabel('Choose a file')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.alloc(4 * MB, 1) });
  await vaultPanel(page).getByRole('button', { name: 'Upload' }).click();
}

function vaultPanel(page: Page): Locator {
  return main(page).getByRole('tabpanel', { name: 'My Vault' });
}

function row(scope: Locator, name: string): Locator {
  return scope.getByRole('row').filter({ has: scope.page().getByRole('rowheader', { name, exact: false }) });
}

describe('the dashboard', () => {
  it('sends a signed-out visitor to sign in, and back to the dashboard after', async () => {
    const page = await newPage(browser);
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
  });

  it('uploads a file with a progress bar of the bytes sent, then lists it with a message', async () => {
    const page = await openDashboard(user);
    await expect(main(page).getByRole('tab', { name: 'My Vault' }).getAttribute('aria-selected')).resolves.toBe('true');
    await vaultPanel(page).getByText('Your vault is empty.', { exact: false }).waitFor();

    await throttleUploads(page, 1.5 * MB);
    await vaultPanel(page)
      .getByLabel('Choose a file')
      .setInputFiles({ name: 'W-2 2024.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(3 * MB, 7) });
    await vaultPanel(page).getByRole('button', { name: 'Upload' }).click();

    const progress = vaultPanel(page).getByRole('progressbar', { name: 'Uploading W-2 2024.pdf' });
    await progress.waitFor();
    expect(await progress.getAttribute('max')).toBe(String(3 * MB));
    await vaultPanel(page)
      .getByText(/^Sent .+ of 3 MB \(\d+%\)$/)
      .waitFor();
    // Still the file's size once the browser reports the bytes of the whole multipart body.
    expect(await progress.getAttribute('max')).toBe(String(3 * MB));
    await vaultPanel(page).getByRole('button', { name: 'Uploading…' }).waitFor();

    await main(page).getByText('"W-2 2024.pdf" was uploaded successfully.').waitFor({ timeout: 20_000 });
    await progress.waitFor({ state: 'detached' });
    const uploaded = row(vaultPanel(page), 'W-2 2024.pdf');
    await uploaded.waitFor();
    await expect(uploaded.getByRole('cell', { name: '3 MB' }).count()).resolves.toBe(1);
    // The uploader of the user's own file: their initials.
    await expect(uploaded.getByText('DR', { exact: true }).count()).resolves.toBe(1);

    // And it downloads as it was sent.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      uploaded.getByRole('button', { name: 'Download W-2 2024.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('W-2 2024.pdf');
    const path = await download.path();
    const { statSync } = await import('node:fs');
    expect(statSync(path).size).toBe(3 * MB);

    // A new attempt takes the message away: it would sit beside that attempt's error.
    await vaultPanel(page).getByRole('button', { name: 'Upload' }).click(); // no file chosen
    await vaultPanel(page).getByRole('alert').getByText('Choose a file to upload.').waitFor();
    await main(page).getByText('"W-2 2024.pdf" was uploaded successfully.').waitFor({ state: 'detached' });
  });

  it('cancels an upload under way, keeping nothing', async () => {
    const page = await openDashboard(user);
    await startSlowUpload(page, 'too-slow.pdf');
    await vaultPanel(page).getByRole('progressbar', { name: 'Uploading too-slow.pdf' }).waitFor();
    await vaultPanel(page).getByRole('button', { name: 'Cancel upload' }).click();
    await vaultPanel(page).getByText('The upload was cancelled. Nothing was saved.').waitFor();
    const files = await fetch(`${baseUrl()}/api/vault/files`, {
      headers: { authorization: `Bearer ${await apiToken(user)}` },
    }).then((response) => response.json() as Promise<{ files: Array<{ file_path: string }> }>);
    expect(files.files.map((file) => file.file_path)).not.toContain('too-slow.pdf');
  });

  it('goes on with an upload while another tab or the search is shown, and lists the file once done', async () => {
    const page = await openDashboard(user);
    // The upload's request is held until the tab has been changed and the search used.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let posted!: () => void;
    const uploadSent = new Promise<void>((resolve) => (posted = resolve));
    await page.route('**/api/vault/files', async (route) => {
      if (route.request().method() === 'POST') {
        posted();
        await released;
      }
      await route.fallback();
    });
    await vaultPanel(page)
      .getByLabel('Choose a file')
      .setInputFiles({ name: 'sent while away.pdf', mimeType: 'application/pdf', buffer: Buffer.from('away') });
    await vaultPanel(page).getByRole('button', { name: 'Upload' }).click();
    await uploadSent;

    await main(page).getByRole('tab', { name: 'Forms Library' }).click();
    await row(main(page).getByRole('tabpanel', { name: 'Forms Library' }), 'W-9 Request for TIN.pdf').waitFor();
    const search = main(page).getByRole('searchbox', { name: 'Search all files' });
    await search.fill('W-9');
    await row(main(page).getByRole('region', { name: 'Matching files' }), 'W-9 Request for TIN.pdf').waitFor();
    await search.fill('');
    await main(page).getByRole('tab', { name: 'My Vault' }).click();
    // Still under way, shown again in its panel.
    await vaultPanel(page).getByRole('progressbar', { name: 'Uploading sent while away.pdf' }).waitFor();

    release();
    await main(page).getByText('"sent while away.pdf" was uploaded successfully.').waitFor();
    await row(vaultPanel(page), 'sent while away.pdf').waitFor();
    await expect(vaultPanel(page).getByRole('progressbar').count()).resolves.toBe(0);
  });

  it('asks before the tab is closed while an upload is under way, and not once it is done', async () => {
    const page = await openDashboard(user);
    await startSlowUpload(page, 'closing.pdf');
    await vaultPanel(page).getByRole('progressbar', { name: 'Uploading closing.pdf' }).waitFor();
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    // Chromium asks only on a page the user has interacted with: the clicks above.
    const closedAnyway = page.waitForEvent('close').then(() => 'closed without asking');
    await page.close({ runBeforeUnload: true });
    expect(await Promise.race([asked, closedAnyway])).toBe('beforeunload');

    // Dismissed: the tab and its upload stay. Once it has ended, the tab closes without asking.
    await vaultPanel(page).getByRole('button', { name: 'Cancel upload' }).click();
    await vaultPanel(page).getByText('The upload was cancelled. Nothing was saved.').waitFor();
    const later: string[] = [];
    page.on('dialog', (dialog) => {
      later.push(dialog.type());
      void dialog.accept();
    });
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(later).toEqual([]);
  });

  it('asks before a link, Back or Sign Out leaves the page during an upload, and stays when told to', async () => {
    const page = await newPage(browser);
    await signInWithStoredSession(page, user);
    // Reached within the app, so that Back stays in it (a history move, not a page load).
    await page.goto('/contact');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard' }).click();
    await main(page).getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await startSlowUpload(page, 'leaving.pdf');
    const progress = vaultPanel(page).getByRole('progressbar', { name: 'Uploading leaving.pdf' });
    await progress.waitFor();

    const asked: string[] = [];
    const nextQuestion = (answer: 'accept' | 'dismiss') =>
      new Promise<string>((resolve) =>
        page.once('dialog', (dialog) => {
          asked.push(dialog.message());
          resolve(`${dialog.type()}: ${dialog.message()}`);
          void dialog[answer]();
        }),
      );
    const question = 'confirm: An upload is still under way. Leave this page and cancel it?';
    const aboutLink = page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true });

    // Settles the race only if the page is left first (a wait that times out later loses it quietly).
    const leftWithoutAsking = (left: Promise<unknown>) =>
      left.then(
        () => 'left without asking',
        () => new Promise<string>(() => undefined),
      );
    let answered = nextQuestion('dismiss');
    await aboutLink.click();
    expect(await Promise.race([answered, leftWithoutAsking(page.waitForURL('**/about'))])).toBe(question);
    answered = nextQuestion('dismiss');
    await page.evaluate(() => window.history.back());
    const dashboardGone = main(page)
      .getByRole('heading', { level: 1, name: 'Dashboard' })
      .waitFor({ state: 'detached' });
    expect(await Promise.race([answered, leftWithoutAsking(dashboardGone)])).toBe(question);
    // Sign Out, a button that leaves by the app's own navigation, asks too.
    await page.waitForURL((url) => url.pathname === '/dashboard');
    answered = nextQuestion('dismiss');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign Out' }).click();
    expect(await answered).toBe(question);
    // Declined three times: the page, its address, the session and the upload are still there, and it goes on.
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await main(page).getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await progress.waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

    answered = nextQuestion('accept');
    await aboutLink.click();
    expect(await answered).toBe(question);
    await page.waitForURL((url) => url.pathname === '/about');
    const files = await fetch(`${baseUrl()}/api/vault/files`, {
      headers: { authorization: `Bearer ${await apiToken(user)}` },
    }).then((response) => response.json() as Promise<{ files: Array<{ file_path: string }> }>);
    expect(files.files.map((file) => file.file_path)).not.toContain('leaving.pdf');

    // Once the page is gone, nothing asks any more.
    await page.evaluate(() => window.history.back());
    await main(page).getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
    expect(asked).toHaveLength(4);
  });

  it('keeps the keyboard focus in the upload form after cancelling an upload', async () => {
    const page = await openDashboard(user);
    await startSlowUpload(page, 'slow by keyboard.pdf');
    await vaultPanel(page).getByRole('button', { name: 'Cancel upload' }).focus();
    await page.keyboard.press('Enter');
    await vaultPanel(page).getByText('The upload was cancelled. Nothing was saved.').waitFor();
    // The Cancel upload button goes with the progress bar: the focus goes back to the file field, not the page.
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'file', undefined, {
      timeout: 10_000,
    });
  });

  it('refuses a file over 200 MB before sending a byte', async () => {
    const page = await openDashboard(user);
    const big = join(scratch, 'scan-archive.zip');
    const handle = openSync(big, 'w');
    ftruncateSync(handle, LIMIT + 1); // sparse: no 200 MB written to disk
    closeSync(handle);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/vault')) {
        uploads.push(request.url());
      }
    });

    await vaultPanel(page).getByLabel('Choose a file').setInputFiles(big);
    await vaultPanel(page).getByRole('alert').getByText(TOO_LARGE).waitFor();
    await vaultPanel(page).getByRole('button', { name: 'Upload' }).click();
    await vaultPanel(page).getByRole('alert').getByText(TOO_LARGE).waitFor();
    await expect(vaultPanel(page).getByRole('progressbar').count()).resolves.toBe(0);
    expect(uploads).toEqual([]);
  });

  it('refuses a program by its name before sending, and shows the server’s words for one under a document’s name', async () => {
    const page = await openDashboard(user);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/vault')) {
        uploads.push(request.url());
      }
    });
    const byName = 'Programs and scripts (.exe) cannot be uploaded. Please send documents, images or spreadsheets.';
    await vaultPanel(page)
      .getByLabel('Choose a file')
      .setInputFiles({ name: '2024 W-2 corrected.pdf.EXE', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await vaultPanel(page).getByRole('alert').getByText(byName).waitFor();
    await vaultPanel(page).getByRole('button', { name: 'Upload' }).click();
    await vaultPanel(page).getByRole('alert').getByText(byName).waitFor();
    expect(uploads).toEqual([]);

    // A Windows program named like an invoice goes out, and the server refuses it by its first bytes.
    expectFailedResponses(page, { status: 415, path: '/api/vault/files' });
    await vaultPanel(page)
      .getByLabel('Choose a file')
      .setInputFiles({
        name: 'invoice.pdf',
        mimeType: 'application/pdf',
        // "MZ", the PE header's offset (0x40) at 0x3c, and the PE header there.
        buffer: Buffer.concat([
          Buffer.from('MZ'),
          Buffer.alloc(0x3a),
          Buffer.from([0x40, 0, 0, 0]),
          Buffer.from('PE\0\0'),
        ]),
      });
    await vaultPanel(page).getByRole('button', { name: 'Upload' }).click();
    await vaultPanel(page)
      .getByRole('alert')
      .getByText(
        'This file is a program, whatever its name, and programs cannot be uploaded. Please send documents, images or spreadsheets.',
      )
      .waitFor();
    expect(uploads).toHaveLength(1);
    await expect(row(vaultPanel(page), 'invoice.pdf').count()).resolves.toBe(0);
  });

  it('searches all three lists at once, hiding the tabs while it has text', async () => {
    const page = await openDashboard(user);
    const search = main(page).getByRole('searchbox', { name: 'Search all files' });
    await search.fill('pdf');
    await main(page).getByRole('heading', { name: 'Search results' }).waitFor();
    await expect(main(page).getByRole('tablist').count()).resolves.toBe(0);
    const results = main(page).getByRole('region', { name: 'Matching files' });
    await row(results, 'W-9 Request for TIN.pdf').getByText('Forms Library').waitFor();
    await row(results, 'rk-engagement-letter.pdf').getByText('Public Files').waitFor();
    await row(results, 'W-2 2024.pdf').getByText('My Vault').waitFor();
    // The firm's own files show its logo as uploader.
    await row(results, 'rk-engagement-letter.pdf').getByRole('img', { name: 'Harbor Tax & Accounting' }).waitFor();

    await search.fill('w-9 tin');
    await main(page).getByText('1 file matches “w-9 tin”.').waitFor();
    await search.fill('no such file');
    await main(page).getByText('No files match “no such file”.').waitFor();

    await search.fill('  ');
    await main(page).getByRole('tablist', { name: 'Document lists' }).waitFor();
  });

  it('deletes a file only after the confirmation', async () => {
    const page = await openDashboard(user);
    await vaultPanel(page)
      .getByLabel('Choose a file')
      .setInputFiles({ name: 'old statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('old') });
    await vaultPanel(page).getByRole('button', { name: 'Upload' }).click();
    await main(page).getByText('"old statement.pdf" was uploaded successfully.').waitFor();

    await vaultPanel(page).getByRole('button', { name: 'Delete old statement.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete file' });
    await dialog.getByText('Are you sure you want to delete "old statement.pdf"?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(vaultPanel(page), 'old statement.pdf').waitFor();

    await vaultPanel(page).getByRole('button', { name: 'Delete old statement.pdf' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await main(page).getByText('"old statement.pdf" was deleted successfully.').waitFor();
    await row(vaultPanel(page), 'old statement.pdf').waitFor({ state: 'detached' });
  });

  it('sends one delete for a double click on the confirmation', async () => {
    await uploadFile(await apiToken(user), '/vault/files', { name: 'double click.pdf', content: 'twice' });
    const page = await openDashboard(user);
    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(new URL(request.url()).pathname);
    });

    await vaultPanel(page).getByRole('button', { name: 'Delete double click.pdf' }).click();
    // Two clicks in one task, before React renders the busy button: as a fast double click reaches it.
    await page
      .getByRole('dialog', { name: 'Delete file' })
      .getByRole('button', { name: 'Delete', exact: true })
      .evaluate((button: HTMLElement) => {
        button.click();
        button.click();
      });
    await main(page).getByText('"double click.pdf" was deleted successfully.').waitFor();
    await row(vaultPanel(page), 'double click.pdf').waitFor({ state: 'detached' });
    expect(deletes).toHaveLength(1);
  });

  it('keeps the keyboard focus in the list after a delete removes the row it was on', async () => {
    const page = await openDashboard(user);
    await vaultPanel(page)
      .getByLabel('Choose a file')
      .setInputFiles({ name: 'draft memo.txt', mimeType: 'text/plain', buffer: Buffer.from('memo') });
    await vaultPanel(page).getByRole('button', { name: 'Upload' }).click();
    await main(page).getByText('"draft memo.txt" was uploaded successfully.').waitFor();

    await vaultPanel(page).getByRole('button', { name: 'Delete draft memo.txt' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete file' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
    await page.keyboard.press('Enter');
    await main(page).getByText('"draft memo.txt" was deleted successfully.').waitFor();
    await row(vaultPanel(page), 'draft memo.txt').waitFor({ state: 'detached' });
    // Not dropped to the top of the page with the row's Delete button: still in the vault's panel.
    await page.waitForFunction(
      () =>
        document.activeElement !== document.body &&
        document.activeElement?.closest('[role="tabpanel"]')?.textContent?.includes('My Vault') === true,
      undefined,
      { timeout: 10_000 },
    );
  });

  it('shows upload with a folder and delete on the libraries to admins only', async () => {
    const client = await openDashboard(user);
    await main(client).getByRole('tab', { name: 'Forms Library' }).click();
    const clientForms = main(client).getByRole('tabpanel', { name: 'Forms Library' });
    await row(clientForms, 'W-9 Request for TIN.pdf').waitFor();
    await expect(clientForms.getByLabel('Choose a file').count()).resolves.toBe(0);
    await expect(clientForms.getByRole('button', { name: /^Delete / }).count()).resolves.toBe(0);
    await main(client).getByRole('tab', { name: 'Public Files' }).click();
    const clientPublic = main(client).getByRole('tabpanel', { name: 'Public Files' });
    await row(clientPublic, 'rk-engagement-letter.pdf').waitFor();
    await expect(clientPublic.getByLabel('Folder (optional)').count()).resolves.toBe(0);
    await expect(clientPublic.getByRole('button', { name: /^Delete / }).count()).resolves.toBe(0);

    const admin = await openDashboard(adminAccount());
    await main(admin).getByRole('tab', { name: 'Forms Library' }).click();
    const forms = main(admin).getByRole('tabpanel', { name: 'Forms Library' });
    await forms.getByLabel('Folder (optional)').fill('Payroll/2025');
    await forms
      .getByLabel('Choose a file')
      .setInputFiles({ name: 'W-4 Employee Withholding.pdf', mimeType: 'application/pdf', buffer: Buffer.from('w4') });
    await forms.getByRole('button', { name: 'Upload' }).click();
    await main(admin).getByText('"W-4 Employee Withholding.pdf" was uploaded successfully.').waitFor();
    const added = row(forms, 'W-4 Employee Withholding.pdf');
    await added.getByText('Payroll/2025').waitFor();

    // The same name in the same folder replaces that file: the form asks first, and Cancel sends nothing.
    const again = async () => {
      await forms.getByLabel('Folder (optional)').fill(' Payroll / 2025 ');
      await forms.getByLabel('Choose a file').setInputFiles({
        name: 'W-4 Employee Withholding.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('w4, revised'),
      });
      await forms.getByRole('button', { name: 'Upload' }).click();
      return admin.getByRole('dialog', { name: 'Replace file' });
    };
    let replace = await again();
    await replace
      .getByText(
        '"W-4 Employee Withholding.pdf" is already in the folder "Payroll/2025". Uploading it replaces that file for everyone.',
      )
      .waitFor();
    await replace.getByRole('button', { name: 'Cancel' }).click();
    await replace.waitFor({ state: 'detached' });
    expect(await added.getByText('2 Bytes').isVisible()).toBe(true);
    replace = await again();
    await replace.getByRole('button', { name: 'Replace' }).click();
    await main(admin).getByText('"W-4 Employee Withholding.pdf" was uploaded successfully.').waitFor();
    await added.getByText('11 Bytes').waitFor();

    await added.getByRole('button', { name: 'Delete W-4 Employee Withholding.pdf' }).click();
    await admin
      .getByRole('dialog', { name: 'Delete file' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await main(admin).getByText('"W-4 Employee Withholding.pdf" was deleted successfully.').waitFor();
    await added.waitFor({ state: 'detached' });
  });

  it('takes a library file deleted meanwhile (by another admin) off the list, rather than failing forever', async () => {
    await publish('public', 'stale notice.pdf', 'stale');
    const admin = await openDashboard(adminAccount());
    expectFailedResponses(admin, { status: 404, path: '/api/files/public/stale%20notice.pdf/' });
    await main(admin).getByRole('tab', { name: 'Public Files' }).click();
    const files = main(admin).getByRole('tabpanel', { name: 'Public Files' });
    const stale = row(files, 'stale notice.pdf');
    await stale.waitFor();

    // Another admin, elsewhere, deletes it first.
    const gone = await fetch(`${baseUrl()}/api/files/public/stale%20notice.pdf/`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await apiToken(adminAccount())}` },
    });
    expect(gone.status).toBe(200);

    await stale.getByRole('button', { name: 'Delete stale notice.pdf' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete file' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await main(admin).getByText('"stale notice.pdf" had already been deleted.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await stale.waitFor({ state: 'detached' });
  });

  it("lets an admin open a client's vault from the admin panel, read-only, and records it", async () => {
    const page = await newPage(browser, { acceptDownloads: true });
    await signInWithStoredSession(page, adminAccount());
    await page.goto('/admin');
    await main(page).getByRole('tab', { name: 'Client Documents' }).click();
    await main(page)
      .getByRole('link', { name: `View documents of ${user.email}` })
      .click();
    await main(page)
      .getByRole('heading', { level: 1, name: `Documents of ${user.email}` })
      .waitFor();

    const files = main(page).getByRole('region', { name: `Files of ${user.email}` });
    await row(files, 'W-2 2024.pdf').waitFor();
    await expect(files.getByRole('button', { name: /^Delete / }).count()).resolves.toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: 'Download W-2 2024.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('W-2 2024.pdf');

    const log = main(page).getByRole('region', { name: 'Access log of this client' });
    await log.getByText('Downloaded “W-2 2024.pdf”').waitFor();
    await log.getByText('Viewed the list of files').first().waitFor();
    await log.getByText(adminAccount().email).first().waitFor();

    // A longer log, a page more at a time: 25 older looks (written straight into the log) under the
    // ones above. A download between two pages joins the top; it never pushes a row onto the next page.
    const [{ owner_id: ownerId }] = await sql<{ owner_id: string }>(
      process.env.E2E_DATABASE_URL!,
      `INSERT INTO documents.vault_access_log (admin_id, admin_email, owner_id, owner_email, action, accessed_at)
       SELECT admin_id, admin_email, owner_id, owner_email, 'list', timestamptz '2001-01-01' + g * interval '1 minute'
         FROM (SELECT * FROM documents.vault_access_log
                WHERE owner_email = $1 AND action = 'list' LIMIT 1) look, generate_series(1, 25) g
       RETURNING owner_id`,
      [user.email],
    );
    const entries = async () =>
      (
        await sql<{ count: number }>(
          process.env.E2E_DATABASE_URL!,
          `SELECT count(*)::int AS count FROM documents.vault_access_log WHERE owner_id = $1`,
          [ownerId],
        )
      )[0].count;
    await page.reload();
    // The list shown is recorded before it is answered: counted after it, the count includes that look.
    await files.getByRole('button', { name: 'Download W-2 2024.pdf' }).waitFor();
    const pages = main(page).getByRole('navigation', { name: 'Access log of this client pages' });
    await pages.getByText(`Showing 20 of ${await entries()}`).waitFor();
    await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: 'Download W-2 2024.pdf' }).click(),
    ]);
    await pages.getByText(`Showing 20 of ${await entries()}`).waitFor();
    await pages.getByRole('button', { name: 'Load more' }).click();
    const all = await entries();
    await pages.getByText(`Showing ${all} of ${all}`).waitFor();
    expect(await log.locator('tbody tr').count()).toBe(all);
    expect(await pages.getByRole('button', { name: 'Load more' }).getAttribute('aria-disabled')).toBe('true');
  });
});
