import type { Browser, Locator, Page } from 'playwright-core';
import { ANSWER_LIMITS } from '@portal/contracts';
import { sql } from '@portal/testing';
import {
  adminAccount,
  mailLink,
  newAccount,
  registerVerified,
  signInWithStoredSession,
  uniqueEmail,
} from './support/accounts';
import {
  callsSentBy,
  descriptionOf,
  expectFailedResponses,
  holdRequests,
  launchBrowser,
  newPage,
} from './support/browser';

// The e-mail modal closes itself 2 s after a send: well inside this.
const CLOSE_TIMEOUT_MS = 10_000;
const CODE_FORMAT = /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/;

const BOOKKEEPING = 'Bookkeeping Client Onboarding Questionnaire';
const NONPROFIT = 'Non-Profit LLC Formation Questionnaire';
const Q = {
  softwareUse: 'Do you currently use accounting software?',
  softwareName: 'Which accounting software do you use?',
  addTeam: 'Can you add our team as users of your accounting software?',
  setup: 'Would you like us to set up your books on our system?',
  payroll: 'Do you use a payroll provider?',
  payrollName: 'Which payroll provider do you use?',
};

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

async function openAdmin(): Promise<Page> {
  const page = await newPage(browser);
  await signInWithStoredSession(page, adminAccount());
  await page.goto('/admin');
  await main(page).getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
  return page;
}

