import type { Locator } from 'playwright-core';
import { nextTotpCode } from '@portal/testing';
import {
  adminAccount,
  apiToken,
  newAccount,
  newApiToken,
  registerVerified,
  signInWithStoredSession,
  submitSignIn,
} from './support/accounts';
import { baseUrl, expectFailedResponses, newPage } from './support/browser';
import { BILLING_MESSAGES } from '../src/features/billing/labels';
import { api, fillCheckout, serviceIdOf, subscribe } from './support/billing';
import {
  main,
  MESSAGE_TIMEOUT_MS,
  browserAndClient,
  checkPress,
  checkSubmit,
  always,
  detailElse,
  DETAIL,
  expectSensiblePage,
  failCalls,
  FAILURES,
  recover,
  type Failure,
} from './support/resilience';

// The actions resilience.e2e.ts leaves out, against the same failing server: each says what failed,
// keeps what the user typed or chose, can be pressed again, and works once the server is back.
jest.setTimeout(240_000);

const GENERIC = 'Something went wrong. Please try again.';
const UPLOAD_FAILED = always('Failed to upload file. Please try again.');
const BILLING = ['Phone', 'Street address', 'City', 'State / Province', 'ZIP / Postal code'];
const shared = browserAndClient('resilience-actions', { firstName: 'Ida', lastName: 'Wells' });
const gone = (button: Locator) => () => button.waitFor({ state: 'detached', timeout: MESSAGE_TIMEOUT_MS });
const shows = (scope: Locator, text: string) => () =>
  scope.getByText(text, { exact: true }).waitFor({ timeout: MESSAGE_TIMEOUT_MS });
const downloads = (button: Locator) => () =>
  button
    .page()
    .waitForEvent('download', { timeout: MESSAGE_TIMEOUT_MS })
    .then(() => undefined);

function rowOf(scope: Locator, name: string): Locator {
  return scope.getByRole('row').filter({ has: scope.page().getByRole('rowheader', { name, exact: false }) });
}

