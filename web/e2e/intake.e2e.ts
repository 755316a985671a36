import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { sql } from '@portal/testing';
import { adminAccount, signInWithStoredSession, uniqueEmail } from './support/accounts';
import { launchBrowser, newPage, waitForHydration } from './support/browser';
import { expectClearedAfter5s, pauseClock, runClockUntilVisible, watchText } from './support/clock';
import { applyWithResume, offerPerk, PDF } from './support/intake';

// What visitors send the firm (careers, perks, deadline alerts) and the admin's inbox, in Chromium
// against the built app.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function main(page: Page): Locator {
  return page.getByRole('main');
}

/** Opens a page and waits until the app has taken it over: a prerendered page shows its buttons before they work. */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await main(page).getByRole('heading', { level: 1 }).waitFor();
  await waitForHydration(page);
}

describe('careers', () => {
  it('lists the positions and takes an application with a resume; the form clears, the message after 5 s', async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await open(page, '/careers');
    await pauseClock(page);
    const positions = main(page).getByRole('list').first().getByRole('heading', { level: 3 });
    expect(await positions.allInnerTexts()).toEqual([
      'CPA',
      'Accountant',
      'Accountant',
      'Customer Support Specialist',
      'Equity & Fund Administration Manager',
      'Enrolled Agent',
      'General Application',
    ]);
    await expect(main(page).getByText('PDF, Word, PowerPoint or TXT, up to 5 MB.').isVisible()).resolves.toBe(true);

    await watchText(page, 'Your application has been submitted successfully!');
    await applyWithResume(
      page,
      { name: 'Casey Applicant', email: uniqueEmail('apply'), file: 'casey-cv.pdf' },
      (status) => runClockUntilVisible(page, status),
    );
    const form = main(page).getByRole('form', { name: 'Job application' });
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Position').inputValue()).toBe('');
    expect(await form.getByLabel('Resume').inputValue()).toBe('');
    await expectClearedAfter5s(page);
  });

  it('says which file types it takes as soon as another is chosen', async () => {
    const page = await newPage(browser);
    await open(page, '/careers');
    const form = main(page).getByRole('form', { name: 'Job application' });
    await form
      .getByLabel('Resume')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('Please upload a valid file type (PDF, Word, PowerPoint, or TXT)');
    // The file is not kept.
    expect(await form.getByLabel('Resume').inputValue()).toBe('');
  });
});

describe('perks', () => {
  it('sends a provider offer and says it was received, for 5 s; links to /books', async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await open(page, '/perks');
    await pauseClock(page);
    expect(await main(page).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/books');
    const form = main(page).getByRole('form', { name: 'Perk provider' });
    await form.getByRole('button', { name: 'Submit Perk' }).click();
    expect(await form.getByRole('alert').innerText()).toBe('Please enter your company name');

    await watchText(page, 'Thank you! Your perk provider submission has been received.');
    await offerPerk(page, uniqueEmail('perk'), (status) => runClockUntilVisible(page, status));
    expect(await form.getByLabel('Company name').inputValue()).toBe('');
    await expectClearedAfter5s(page);
  });
});

describe('deadline alerts', () => {
  it('gates the sign-up on the captcha: disabled, wrong sum, right sum, a new captcha each time', async () => {
    const page = await newPage(browser);
    // Random numbers in a fixed cycle (1, 2, ..., 10): one captcha never repeats the one before.
    await page.addInitScript(() => {
      let next = 0;
      Math.random = () => {
        next = (next + 1) % 10;
        return next / 10 + 0.05;
      };
    });
    await open(page, '/free-tools/deadline-alerts');
    const form = main(page).getByRole('form', { name: 'Deadline alerts' });
    const subscribe = form.getByRole('button', { name: 'Subscribe' });
    const answer = form.getByRole('textbox', { name: /^What is \d+ \+ \d+\?$/ });
    const question = async () => {
      const text = (await form.getByText(/^What is \d+ \+ \d+\?$/).innerText()).trim();
      const [, a, b] = /^What is (\d+) \+ (\d+)\?$/.exec(text)!;
      return { text, sum: Number(a) + Number(b) };
    };

    expect(await subscribe.isDisabled()).toBe(true);
    await form.getByLabel('Business email').fill('founder@company.example');
    expect(await subscribe.isDisabled()).toBe(true);

    const first = await question();
    await answer.fill(String(first.sum + 1));
    expect(await subscribe.isDisabled()).toBe(false);
    await subscribe.click();
    expect(await form.getByRole('alert').innerText()).toBe('Please solve the math problem correctly');
    const second = await question();
    expect(second.text).not.toBe(first.text);
    expect(await answer.inputValue()).toBe('');
    expect(await subscribe.isDisabled()).toBe(true);

    const email = uniqueEmail('alerts');
    await form.getByLabel('Business email').fill(email);
    await answer.fill(String(second.sum));
    await subscribe.click();
    const success = form
      .getByRole('status')
      .filter({ hasText: "Thanks for subscribing! You'll receive deadline reminders soon." });
    await success.waitFor();
    const third = await question();
    expect(third.text).not.toBe(second.text);
    expect(await answer.inputValue()).toBe('');
    // Unavailable again, and still where the keyboard left it.
    expect(await subscribe.isDisabled()).toBe(true);
    expect(await subscribe.evaluate((button) => button === document.activeElement)).toBe(true);

    // Editing the e-mail clears the success.
    await form.getByLabel('Business email').fill(`x${email}`);
    await success.waitFor({ state: 'detached' });
  });
});