/** Creates a code through the create modal and returns it, read from its row (found by its description). */
async function createCode(
  admin: Page,
  routeLabel: string,
  description: string,
): Promise<{ code: string; row: Locator }> {
  await main(admin).getByRole('button', { name: 'Create Invite Code' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Create Invite Code' });
  await dialog.getByLabel('Route').selectOption({ label: routeLabel });
  await dialog.getByLabel('Description (optional)').fill(description);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = main(admin).getByRole('row').filter({ hasText: description });
  const code = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
  expect(code).toMatch(CODE_FORMAT);
  await main(admin).getByText(`Invite code ${code} created for ${routeLabel}.`).waitFor();
  return { code, row };
}

function question(form: Locator, name: string): Locator {
  return form.getByRole('radiogroup', { name, exact: true });
}

async function answer(form: Locator, name: string, option: string): Promise<void> {
  await question(form, name).getByRole('radio', { name: option, exact: true }).check();
}

/** Which of the conditional questions the form shows now. */
async function conditionalQuestions(form: Locator): Promise<string[]> {
  const shown: string[] = [];
  for (const name of [Q.softwareName, Q.addTeam, Q.setup, Q.payrollName]) {
    const count = (await form.getByLabel(name, { exact: true }).count()) + (await question(form, name).count());
    if (count > 0) shown.push(name);
  }
  return shown;
}

describe('invite codes and the bookkeeping questionnaire', () => {
  it('an admin creates and e-mails a code; the visitor of the mailed link answers once, and only once', async () => {
    const admin = await openAdmin();
    expect(await main(admin).getByRole('tab').allTextContents()).toEqual([
      'Manage Invite-codes',
      'Submitted Questionnaires',
      'Inbox',
      'Client Documents',
      'Audit log',
      'Other Settings',
    ]);
    // 'Other Settings' holds only a placeholder so far.
    await main(admin).getByRole('tab', { name: 'Other Settings' }).click();
    expect(await main(admin).getByRole('tabpanel', { name: 'Other Settings' }).textContent()).toBe(
      'Other settings will appear here.',
    );
    await main(admin).getByRole('tab', { name: 'Manage Invite-codes' }).click();

    // The create modal: 48 hours unless changed; hours and route are both required.
    await main(admin).getByRole('button', { name: 'Create Invite Code' }).click();
    const create = admin.getByRole('dialog', { name: 'Create Invite Code' });
    expect(await create.getByLabel('Expiration (Hours)').inputValue()).toBe('48');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    expect(await create.getByRole('alert').textContent()).toBe('Expiration (Hours) and Route are required.');
    // A stray click on the backdrop keeps the form; Escape closes it.
    await admin.mouse.click(5, 5);
    await create.getByLabel('Description (optional)').fill('kept');
    expect(await create.getByLabel('Description (optional)').inputValue()).toBe('kept');
    await admin.keyboard.press('Escape');
    await create.waitFor({ state: 'hidden' });

    const description = `e2e bookkeeping ${Date.now()}`;
    const { code, row } = await createCode(admin, 'Onboard New Retail Client', description);
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Onboard New Retail Client', description, 'Active']),
    );

    // View: everything the panel knows of the code, with the link its mail carries.
    const cells = await row.getByRole('cell').allTextContents();
    await row.getByRole('button', { name: `View ${code}` }).click();
    const view = admin.getByRole('dialog', { name: 'Invite Code Details' });
    expect(await view.locator('dt').allTextContents()).toEqual([
      'Invite code',
      'Status',
      'Route',
      'Link',
      'Description',
      'Expires',
      'Created',
      'Used',
      'Last sent to',
      'Last sent',
      'Times sent',
    ]);
    expect(await view.locator('dd').allTextContents()).toEqual([
      code,
      'Active',
      'Onboard New Retail Client (/new-client)',
      `${new URL(admin.url()).origin}/new-client?code=${code}`,
      description,
      cells[2],
      expect.stringMatching(/\d/),
      'Not yet',
      '—',
      '—',
      '0',
    ]);
    // Its own Close button, below the details (the title bar has another).
    await view.getByRole('button', { name: 'Close' }).last().click();
    await view.waitFor({ state: 'hidden' });

    // The inline edit's Cancel drops every change: nothing is sent, the row is as it was, and the form
    // opens again with the saved values.
    const sent = callsSentBy(admin);
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    const edit = main(admin).getByRole('form', { name: `Edit invite code ${code}` });
    const saved = () =>
      Promise.all(['Expires', 'Route', 'Description (optional)'].map((label) => edit.getByLabel(label).inputValue()));
    const before = await saved();
    expect(before.slice(1)).toEqual(['/new-client', description]);
    await edit.getByLabel('Expires').fill('2099-01-01T09:00');
    await edit.getByLabel('Route').selectOption({ label: 'Onboard new Non-Profit LLC Formation Client' });
    await edit.getByLabel('Description (optional)').fill(`${description} changed`);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(await row.getByRole('cell').allTextContents()).toEqual(cells);
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    expect(await saved()).toEqual(before);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(sent).toEqual([]);

    // The e-mail modal: a recipient is required; a send closes it 2 s later.
    await row.getByRole('button', { name: `Email ${code}` }).click();
    const send = admin.getByRole('dialog', { name: 'Send Invite Code via Email' });
    await send.getByRole('button', { name: 'Send Email' }).click();
    expect(await send.getByRole('alert').textContent()).toBe('Recipient email is required.');
    const recipient = uniqueEmail('invitee');
    await send.getByLabel('Recipient email').fill(recipient);
    await send.getByRole('button', { name: 'Send Email' }).click();
    await send.getByText(`Invite code sent to ${recipient}.`).waitFor();
    // The message replaced the form and its focused button: the focus stays in the dialog.
    expect(await admin.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await send.waitFor({ state: 'hidden', timeout: CLOSE_TIMEOUT_MS });
    await row.getByText(recipient).waitFor();

    // The visitor opens the mail's link: no sign-in, the code is the key.
    const link = await mailLink(recipient, '/new-client');
    expect(link).toBe(`/new-client?code=${code}`);
    const visitor = await newPage(browser);
    await visitor.goto(link);
    const form = main(visitor).getByRole('form', { name: BOOKKEEPING });
    await main(visitor).getByRole('heading', { level: 1, name: BOOKKEEPING }).waitFor();

    // Typing stops at the server's limit for each answer (the number the server checks, from the contracts).
    expect(await form.getByLabel('Company name').getAttribute('maxlength')).toBe(String(ANSWER_LIMITS.company_name));
    expect(await form.getByLabel('How many business bank accounts do you have?').getAttribute('maxlength')).toBe(
      String(ANSWER_LIMITS.bank_accounts_count),
    );
    expect(await form.getByLabel('Which email address should we send your reports to?').getAttribute('maxlength')).toBe(
      String(ANSWER_LIMITS.report_email),
    );

    // Conditional questions appear and disappear with the answers they follow from.
    expect(await conditionalQuestions(form)).toEqual([]);
    await answer(form, Q.softwareUse, 'Yes');
    expect(await conditionalQuestions(form)).toEqual([Q.softwareName, Q.addTeam]);
    await form.getByLabel(Q.softwareName).fill('Xero');
    await answer(form, Q.softwareUse, 'No');
    expect(await conditionalQuestions(form)).toEqual([Q.setup]);

    await answer(form, Q.payroll, 'Yes');
    expect(await conditionalQuestions(form)).toEqual([Q.setup, Q.payrollName]);
    await form.getByLabel(Q.payrollName).fill('Gusto');
    await answer(form, Q.payroll, 'Will need one');
    expect(await conditionalQuestions(form)).toEqual([Q.setup]);
    // Any answer but Yes cleared the name: it comes back empty.
    await answer(form, Q.payroll, 'Yes');
    expect(await form.getByLabel(Q.payrollName).inputValue()).toBe('');

    // Required questions are checked before any call.
    await form.getByRole('button', { name: 'Submit' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('Company name is required');

    await form.getByLabel('Company name').fill('Acme LLC');
    await answer(form, Q.setup, 'Need more info');
    await form.getByLabel('How many business bank accounts do you have?').fill('3');
    await answer(form, 'How often would you like to receive financial reports?', 'Quarterly');
    await form.getByLabel(Q.payrollName).fill('Gusto');
    await answer(form, 'Would you like help with invoicing your customers?', 'Maybe later');
    await form.getByLabel('Which email address should we send your reports to?').fill('owner@acme.example');

    // A reload (or a tab restored) keeps every answer, the follow-up questions they open included.
    await visitor.reload();
    await form.waitFor();
    expect(await form.getByLabel('Company name').inputValue()).toBe('Acme LLC');
    expect(await conditionalQuestions(form)).toEqual([Q.setup, Q.payrollName]);
    expect(await question(form, Q.setup).getByRole('radio', { name: 'Need more info' }).isChecked()).toBe(true);
    expect(await form.getByLabel(Q.payrollName).inputValue()).toBe('Gusto');
    expect(await form.getByLabel('Which email address should we send your reports to?').inputValue()).toBe(
      'owner@acme.example',
    );

    // While the submit runs, the button reads 'Submitting...' and a second submit is ignored.
    const submits: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await visitor.route('**/api/invite-codes/*/submit-onboarding', async (route) => {
      submits.push(route.request().postData() ?? '');
      await held;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Submit' }).focus();
    await visitor.keyboard.press('Enter');
    const busy = form.getByRole('button', { name: 'Submitting...' });
    await busy.waitFor();
    // Marked disabled for assistive technology, yet still focusable: the focus stays on it, not the page body.
    expect(await busy.getAttribute('aria-disabled')).toBe('true');
    expect(await busy.isDisabled()).toBe(true);
    expect(await busy.evaluate((button) => button === document.activeElement)).toBe(true);
    // Pressing it again, clicking it, Enter in a field or a script's submit send nothing more.
    await visitor.keyboard.press('Enter');
    await visitor.keyboard.press('Space');
    await busy.click({ force: true });
    await form.getByLabel('Company name').press('Enter');
    await form.evaluate((element) => (element as HTMLFormElement).requestSubmit());
    release();

    await main(visitor)
      .getByText('Onboarding information submitted successfully! Thank you for providing your details.')
      .waitFor();
    await main(visitor)
      .getByText('Our team will review your information and contact you shortly to discuss next steps.')
      .waitFor();
    expect(submits).toHaveLength(1);
    // Submitted answers are not kept in the browser.
    expect(await visitor.evaluate(() => window.sessionStorage.length)).toBe(0);
    // The hidden questions went as "", never with what was typed into them before.
    expect(JSON.parse(submits[0])).toEqual({
      company_name: 'Acme LLC',
      accounting_software_use: 'No',
      accounting_software_name: '',
      add_team_to_software: '',
      setup_on_our_system: 'Need more info',
      bank_accounts_count: '3',
      report_frequency: 'Quarterly',
      payroll_provider: 'Yes',
      payroll_provider_name: 'Gusto',
      invoicing_help: 'Maybe later',
      report_email: 'owner@acme.example',
    });

    // The same link afterwards: the code is used.
    expectFailedResponses(visitor, { status: 410, path: `/api/invite-codes/${code}` });
    await visitor.goto(link);
    await main(visitor).getByText('Invalid or expired invite code.').waitFor();
    await main(visitor).getByText('Details: This invite code has already been used.').waitFor();
    expect(await main(visitor).locator('a[href^="mailto:"]').count()).toBe(1);

    // The admin sees the code used, and the answers in the form's order with their labels.
    await admin.reload();
    await main(admin).getByRole('row').filter({ hasText: description }).getByText('Used').waitFor();
    await main(admin).getByRole('tab', { name: 'Submitted Questionnaires' }).click();
    const submission = main(admin).getByRole('article').filter({ hasText: code });
    await submission.getByRole('heading', { name: BOOKKEEPING }).waitFor();
    expect(await submission.locator('dt').allTextContents()).toEqual([
      'Company name',
      'Accounting software use',
      'Setup on our system',
      'Number of bank accounts',
      'Report frequency',
      'Payroll provider',
      'Payroll provider name',
      'Invoicing help',
      'Report email',
    ]);
    expect(await submission.locator('dd').allTextContents()).toEqual([
      'Acme LLC',
      'No',
      'Need more info',
      '3',
      'Quarterly',
      'Yes',
      'Gusto',
      'Maybe later',
      'owner@acme.example',
    ]);
  });
});

describe('the non-profit questionnaire', () => {
  it('checks the code, refuses a used one on submit, and thanks the first submitter', async () => {
    const admin = await openAdmin();
    const { code } = await createCode(
      admin,
      'Onboard new Non-Profit LLC Formation Client',
      `e2e non-profit ${Date.now()}`,
    );

    const visitor = await newPage(browser);
    await visitor.goto('/new-nonprofit-llc');
    await main(visitor).getByText('Error: No invite code found in URL.').waitFor();

    // A non-profit code opened on the bookkeeping page points to its own questionnaire.
    await visitor.goto(`/new-client?code=${code}`);
    await main(visitor).getByText('Details: This invite code is for a different questionnaire.').waitFor();
    await main(visitor).getByRole('link', { name: 'Open the questionnaire for this code' }).click();
    const form = main(visitor).getByRole('form', { name: NONPROFIT });
    await main(visitor).getByRole('heading', { level: 1, name: NONPROFIT }).waitFor();

    // A second visitor opens the same code before the first submits.
    const late = await newPage(browser);
    expectFailedResponses(late, { status: 410, path: `/api/invite-codes/${code}/submit-nonprofit-onboarding` });
    // While its code is checked, the page says so.
    const validation = await holdRequests(late, `**/api/invite-codes/${code}`);
    await late.goto(`/new-nonprofit-llc?code=${code}`);
    await validation.requested;
    expect(await main(late).getByRole('status').textContent()).toBe('Validating invite code');
    validation.release();
    const lateForm = main(late).getByRole('form', { name: NONPROFIT });
    await lateForm.waitFor();

    expect(await form.getByLabel('Name of the non-profit').getAttribute('maxlength')).toBe(
      String(ANSWER_LIMITS.non_profit_name),
    );
    expect(await form.getByLabel('State of formation').getAttribute('maxlength')).toBe(
      String(ANSWER_LIMITS.state_of_formation),
    );
    await form.getByLabel('Name of the non-profit').fill('Helping Hands LLC');
    await form.getByLabel('EIN (Employer Identification Number)').fill('12-345');
    await form.getByLabel('State of formation').fill('Delaware');
    await form.getByRole('button', { name: 'Submit' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('EIN must have 9 digits, as in 12-3456789');
    // The answers survive a reload of the page.
    await visitor.reload();
    await form.waitFor();
    expect(await form.getByLabel('Name of the non-profit').inputValue()).toBe('Helping Hands LLC');
    expect(await form.getByLabel('EIN (Employer Identification Number)').inputValue()).toBe('12-345');
    expect(await form.getByLabel('State of formation').inputValue()).toBe('Delaware');
    await form.getByLabel('EIN (Employer Identification Number)').fill('12-3456789');
    await form.getByRole('button', { name: 'Submit' }).click();
    await main(visitor).getByText('Onboarding information submitted successfully!', { exact: true }).waitFor();

    await lateForm.getByLabel('Name of the non-profit').fill('Other Hands LLC');
    await lateForm.getByLabel('State of formation').fill('Texas');
    await lateForm.getByRole('button', { name: 'Submit' }).click();
    await lateForm.getByText('Submission Error: This invite code has already been used.').waitFor();
    // No answer is at fault: each field is described by the refusal, none marked invalid.
    for (const label of ['Name of the non-profit', 'EIN (Employer Identification Number)', 'State of formation']) {
      const field = lateForm.getByLabel(label);
      expect(await descriptionOf(field)).toContain('Submission Error: This invite code has already been used.');
      expect(await field.getAttribute('aria-invalid')).not.toBe('true');
    }

    // The admin's list, loaded before, still says Active: a send is refused, and the list then reloads.
    const [{ id }] = await sql<{ id: string }>(
      process.env.E2E_DATABASE_URL!,
      'SELECT id FROM onboarding.invite_codes WHERE invite_code = $1',
      [code],
    );
    expectFailedResponses(admin, { status: 409, path: `/api/invite-codes/${id}/send-email` });
    const row = main(admin).getByRole('row').filter({ hasText: code });
    expect(await row.getByText('Active', { exact: true }).isVisible()).toBe(true);
    await row.getByRole('button', { name: `Email ${code}` }).click();
    const send = admin.getByRole('dialog', { name: 'Send Invite Code via Email' });
    await send.getByLabel('Recipient email').fill(uniqueEmail('late-invitee'));
    await send.getByRole('button', { name: 'Send Email' }).click();
    await send.getByText('This invite code has already been used and can no longer be sent.').waitFor();
    await row.getByText('Used', { exact: true }).waitFor();
  });
});

describe('a questionnaire whose validated invite data lacks the code', () => {
  it("says 'Invite code data is missing.' on submit and sends nothing", async () => {
    const page = await newPage(browser);
    const sent = callsSentBy(page);
    // The check of each made-up code answers its questionnaire and expiry but no code (this server
    // always sends it): one without the field, one with null.
    const replies: Record<string, object> = {
      'E2E-NO-CODE-1': { route: '/new-client' },
      'E2E-NO-CODE-2': { route: '/new-nonprofit-llc', invite_code: null },
    };
    await page.route('**/api/invite-codes/E2E-NO-CODE-*', (route) => {
      const code = new URL(route.request().url()).pathname.split('/').pop() ?? '';
      const expiration_datetime = new Date(Date.now() + 3600_000).toISOString();
      return route.fulfill({ json: { ...replies[code], expiration_datetime } });
    });

    await page.goto('/new-client?code=E2E-NO-CODE-1');
    const books = main(page).getByRole('form', { name: BOOKKEEPING });
    await books.getByLabel('Company name').fill('Acme LLC');
    await answer(books, Q.softwareUse, 'No');
    await answer(books, Q.setup, 'Yes');
    await books.getByLabel('How many business bank accounts do you have?').fill('1');
    await answer(books, 'How often would you like to receive financial reports?', 'Monthly');
    await answer(books, Q.payroll, 'No');
    await answer(books, 'Would you like help with invoicing your customers?', 'No');
    await books.getByLabel('Which email address should we send your reports to?').fill('owner@acme.example');
    await books.getByRole('button', { name: 'Submit' }).click();
    expect(await books.getByRole('alert').textContent()).toBe('Invite code data is missing.');

    await page.goto('/new-nonprofit-llc?code=E2E-NO-CODE-2');
    const nonprofit = main(page).getByRole('form', { name: NONPROFIT });
    await nonprofit.getByLabel('Name of the non-profit').fill('Helping Hands LLC');
    await nonprofit.getByLabel('State of formation').fill('Delaware');
    await nonprofit.getByRole('button', { name: 'Submit' }).click();
    expect(await nonprofit.getByRole('alert').textContent()).toBe('Invite code data is missing.');

    expect(sent).toEqual([]);
  });
});

describe('admin access', () => {
  it('tells a signed-in user who is not an admin that the page is not for them', async () => {
    const account = newAccount('not-admin');
    await registerVerified(account);
    const page = await newPage(browser);
    await signInWithStoredSession(page, account);

    await page.goto('/admin');

    await main(page).getByRole('alert').getByText('You do not have access to this page.').waitFor();
    expect(await main(page).getByRole('tab').count()).toBe(0);
    expect(await main(page).getByRole('button', { name: 'Create Invite Code' }).count()).toBe(0);
  });
});