describe('actions against a failing server', () => {
  it('two-factor set-up, the code step of sign-in, turning it off and signing sessions out on /settings', async () => {
    const account = newAccount('resilience-2fa');
    await registerVerified(account);
    const page = await newPage(shared.browser());
    await signInWithStoredSession(page, account, { ownSession: true });
    // Another device's session, for its Sign out button.
    await newApiToken(account);
    await page.goto('/settings');
    const settings = main(page);
    const otherSession = settings.getByRole('button', { name: /^Sign out the session of/ });
    await otherSession.waitFor();
    await checkPress(
      'session sign-out',
      ['**/api/auth/sessions/*', otherSession],
      detailElse(GENERIC),
      gone(otherSession),
    );

    const setUp = settings.getByRole('button', { name: 'Set up two-factor authentication' });
    await checkPress('two-factor set-up', ['**/api/auth/two-factor/setup', setUp], detailElse(GENERIC), 'Secret key:');
    const secret = (await settings.getByTestId('totp-secret').textContent())!.trim();
    const enrol = settings.getByRole('form', { name: 'Set up two-factor authentication' });
    const enrolFields = [enrol.getByLabel('Password', { exact: true }), enrol.getByLabel('Authentication code')];
    await enrolFields[0].fill(account.password);
    await enrolFields[1].fill(await nextTotpCode(secret, account.email));
    const turnOn = enrol.getByRole('button', { name: 'Turn on' });
    await checkPress(
      'two-factor turn on',
      ['**/api/auth/two-factor/enable', turnOn],
      detailElse(GENERIC),
      'Two-factor authentication is on.',
      enrolFields,
    );
    const codes = settings.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    const recoveryCode = (await codes.first().textContent())!.trim();
    await settings.getByRole('button', { name: 'I have saved my codes' }).click();

    // The code step of sign-in, on a device of its own.
    const device = await newPage(shared.browser());
    await device.goto('/signin');
    await submitSignIn(device, account);
    const code = main(device).getByLabel('Authentication code');
    await code.fill(await nextTotpCode(secret, account.email));
    await checkPress(
      'sign-in code step',
      ['**/api/auth/two-factor/verify', main(device).getByRole('button', { name: 'Verify' })],
      (failure) =>
        failure === 'json500'
          ? DETAIL
          : failure === 'network'
            ? 'Network error. Please check your connection and try again.'
            : 'Failed to sign in. Please check your credentials.',
      'Personal Information',
      [code],
    );

    const off = settings.getByRole('form', { name: 'Turn off two-factor authentication' });
    const offFields = [off.getByLabel('Password', { exact: true }), off.getByLabel('Authentication or recovery code')];
    await offFields[0].fill(account.password);
    await offFields[1].fill(recoveryCode);
    const turnOff = off.getByRole('button', { name: 'Turn off two-factor authentication' });
    const isOff = 'Two-factor authentication is off.';
    await checkPress(
      'two-factor turn off',
      ['**/api/auth/two-factor/disable', turnOff],
      detailElse(GENERIC),
      isOff,
      offFields,
    );

    const everywhere = settings.getByRole('button', { name: 'Sign out everywhere' });
    const signedOut = () => page.waitForURL((url) => url.pathname === '/signin', { timeout: MESSAGE_TIMEOUT_MS });
    await checkPress(
      'sign out everywhere',
      ['**/api/auth/sessions/revoke-all', everywhere],
      detailElse(GENERIC),
      signedOut,
    );
  });

  it('subscription dialogs, the payment-method page and the subscribe and filing checkouts', async () => {
    const page = await newPage(shared.browser());
    await signInWithStoredSession(page, shared.client());
    const token = await apiToken(shared.client());
    const subscription = await subscribe(token, 'Compliance', 'annual-compliance');

    await page.goto(`/subscription/${subscription.id}/payment`);
    const payment = main(page);
    await payment.getByLabel('Card number').waitFor();
    await payment.getByLabel('Full name').fill('Ida B. Wells');
    await payment.getByLabel('Card number').fill('5555555555554444');
    await payment.getByLabel('Expiration date MM / YY').fill('11 / 33');
    await payment.getByLabel('CVC').fill('321');
    await checkPress(
      'payment-method update',
      ['**/api/subscriptions/*/payment-method/', payment.getByRole('button', { name: 'Update Payment Method' })],
      detailElse('Failed to update payment method'),
      'Your payment method has been updated.',
      [payment.getByLabel('Full name'), payment.getByLabel('Card number')],
    );
    await page.waitForURL((url) => url.pathname === '/profile', { timeout: MESSAGE_TIMEOUT_MS });

    const item = main(page).getByRole('listitem', { name: 'Annual Compliance' });
    await item.getByRole('button', { name: 'Cancel', exact: true }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Subscription' });
    const reason = cancel.getByLabel('Why are you cancelling? (optional)');
    await reason.fill('Moving the books in-house.');
    const confirmCancel: [string, Locator] = [
      '**/api/subscriptions/*/cancel',
      cancel.getByRole('button', { name: 'Cancel Subscription' }),
    ];
    const cancelFailed = detailElse('Failed to cancel subscription');
    await checkPress('cancel', confirmCancel, cancelFailed, shows(item, 'CANCELING'), [reason]);
    await item.getByRole('button', { name: 'Re-Activate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Re-Activate Subscription' });
    const reactivate: [string, Locator] = [
      '**/api/subscriptions/*/reactivate',
      dialog.getByRole('button', { name: 'Re-Activate' }),
    ];
    await checkPress('re-activate', reactivate, detailElse('Failed to reactivate subscription'), shows(item, 'ACTIVE'));

    // The two checkouts: the billing details stay through each failure.
    await page.goto(`/subscribe?package=${await serviceIdOf('Books', 'bookkeeping-growth')}&trial=1`);
    await fillCheckout(page, '4242 4242 4242 4242');
    const kept = BILLING.map((label) => main(page).getByLabel(label));
    await checkPress(
      'subscribe checkout',
      ['**/api/subscriptions/stripe', main(page).getByRole('button', { name: 'Start Free Trial' })],
      // No final answer came: the subscription may have started.
      (failure) =>
        `${detailElse(BILLING_MESSAGES.subscriptionProcessing)(failure)} ${BILLING_MESSAGES.subscriptionOutcomeUnknown}`,
      'Subscription Successful!',
      kept,
    );
    const forms = (await (await fetch(`${baseUrl()}/api/forms/`)).json()) as Array<{ id: string; form_name: string }>;
    await page.goto(`/filing-purchase?filing=${forms.find((form) => form.form_name === 'Annual Report')!.id}`);
    await fillCheckout(page, '4242 4242 4242 4242');
    const pay = main(page).getByRole('button', { name: 'Pay $150.00' });
    const payFailed = (failure: Failure) =>
      `${detailElse(BILLING_MESSAGES.paymentFailed)(failure)} ${BILLING_MESSAGES.paymentOutcomeUnknown}`;
    await checkPress('filing checkout', ['**/api/payments/form-payment', pay], payFailed, 'Payment Successful!', kept);
  });

  it('dashboard uploads, downloads and deletes, and the libraries of an admin', async () => {
    const page = await newPage(shared.browser(), { acceptDownloads: true });
    await signInWithStoredSession(page, shared.client());
    await page.goto('/dashboard');
    const vault = main(page).getByRole('tabpanel', { name: 'My Vault' });
    const name = `resilience-${Date.now()}.pdf`;
    const fileInput = vault.getByLabel('Choose a file');
    await fileInput.setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 vault') });
    const upload = vault.getByRole('button', { name: 'Upload' });
    await checkPress(
      'vault upload',
      ['**/api/vault/files', upload],
      UPLOAD_FAILED,
      `"${name}" was uploaded successfully.`,
      [fileInput],
    );

    // The next upload goes through but the list's reload after it fails: the list says so (what it shows
    // may be out of date) instead of showing the old list as if nothing had happened; Retry brings the file.
    const reloaded = `resilience-reload-${Date.now()}.pdf`;
    await fileInput.setInputFiles({ name: reloaded, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.route('**/api/vault/files', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      expectFailedResponses(page, { status: 500, path: '/api/vault/files' });
      await route.fulfill({ status: 500, json: { detail: DETAIL } });
    });
    await upload.click();
    const loadFailed = vault.getByText('Failed to load vault files. Please try again.', { exact: true });
    await loadFailed.waitFor({ timeout: MESSAGE_TIMEOUT_MS });
    await rowOf(vault, name).waitFor();
    await recover(page, '**/api/vault/files');
    // Retry says it is asking again until the answer comes (held here until that has been seen).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/vault/files', async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await vault.getByRole('button', { name: 'Retry' }).click();
    await vault.getByRole('button', { name: 'Retrying…' }).and(page.locator('[aria-busy="true"]')).waitFor();
    release();
    await rowOf(vault, reloaded).waitFor({ timeout: MESSAGE_TIMEOUT_MS });
    await loadFailed.waitFor({ state: 'detached' });
    await page.unroute('**/api/vault/files');

    const download = rowOf(vault, name).getByRole('button', { name: `Download ${name}` });
    const downloadFailed = always('Failed to download file. Please try again.');
    await checkPress('vault download', ['**/api/vault/files/*', download], downloadFailed, downloads(download));
    await deleteFile(['**/api/vault/files/*', rowOf(vault, name)], name);

    const admin = await newPage(shared.browser());
    await signInWithStoredSession(admin, adminAccount());
    await admin.goto('/dashboard');
    await main(admin).getByRole('tab', { name: 'Forms Library' }).click();
    const library = main(admin).getByRole('tabpanel', { name: 'Forms Library' });
    const form = `resilience-form-${Date.now()}.pdf`;
    const folder = library.getByLabel('Folder (optional)');
    const chosen = library.getByLabel('Choose a file');
    const choose = async () => {
      await folder.fill('Resilience');
      await chosen.setInputFiles({ name: form, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 form') });
    };
    const libraryUpload = library.getByRole('button', { name: 'Upload' });
    const uploaded = `"${form}" was uploaded successfully.`;
    await choose();
    await checkPress('library upload', ['**/api/files/forms/', libraryUpload], UPLOAD_FAILED, uploaded, [
      folder,
      chosen,
    ]);

    // The same path again replaces the file, once the admin says so.
    await choose();
    await checkSubmit({
      page: admin,
      label: 'library replace',
      calls: '**/api/files/forms/',
      button: libraryUpload,
      async submit() {
        await libraryUpload.click();
        await admin.getByRole('dialog', { name: 'Replace file' }).getByRole('button', { name: 'Replace' }).click();
      },
      kept: [folder, chosen],
      message: UPLOAD_FAILED,
      success: uploaded,
    });
    await deleteFile(['**/api/files/forms/**', rowOf(library, form)], form);
  });

  it('invite codes, the inbox, the audit log and a questionnaire submitted with a code', async () => {
    const adminToken = await apiToken(adminAccount());
    const description = `Resilience ${Date.now()}`;
    const code = await api<{ id: string; invite_code: string }>('/invite-codes/', adminToken, {
      method: 'POST',
      body: {
        expiration_datetime: new Date(Date.now() + 48 * 3600_000).toISOString(),
        route: '/new-nonprofit-llc',
        description,
      },
    });
    const sender = `Resilience ${Date.now()}`;
    const sent = await fetch(`${baseUrl()}/api/messages/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: sender, email: 'resilience@example.com', message: 'Please call me back.' }),
    });
    expect(sent.ok).toBe(true);

    const page = await newPage(shared.browser(), { acceptDownloads: true });
    await signInWithStoredSession(page, adminAccount());
    await page.goto('/admin?tab=invite-codes');
    const row = main(page).getByRole('row').filter({ hasText: description });
    await row.getByRole('button', { name: `Email ${code.invite_code}` }).click();
    const send = page.getByRole('dialog', { name: 'Send Invite Code via Email' });
    const recipient = send.getByLabel('Recipient email');
    await recipient.fill('resilience-invite@example.com');
    await checkPress(
      'invite-code e-mail',
      ['**/api/invite-codes/*/send-email', send.getByRole('button', { name: 'Send Email' })],
      always('Failed to send email. Please try again.'),
      'Invite code sent to resilience-invite@example.com.',
      [recipient],
    );
    await send.waitFor({ state: 'detached', timeout: MESSAGE_TIMEOUT_MS });

    await row.getByRole('button', { name: `Edit ${code.invite_code}` }).click();
    const edit = main(page).getByRole('form', { name: `Edit invite code ${code.invite_code}` });
    await edit.getByLabel('Description (optional)').fill(`${description} edited`);
    const save = edit.getByRole('button', { name: 'Save' });
    const editFields = [edit.getByLabel('Description (optional)'), edit.getByLabel('Route')];
    const saveFailed = always('Failed to save invite code.');
    await checkPress(
      'invite-code edit',
      [`**/api/invite-codes/${code.id}`, save],
      saveFailed,
      `${description} edited`,
      editFields,
    );

    await page.goto('/admin?tab=inbox');
    const message = main(page).getByRole('article').filter({ hasText: sender });
    const mark = message.getByRole('button', { name: 'Mark as handled' });
    const markFailed = detailElse('Failed to update the item. Please try again.');
    const handled = () =>
      message.getByRole('button', { name: 'Mark as open' }).waitFor({ timeout: MESSAGE_TIMEOUT_MS });
    await checkPress('inbox mark handled', ['**/api/inbox/*/*/handled', mark], markFailed, handled);

    // A Refresh that fails says so, above the entries it still shows.
    await page.goto('/admin?tab=audit-log');
    await main(page).getByRole('table').first().waitFor();
    const refresh = main(page).getByRole('button', { name: 'Refresh' });
    const noAlert = () =>
      page
        .waitForFunction(() => !document.querySelector('main [role="alert"]'), undefined, {
          timeout: MESSAGE_TIMEOUT_MS,
        })
        .then(() => undefined);
    const logFailed = always('Failed to load the audit log. Please try again.');
    await checkPress('audit-log refresh', ['**/api/audit-log?*', refresh], logFailed, noAlert);
    const exportCsv = main(page).getByRole('button', { name: 'Export CSV' });
    const exportFailed = detailElse('Failed to export the audit log. Please try again.');
    await checkPress('audit-log export', ['**/api/audit-log.csv**', exportCsv], exportFailed, downloads(exportCsv));

    const visitor = await newPage(shared.browser());
    await visitor.goto(`/new-nonprofit-llc?code=${encodeURIComponent(code.invite_code)}`);
    const questionnaire = main(visitor).getByRole('form', { name: 'Non-Profit LLC Formation Questionnaire' });
    await questionnaire.getByLabel('Name of the non-profit').fill('Helping Hands LLC');
    await questionnaire.getByLabel('State of formation').fill('Delaware');
    await checkPress(
      'questionnaire submit',
      ['**/api/invite-codes/*/submit-nonprofit-onboarding', questionnaire.getByRole('button', { name: 'Submit' })],
      (failure: Failure) => `Submission Error: ${failure === 'json500' ? DETAIL : 'Failed to submit onboarding data.'}`,
      'Onboarding information submitted successfully!',
      ['Name of the non-profit', 'State of formation'].map((label) => questionnaire.getByLabel(label)),
    );

    // The bookkeeping questionnaire lists what went wrong under its own heading.
    const retail = await api<{ invite_code: string }>('/invite-codes/', adminToken, {
      method: 'POST',
      body: { expiration_datetime: new Date(Date.now() + 48 * 3600_000).toISOString(), route: '/new-client' },
    });
    await visitor.goto(`/new-client?code=${encodeURIComponent(retail.invite_code)}`);
    const books = main(visitor).getByRole('form', { name: 'Bookkeeping Client Onboarding Questionnaire' });
    const choose = (question: string, option: string) =>
      books
        .getByRole('radiogroup', { name: question, exact: true })
        .getByRole('radio', { name: option, exact: true })
        .check();
    await books.getByLabel('Company name').fill('Acme LLC');
    await choose('Do you currently use accounting software?', 'No');
    await choose('Would you like us to set up your books on our system?', 'Need more info');
    await books.getByLabel('How many business bank accounts do you have?').fill('3');
    await choose('How often would you like to receive financial reports?', 'Quarterly');
    await choose('Do you use a payroll provider?', 'Will need one');
    await choose('Would you like help with invoicing your customers?', 'Maybe later');
    await books.getByLabel('Which email address should we send your reports to?').fill('owner@acme.example');
    // The error block of a failed submit: 'Submission failed.', what went wrong, and whom to write to.
    const submits = '**/api/invite-codes/*/submit-onboarding';
    const { firstFailed } = await failCalls(visitor, submits, 'network');
    await books.getByRole('button', { name: 'Submit' }).click();
    await firstFailed;
    const failed = books.getByRole('alert').filter({ hasText: 'Submission failed.' });
    expect(await failed.locator('p').first().textContent()).toBe('Submission failed.');
    expect(await failed.getByRole('listitem').allTextContents()).toEqual(['Failed to submit onboarding data.']);
    const support = failed.getByRole('link', { name: 'support@portal.localhost', exact: true });
    expect(await support.getAttribute('href')).toBe('mailto:support@portal.localhost');
    await recover(visitor, submits);
    await checkPress(
      'bookkeeping questionnaire submit',
      [submits, books.getByRole('button', { name: 'Submit' })],
      detailElse('Failed to submit onboarding data.'),
      'Onboarding information submitted successfully!',
      ['Company name', 'How many business bank accounts do you have?'].map((label) => books.getByLabel(label)),
    );
  });

  it("says a prerendered page's own load failure after an in-app navigation, and loads on Retry", async () => {
    const page = await newPage(shared.browser());
    await signInWithStoredSession(page, shared.client());
    // Spec part 2, section 8: the package pages' and the filings' own texts. Links of the footer, and
    // the header's Filings.
    const cases = [
      ['Books', '**/api/services/**', 'Failed to load bookkeeping packages. Please try again.', 'Starter Bookkeeping'],
      ['Company', '**/api/services/**', 'Failed to load company services. Please try again.', 'LLC Formation'],
      ['Filings', '**/api/forms/**', 'Failed to load forms', 'Annual Report'],
    ];
    for (const failure of FAILURES) {
      for (const [link, calls, message, loaded] of cases) {
        await page.goto('/profile');
        await main(page).getByText('Personal Information').first().waitFor();
        await failCalls(page, calls, failure);
        await page
          .getByRole(link === 'Filings' ? 'banner' : 'contentinfo')
          .getByRole('link', { name: link, exact: true })
          .first()
          .click();
        await page.waitForURL((url) => url.pathname === `/${link.toLowerCase()}`);
        await expectSensiblePage(page, `${link} after navigation (${failure})`, message);
        await recover(page, calls);
        await main(page).getByRole('button', { name: 'Retry' }).first().click();
        await main(page).getByText(loaded).first().waitFor({ timeout: MESSAGE_TIMEOUT_MS });
      }
    }
  });
});

/** Deletes `name` from the list of `row`, through the confirmation dialog, against each failure. */
async function deleteFile([calls, list]: [string, Locator], name: string): Promise<void> {
  await list.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = list
    .page()
    .getByRole('dialog', { name: 'Delete file' })
    .getByRole('button', { name: 'Delete', exact: true });
  const deleteFailed = always('Failed to delete file. Please try again.');
  await checkPress(`delete ${name}`, [calls, confirm], deleteFailed, `"${name}" was deleted successfully.`);
}