describe('the staff inbox', () => {
  it('an admin reads a job application in the inbox and downloads its resume', async () => {
    const visitor = await newPage(browser);
    const applicant = { name: 'Robin Resume', email: uniqueEmail('inbox'), file: 'robin-resume.pdf' };
    await open(visitor, '/careers');
    await applyWithResume(visitor, applicant);

    const admin = await newPage(browser);
    await signInWithStoredSession(admin, adminAccount());
    await admin.goto('/admin?tab=inbox');
    const panel = main(admin).getByRole('tabpanel', { name: 'Inbox' });
    await panel.getByLabel('Show').selectOption({ label: 'Job applications' });
    const item = panel.getByRole('article', { name: 'Job application from Robin Resume' });
    await item.waitFor();
    expect(await item.getByText('Accountant (Raleigh, NC)').isVisible()).toBe(true);
    expect(await item.getByText('Ten years in public accounting.').isVisible()).toBe(true);

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      item.getByRole('button', { name: /^Download resume \(robin-resume\.pdf, / }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('robin-resume.pdf');
    expect(await readFile((await download.path())!)).toEqual(PDF);

    await item.getByRole('button', { name: 'Mark as handled' }).click();
    await item.getByRole('button', { name: 'Mark as open' }).waitFor();
    expect(await item.getByText('Handled', { exact: true }).isVisible()).toBe(true);

    // Under the Handled filter, marking it open takes it off the list: the focus goes to the heading.
    await panel.getByLabel('State').selectOption({ label: 'Handled' });
    await item.getByRole('button', { name: 'Mark as open' }).focus();
    await admin.keyboard.press('Enter');
    await item.waitFor({ state: 'detached' });
    await admin.waitForFunction(() => document.activeElement?.textContent === 'Inbox');
    expect(await admin.evaluate(() => document.activeElement?.tagName)).toBe('H2');
  });

  it('an admin works through the open messages a page more at a time: none skipped, none shown twice', async () => {
    // 25 open contact messages, the newest in the inbox (written straight into it), a second apart.
    const run = Date.now();
    const names = Array.from({ length: 25 }, (_, index) => `Paged Visitor ${index + 1} of ${run}`);
    for (const [index, name] of names.entries()) {
      await sql(
        process.env.E2E_DATABASE_URL!,
        `INSERT INTO notifications.messages (name, email, message, type, created_at)
         VALUES ($1, $2, 'Please call me back.', 'contact_form', now() - $3 * interval '1 second')`,
        [name, uniqueEmail('paged'), index],
      );
    }
    const admin = await newPage(browser);
    await signInWithStoredSession(admin, adminAccount());
    await admin.goto('/admin?tab=inbox');
    const panel = main(admin).getByRole('tabpanel', { name: 'Inbox' });
    await panel.getByLabel('Show').selectOption({ label: 'Contact messages' });
    await panel.getByLabel('State').selectOption({ label: 'Open' });
    const item = (index: number) => panel.getByRole('article', { name: `Contact message from ${names[index]}` });
    await item(19).waitFor();
    expect(await item(20).count()).toBe(0);

    // The first two handled: they leave the list, and the page reads on from the last item shown.
    for (const index of [0, 1]) {
      await item(index).getByRole('button', { name: 'Mark as handled' }).click();
      await item(index).waitFor({ state: 'detached' });
    }
    await item(21).waitFor();
    const pages = panel.getByRole('navigation', { name: 'Inbox pages' });
    await pages.getByRole('button', { name: 'Load more' }).click();
    await item(24).waitFor();
    for (const [index, name] of names.entries()) {
      expect([name, await item(index).count()]).toEqual([name, index < 2 ? 0 : 1]);
    }
  });
});
