import type { Browser, Locator, Page } from 'playwright-core';
import { isDeadlinePassed } from '../src/features/filings/deadline';
import { filingSlug } from '../src/features/filings/slug';
import {
  adminAccount,
  apiToken,
  enrolTwoFactor,
  newAccount,
  registerVerified,
  signInWithStoredSession,
  submitSignIn,
  uniqueEmail,
  type Account,
} from './support/accounts';
import { AXE_PAGE_OPTIONS, expectNoAxeViolations } from './support/axe';
import { api, fillCheckout, serviceIdOf, subscribe, tokenOf } from './support/billing';
import {
  baseUrl,
  clientAddress,
  descriptionOf,
  expectFailedResponses,
  launchBrowser,
  newPage as newBrowserPage,
  waitForHydration,
} from './support/browser';
import { uploadFile } from './support/documents';
import { applyWithResume, offerPerk } from './support/intake';

// axe-core's WCAG 2.0/2.1 A and AA rules on every page of the app, signed out, signed in and as the admin,
// with the main dialogs and menus open and forms showing their errors. A few tests that each visit many
// pages: one browser, one client and the e2e app's admin for the whole file.

const TIMEOUT_MS = 15_000;
const MOBILE = { width: 390, height: 844 };

// Each test visits many pages and runs axe-core on each: a busy machine takes well over jest's minute.
jest.setTimeout(240_000);

let browser: Browser;
// One verified client for the whole file (each registration waits for its verification mail), and one with
// two-factor on for the sign-in's code step.
let client: Account;
let twoFactorClient: Account & { totpSecret?: string };

beforeAll(async () => {
  browser = await launchBrowser();
  client = newAccount('a11y', { firstName: 'Grace', lastName: 'Hopper' });
  twoFactorClient = newAccount('a11y-2fa', { firstName: 'Ada', lastName: 'Lovelace' });
  await Promise.all([registerVerified(client), registerVerified(twoFactorClient)]);
  twoFactorClient.totpSecret = await enrolTwoFactor(twoFactorClient);
});

afterAll(async () => {
  await browser?.close();
});

function newPage(options: { viewport?: { width: number; height: number } } = {}): Promise<Page> {
  return newBrowserPage(browser, { ...options, ...AXE_PAGE_OPTIONS });
}

function main(page: Page): Locator {
  return page.getByRole('main');
}

/** Loads `path` and waits until the app has taken over the page and fetched its data. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Loads `path` and checks it as it first shows. */
async function check(page: Page, path: string): Promise<void> {
  await visit(page, path);
  await expectNoAxeViolations(page, path);
}

/**
 * Sends the form with its required fields empty, waits for it to say what is missing, and expects the
 * fields it marks invalid to be described by their message (expectInvalidFieldsDescribed): at least one
 * of them, since the form's own check refuses an empty form.
 */
async function failSubmit(page: Page, form: Locator, label: string): Promise<void> {
  await form.evaluate((element) => {
    for (const field of (element as HTMLFormElement).querySelectorAll('input, textarea')) {
      const input = field as HTMLInputElement;
      if (!input.readOnly && input.type !== 'hidden' && input.type !== 'file') input.value = '';
    }
  });
  await form.locator('button[type="submit"]').first().click();
  await page.locator('main [role="alert"], main [aria-invalid="true"]').first().waitFor({ timeout: 5_000 });
  await expectInvalidFieldsDescribed(form, label, { refused: true });
}

/**
 * Expects `field` marked invalid and described by `message`. axe-core only asks for a review when a
 * description's element is missing, so a message cut off from its field would pass it.
 */
async function expectFieldInError(field: Locator, message: string): Promise<void> {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await descriptionOf(field)).toContain(message);
}

/**
 * Expects every field of `form` marked invalid (aria-invalid="true") to be described (aria-describedby)
 * by elements that all exist and show text: its error message (and a hint or checklist it has). axe-core
 * passes a field whose description points at nothing, or that is invalid with no description. `refused`:
 * the form refused the submit itself (a client-side check), so at least one field is marked invalid.
 */
async function expectInvalidFieldsDescribed(
  form: Locator,
  label: string,
  { refused = false }: { refused?: boolean } = {},
): Promise<void> {
  const problems = await form.evaluate((root, mustRefuse) => {
    const nameOf = (element: Element): string => {
      const labelledBy = (element.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ')
        .trim();
      const text =
        element.getAttribute('aria-label') ||
        labelledBy ||
        (element as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
        '(no label)';
      const name = element.getAttribute('name');
      return `${element.tagName.toLowerCase()} '${text}'${name ? ` (name=${name})` : ''}`;
    };
    const shows = (element: Element): boolean =>
      (element as HTMLElement).innerText.trim() !== '' && element.checkVisibility({ visibilityProperty: true });
    const invalid = [...root.querySelectorAll('[aria-invalid="true"]')];
    const found = invalid.flatMap((field) => {
      const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      if (ids.length === 0) return [`${nameOf(field)} is marked invalid but has no aria-describedby`];
      const missing = ids.filter((id) => !document.getElementById(id));
      if (missing.length > 0) {
        return [
          `${nameOf(field)} is described by ${missing.map((id) => `#${id}`).join(', ')}, which is not on the page`,
        ];
      }
      return ids
        .filter((id) => !shows(document.getElementById(id)!))
        .map((id) => `${nameOf(field)} is described by #${id}, which shows no text`);
    });
    if (mustRefuse && invalid.length === 0) found.push('no field is marked invalid (aria-invalid="true")');
    return found;
  }, refused);
  if (problems.length > 0) throw new Error(`${label}: ${problems.join('; ')}`);
}

/** Fills the checkout at `path` (checked filled in), pays by Visa and checks the confirmation page. */
async function buyAndCheck(
  page: Page,
  path: string,
  { confirmation, heading }: { confirmation: string; heading: string },
): Promise<void> {
  await visit(page, path);
  await fillCheckout(page, '4242 4242 4242 4242');
  await expectNoAxeViolations(page, `${path}, filled in`);
  await main(page).getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL((url) => url.pathname === confirmation, { timeout: TIMEOUT_MS });
  await main(page).getByRole('heading', { level: 1, name: heading }).waitFor();
  await expectNoAxeViolations(page, confirmation);
}

/** The dashboard's Forms Library and Public Files tabs, as `who` sees them (the admin has upload forms). */
async function checkSharedFileTabs(page: Page, who: string): Promise<void> {
  for (const tab of ['Forms Library', 'Public Files']) {
    await main(page).getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, `/dashboard as ${who}, ${tab}`);
  }
}

interface FilingForm {
  id: string;
  form_name: string;
  deadline_date: string | null;
}

async function filingForms(): Promise<FilingForm[]> {
  return (await (await fetch(`${baseUrl()}/api/forms/`)).json()) as FilingForm[];
}

/** A filing whose deadline has passed, as the web decides it: the catalog keeps two on purpose (BOI, FBAR). */
async function pastDeadlineFiling(): Promise<FilingForm> {
  const filing = (await filingForms()).find((form) => isDeadlinePassed(form.deadline_date, new Date()));
  if (!filing) throw new Error('No filing with a passed deadline in the catalog');
  return filing;
}

/**
 * Checks the page with the success `status` that `show` brings up, shown through the whole check. It
 * goes after a few seconds (a status clears after 5 s, the contact dialog closes after 3 s; axe-core
 * needs the page's timers, so its clock cannot be stopped): a check that outlasted it is done again,
 * from `show`, up to three times.
 */
async function expectNoViolationsWhileShown(
  page: Page,
  status: Locator,
  label: string,
  show: () => Promise<void>,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await show();
    await status.waitFor();
    await expectNoAxeViolations(page, label);
    if (await status.isVisible()) return;
    if (attempt === 3) throw new Error(`${label}: the status cleared before axe-core was done, three times`);
  }
}

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  it('public pages, as a visitor sees them', async () => {
    const page = await newPage();
    const [filing] = await filingForms();
    const paths = [
      '/',
      '/books',
      '/company',
      '/compliance',
      '/people',
      '/tax',
      '/equity',
      '/pricing',
      '/filings',
      `/filings/${filingSlug(filing.form_name)}`,
      `/forms/${filingSlug(filing.form_name)}`,
      // Its deadline passed: a warning and 'Send Message' instead of 'Start Filing'.
      `/filings/${filingSlug((await pastDeadlineFiling()).form_name)}`,
      '/about',
      '/contact',
      '/careers',
      '/privacy-policy',
      '/terms-of-service',
      '/perks',
      '/blog',
      '/product-sheets',
      '/free-tools/deadline-alerts',
      '/signin',
      '/signup',
      '/forgot-password',
      '/reset-password?token=e2e-a11y',
      '/reset-password',
      `/verify-email?email=${encodeURIComponent(client.email)}`,
      '/cta-landing',
      '/thank-you',
      '/no-such-page',
    ];
    for (const path of paths) await check(page, path);

    // A filing that is not in the catalog.
    await check(page, '/forms/no-such-filing-e2e');

    // The third party's converter is its own document, which the app does not make: only its frame is left out.
    await visit(page, '/free-tools/currency-converter');
    await expectNoAxeViolations(page, 'the currency converter', {
      exclude: [{ selector: 'main iframe', reason: "the third-party converter's own page (spec part 2, section 1)" }],
    });
  });

  it('header menus, dialogs and forms showing their errors, as a visitor sees them', async () => {
    const page = await newPage();
    await visit(page, '/');
    const banner = page.getByRole('banner');
    for (const menu of ['Services', 'About']) {
      await banner.getByRole('button', { name: menu }).click();
      await expectNoAxeViolations(page, `the ${menu} menu, open`);
      await page.keyboard.press('Escape');
    }

    // Failed submits: the forms say what is missing.
    for (const path of [
      '/signin',
      '/signup',
      '/forgot-password',
      '/reset-password?token=e2e-a11y',
      '/verify-email?email=e2e-a11y-unverified%40example.com',
      '/contact',
      '/careers',
      '/perks',
    ]) {
      await visit(page, path);
      await failSubmit(page, main(page).locator('form').first(), `${path} after a failed submit`);
      await expectNoAxeViolations(page, `${path} after a failed submit`);
    }

    // /free-tools/deadline-alerts' sign-up, whose button waits for a captcha answer: an answer and no email,
    // then an email and a wrong answer. Its message clears after 5 s, so a check that outlasts it is redone.
    const alerts = main(page).getByRole('form', { name: 'Deadline alerts' });
    for (const [refusal, email] of [
      ['without an email', ''],
      ['with a wrong answer', 'grace.hopper@example.com'],
    ]) {
      const label = `/free-tools/deadline-alerts after a sign-up ${refusal}`;
      await expectNoViolationsWhileShown(page, alerts.getByRole('alert'), label, async () => {
        await visit(page, '/free-tools/deadline-alerts');
        await alerts.getByLabel('Business email').fill(email);
        // Never the sum of two numbers from 1 to 10.
        await alerts.locator('input[name="captcha"]').fill('0');
        await alerts.getByRole('button', { name: 'Subscribe' }).click();
        await alerts.getByRole('alert').waitFor();
        await expectInvalidFieldsDescribed(alerts, label, { refused: true });
      });
    }

    // /cta-landing's callback form, hidden until asked for: empty, then with an email it refuses.
    await visit(page, '/cta-landing');
    await main(page).getByRole('button', { name: 'Request a call back' }).click();
    const lead = main(page).getByRole('form', { name: 'Consultation request' });
    await failSubmit(page, lead, "/cta-landing's callback form after a failed submit");
    await expectNoAxeViolations(page, "/cta-landing's callback form after a failed submit");
    await expectFieldInError(lead.getByLabel('Full Name'), 'Please enter your full name');
    await lead.getByLabel('Full Name').fill('Grace Hopper');
    await lead.getByLabel('Business Email').fill('grace.hopper');
    await lead.getByRole('button', { name: 'Request My Consultation' }).click();
    await lead.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }).waitFor();
    await expectNoAxeViolations(page, "/cta-landing's callback form after an invalid email");
    await expectInvalidFieldsDescribed(lead, "/cta-landing's callback form after an invalid email", { refused: true });
    await expectFieldInError(lead.getByLabel('Business Email'), 'Please enter a valid email address');

    // A sign-in the server refuses: its message shown.
    await visit(page, '/signin');
    expectFailedResponses(page, { status: 401, path: '/api/auth/login' });
    await submitSignIn(page, { email: client.email, password: 'Wrong-pass1' });
    await main(page).getByRole('alert').first().waitFor();
    await expectNoAxeViolations(page, '/signin after a refused sign-in');
    await expectInvalidFieldsDescribed(main(page), '/signin after a refused sign-in');

    // The code step of a client with two-factor on: a code of the app, a recovery code, a refused code.
    await visit(page, '/signin');
    expectFailedResponses(page, { status: 401, path: '/api/auth/two-factor/verify' });
    await submitSignIn(page, twoFactorClient);
    const codeStep = main(page).getByRole('form', { name: 'Two-factor authentication' });
    await codeStep.getByLabel('Authentication code').waitFor();
    await expectNoAxeViolations(page, "/signin's code step");
    await codeStep.getByRole('button', { name: 'Use a recovery code' }).click();
    await codeStep.getByLabel('Recovery code').waitFor();
    await expectNoAxeViolations(page, "/signin's code step, with a recovery code");
    await codeStep.getByRole('button', { name: 'Use your authenticator app' }).click();
    await codeStep.getByLabel('Authentication code').fill('000000');
    await codeStep.getByRole('button', { name: 'Verify' }).click();
    await codeStep.getByText('Invalid authentication code. Please try again.').waitFor();
    await expectNoAxeViolations(page, "/signin's code step after a refused code");
    await expectInvalidFieldsDescribed(codeStep, "/signin's code step after a refused code");

    // The 'Send Us a Message' dialog, which a filing past its deadline opens, and after a failed submit.
    await visit(page, `/filings/${filingSlug((await pastDeadlineFiling()).form_name)}`);
    await main(page).getByRole('button', { name: 'Send Message' }).click();
    const message = page.getByRole('dialog', { name: 'Send Us a Message' });
    await message.waitFor();
    await expectNoAxeViolations(page, "the 'Send Us a Message' dialog");
    await message.getByRole('button', { name: 'Send Message' }).click();
    await message.getByRole('alert').first().waitFor();
    await expectNoAxeViolations(page, "the 'Send Us a Message' dialog after a failed submit");
    await expectInvalidFieldsDescribed(message, "the 'Send Us a Message' dialog after a failed submit", {
      refused: true,
    });
    await page.keyboard.press('Escape');

    const mobile = await newPage({ viewport: MOBILE });
    await check(mobile, '/');
    const toggle = mobile.getByRole('banner').getByRole('button', { name: 'Menu' });
    await toggle.click();
    await expectNoAxeViolations(mobile, 'the mobile menu, open');
    await mobile.getByRole('banner').getByRole('button', { name: 'Book a demo' }).click();
    await mobile.getByRole('dialog', { name: 'Book a Call' }).waitFor();
    await expectNoAxeViolations(mobile, "the 'Book a Call' dialog");
    await mobile.getByRole('dialog').getByRole('button', { name: 'Send Message' }).click();
    await mobile.getByRole('dialog').getByRole('alert').first().waitFor();
    await expectNoAxeViolations(mobile, "the 'Book a Call' dialog after a failed submit");
    await expectInvalidFieldsDescribed(mobile.getByRole('dialog'), "the 'Book a Call' dialog after a failed submit", {
      refused: true,
    });
  });

  it('forms after a valid submission, as a visitor sees them', async () => {
    const page = await newPage();
    // /cta-landing's callback form: its thank-you view replaces the page.
    await visit(page, '/cta-landing');
    await main(page).getByRole('button', { name: 'Request a call back' }).click();
    const lead = main(page).getByRole('form', { name: 'Consultation request' });
    await lead.getByLabel('Full Name').fill('Grace Hopper');
    await lead.getByLabel('Business Email').fill(uniqueEmail('a11y-lead'));
    await lead.getByLabel('Company').fill('Harbor Labs');
    await lead.getByRole('button', { name: 'Request My Consultation' }).click();
    await main(page).getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
    await expectNoAxeViolations(page, "/cta-landing's thank-you view");

    await expectNoViolationsWhileShown(
      page,
      main(page).getByText('Your application has been submitted successfully!'),
      '/careers after an application',
      async () => {
        await visit(page, '/careers');
        await applyWithResume(page, { name: 'Grace Hopper', email: uniqueEmail('a11y-apply'), file: 'a11y-cv.pdf' });
      },
    );
    await expectNoViolationsWhileShown(
      page,
      main(page).getByText('Thank you! Your perk provider submission has been received.'),
      '/perks after an offer',
      async () => {
        await visit(page, '/perks');
        await offerPerk(page, uniqueEmail('a11y-perk'));
      },
    );
    await expectNoViolationsWhileShown(
      page,
      main(page).getByRole('form', { name: 'Contact form' }).getByText('Your message has been sent successfully!'),
      '/contact after a message',
      async () => {
        await visit(page, '/contact');
        const contact = main(page).getByRole('form', { name: 'Contact form' });
        await contact.getByLabel('Name').fill('Grace Hopper');
        await contact.getByLabel('Email').fill(uniqueEmail('a11y-contact'));
        await contact.getByLabel('Subject').fill('A question');
        await contact.getByLabel('Message').fill('When is my next filing due?');
        await contact.getByRole('button', { name: 'Send Message' }).click();
      },
    );

    // The 'Send Us a Message' dialog once sent: it closes 3 s later, so a check that outlasts it is redone.
    const pastDeadline = `/filings/${filingSlug((await pastDeadlineFiling()).form_name)}`;
    const dialog = page.getByRole('dialog', { name: 'Send Us a Message' });
    await expectNoViolationsWhileShown(
      page,
      dialog.getByText('Your message has been sent successfully!'),
      "the 'Send Us a Message' dialog after a message",
      async () => {
        await visit(page, pastDeadline);
        await main(page).getByRole('button', { name: 'Send Message' }).click();
        await dialog.getByLabel('Name').fill('Grace Hopper');
        await dialog.getByLabel('Email').fill(uniqueEmail('a11y-modal'));
        await dialog.getByRole('button', { name: 'Send Message' }).click();
      },
    );
  });

  it('client pages, menus and dialogs, signed in', async () => {
    const page = await newPage();
    await signInWithStoredSession(page, client);
    const token = await tokenOf(page);
    const subscription = await subscribe(token, 'Books', 'bookkeeping-growth');

    await check(page, '/profile');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu for / })
      .click();
    await expectNoAxeViolations(page, 'the account menu, open');
    await page.keyboard.press('Escape');

    const item = main(page).getByRole('region', { name: 'My Subscriptions' }).getByRole('listitem').first();
    await item.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog', { name: 'Cancel Subscription' }).waitFor();
    await expectNoAxeViolations(page, 'the Cancel Subscription dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Subscription' }).click();
    await item.getByRole('button', { name: 'Re-Activate' }).click();
    await page.getByRole('dialog', { name: 'Re-Activate Subscription' }).waitFor();
    await expectNoAxeViolations(page, 'the Re-Activate Subscription dialog');
    await page.keyboard.press('Escape');

    // The profile form while editing, after a failed save.
    await main(page).getByRole('button', { name: 'Edit' }).click();
    await main(page).getByLabel('First name').fill('');
    await main(page).getByRole('button', { name: 'Save' }).click();
    await main(page).getByRole('alert').first().waitFor();
    await expectNoAxeViolations(page, '/profile, editing, after a failed save');
    await expectInvalidFieldsDescribed(main(page), '/profile, editing, after a failed save', { refused: true });

    await check(page, '/settings');
    // Settings' Change password form after a failed submit.
    await failSubmit(
      page,
      main(page).getByRole('form', { name: 'Change password' }),
      "/settings' Change password form after a failed submit",
    );
    await expectNoAxeViolations(page, "/settings' Change password form after a failed submit");
    await check(page, `/subscription/${subscription.id}/invoices`);
    await check(page, `/subscription/${subscription.id}/payment`);
    await check(page, `/subscription/confirmation?id=${subscription.id}`);
    await check(page, '/service-purchase');
    await check(page, '/filing-purchase');
    await check(page, '/subscribe');

    // A checkout after a failed submit.
    await visit(page, `/subscribe?package=${await serviceIdOf('Books', 'bookkeeping-scale')}&trial=1`);
    const form = main(page);
    await form.getByLabel('Card number').waitFor();
    await expectNoAxeViolations(page, '/subscribe with a package');
    await form.getByLabel('Full name').fill('');
    await form.getByRole('button', { name: 'Start Free Trial' }).click();
    await form.getByText('Please enter your name').waitFor();
    await expectNoAxeViolations(page, '/subscribe after a failed submit');
    await expectInvalidFieldsDescribed(form, '/subscribe after a failed submit', { refused: true });

    // A service and a filing bought, and their confirmations.
    await buyAndCheck(page, `/service-purchase?service=${await serviceIdOf('Company', 'llc-formation')}`, {
      confirmation: '/service-confirmation',
      heading: 'Purchase Confirmed',
    });
    const annualReport = (await filingForms()).find((filing) => filing.form_name === 'Annual Report')!;
    await buyAndCheck(page, `/filing-purchase?filing=${annualReport.id}`, {
      confirmation: '/filing-confirmation',
      heading: 'Filing Purchase Confirmed',
    });

    // The profile with a subscription and purchases.
    await check(page, '/profile');

    // The dashboard with a file in the vault, and the delete question.
    await visit(page, '/dashboard');
    const vault = form.getByRole('tabpanel', { name: 'My Vault' });
    await vault.getByLabel('Choose a file').setInputFiles({
      name: 'a11y statement.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('statement'),
    });
    await vault.getByRole('button', { name: 'Upload' }).click();
    await vault.getByRole('button', { name: 'Delete a11y statement.pdf' }).click();
    await page.getByRole('dialog', { name: 'Delete file' }).waitFor();
    await expectNoAxeViolations(page, "/dashboard's delete dialog");
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expectNoAxeViolations(page, '/dashboard with a file');
    await checkSharedFileTabs(page, 'the client');
    await main(page).getByRole('searchbox', { name: 'Search all files' }).fill('statement');
    await main(page).getByRole('heading', { name: 'Search results' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, "/dashboard's search results");

    // The small screen's header, signed in: the account and mobile menus open.
    const mobile = await newPage({ viewport: MOBILE });
    await signInWithStoredSession(mobile, client);
    await check(mobile, '/dashboard');
    for (const menu of [/^Account menu for /, /^Menu$/]) {
      await mobile.getByRole('banner').getByRole('button', { name: menu }).click();
      await expectNoAxeViolations(mobile, `the ${String(menu)} on a small screen, open`);
      await mobile.keyboard.press('Escape');
    }
  });

  it('admin pages and dialogs, and the onboarding pages an invite code opens', async () => {
    const admin = await newPage();
    await signInWithStoredSession(admin, adminAccount());
    await visit(admin, '/admin');
    await expectNoAxeViolations(admin, '/admin, invite codes');

    // The create dialog, after a failed submit and then filled.
    await main(admin).getByRole('button', { name: 'Create Invite Code' }).click();
    const create = admin.getByRole('dialog', { name: 'Create Invite Code' });
    await expectNoAxeViolations(admin, 'the Create Invite Code dialog');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await create.getByRole('alert').waitFor();
    await expectNoAxeViolations(admin, 'the Create Invite Code dialog after a failed submit');
    await expectInvalidFieldsDescribed(create, 'the Create Invite Code dialog after a failed submit', {
      refused: true,
    });
    await create.getByLabel('Route').selectOption({ label: 'Onboard New Retail Client' });
    const description = `a11y ${Date.now()}`;
    await create.getByLabel('Description (optional)').fill(description);
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await create.waitFor({ state: 'hidden' });
    const row = main(admin).getByRole('row').filter({ hasText: description });
    const code = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
    await expectNoAxeViolations(admin, '/admin with a new code and its notice');

    await row.getByRole('button', { name: `View ${code}` }).click();
    await admin.getByRole('dialog').waitFor();
    await expectNoAxeViolations(admin, 'the view invite code dialog');
    await admin.keyboard.press('Escape');
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    await expectNoAxeViolations(admin, 'an invite code being edited');
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    await row.getByRole('button', { name: `Email ${code}` }).click();
    const send = admin.getByRole('dialog', { name: 'Send Invite Code via Email' });
    await send.waitFor();
    await expectNoAxeViolations(admin, 'the Send Invite Code via Email dialog');
    await send.getByRole('button', { name: 'Send Email' }).click();
    await send.locator('[role="alert"], [aria-invalid="true"]').first().waitFor();
    await expectNoAxeViolations(admin, 'the Send Invite Code via Email dialog after a failed submit');
    await expectInvalidFieldsDescribed(send, 'the Send Invite Code via Email dialog after a failed submit', {
      refused: true,
    });
    await admin.keyboard.press('Escape');

    for (const tab of ['submissions', 'client-documents', 'audit-log', 'other-settings']) {
      await check(admin, `/admin?tab=${tab}`);
    }
    // The inbox with an open and a handled message (a handled one is drawn set back).
    for (const name of ['Open', 'Handled'].map((state) => `a11y ${state} ${Date.now()}`)) {
      const sent = await fetch(`${baseUrl()}/api/messages/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
        body: JSON.stringify({ name, email: 'a11y-inbox@example.com', message: 'Please call me back.' }),
      });
      expect(sent.status).toBe(201);
    }
    await visit(admin, '/admin?tab=inbox');
    const handled = main(admin).getByRole('article', { name: /a11y Handled/ });
    await handled.getByRole('button', { name: 'Mark as handled' }).click();
    await handled.getByRole('button', { name: 'Mark as open' }).waitFor();
    await expectNoAxeViolations(admin, '/admin?tab=inbox, an open and a handled message');
    // A file in the client's vault of its own (the client test uploads one too, through the page).
    await uploadFile(await apiToken(client), '/vault/files', { name: 'a11y return.pdf', content: 'return' });
    await visit(admin, '/admin?tab=client-documents');
    await main(admin).getByRole('row').filter({ hasText: client.email }).getByRole('link').click();
    await admin.waitForURL((url) => url.pathname.startsWith('/admin/documents/'));
    await admin.waitForLoadState('networkidle');
    await expectNoAxeViolations(admin, "a client's documents");

    // The library admin: upload forms and delete buttons on the dashboard's shared lists.
    await visit(admin, '/dashboard');
    await checkSharedFileTabs(admin, 'the admin');
    await check(admin, '/settings');

    // The onboarding pages, with a valid code, then after a failed submit, and with a wrong code.
    const visitor = await newPage();
    await check(visitor, `/new-client?code=${code}`);
    await failSubmit(visitor, main(visitor).locator('form'), '/new-client after a failed submit');
    await expectNoAxeViolations(visitor, '/new-client after a failed submit');
    await check(visitor, `/new-nonprofit-llc?code=${code}`);
    await check(visitor, '/new-client');
    expectFailedResponses(visitor, { status: 404, path: '/api/invite-codes/NO-SUCH-CODE' });
    await check(visitor, '/new-client?code=NO-SUCH-CODE');
  });

  it('the non-profit questionnaire, and an invite code edited and refused', async () => {
    const description = `a11y nonprofit ${Date.now()}`;
    const { invite_code: code } = await api<{ invite_code: string }>('/invite-codes/', await apiToken(adminAccount()), {
      method: 'POST',
      body: {
        expiration_datetime: new Date(Date.now() + 48 * 3600_000).toISOString(),
        route: '/new-nonprofit-llc',
        description,
      },
    });

    // The admin's inline edit of the code: open, then saves it refuses (no expiration, one in the past).
    const admin = await newPage();
    await signInWithStoredSession(admin, adminAccount());
    await visit(admin, '/admin');
    const row = main(admin).getByRole('row').filter({ hasText: description });
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    const edit = main(admin).getByRole('form', { name: `Edit invite code ${code}` });
    await expectNoAxeViolations(admin, 'a non-profit invite code being edited');
    for (const [refusal, expiration, message] of [
      ['without an expiration', '', 'Expiration date and time is required.'],
      ['with a past expiration', '2020-01-01T09:00', 'Expiration must be in the future.'],
    ]) {
      const label = `an invite code being edited, after a save ${refusal}`;
      await edit.getByLabel('Expires').fill(expiration);
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.getByRole('alert').filter({ hasText: message }).waitFor();
      await expectNoAxeViolations(admin, label);
      await expectInvalidFieldsDescribed(edit, label, { refused: true });
      await expectFieldInError(edit.getByLabel('Expires'), message);
    }

    // The visitor the code is for: the questionnaire, then after a failed submit.
    const visitor = await newPage();
    await check(visitor, `/new-nonprofit-llc?code=${code}`);
    const questionnaire = main(visitor).getByRole('form', { name: 'Non-Profit LLC Formation Questionnaire' });
    await questionnaire.waitFor();
    await failSubmit(visitor, questionnaire, '/new-nonprofit-llc after a failed submit');
    await expectNoAxeViolations(visitor, '/new-nonprofit-llc after a failed submit');
  });

  it("/settings' two-factor enrolment, and refusals the server words", async () => {
    // The client's enrolment step (set up only: a pending secret, two-factor stays off), refused by the
    // form's own check (no password) and by the server (a wrong code).
    const page = await newPage();
    await signInWithStoredSession(page, client);
    await visit(page, '/settings');
    await main(page).getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const enrol = main(page).getByRole('form', { name: 'Set up two-factor authentication' });
    await enrol.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await expectNoAxeViolations(page, "/settings' two-factor enrolment step");
    await enrol.getByRole('button', { name: 'Turn on' }).click();
    await enrol.getByRole('alert').waitFor();
    await expectNoAxeViolations(page, "/settings' two-factor enrolment without a password");
    await expectInvalidFieldsDescribed(enrol, "/settings' two-factor enrolment without a password", {
      refused: true,
    });
    expectFailedResponses(page, { status: 400, path: '/api/auth/two-factor/enable' });
    await enrol.getByLabel('Password', { exact: true }).fill(client.password);
    // Six digits, never the current code of the new secret (but for a one in a million chance).
    await enrol.getByLabel('Authentication code').fill('000000');
    await enrol.getByRole('button', { name: 'Turn on' }).click();
    await enrol.getByRole('alert').filter({ hasText: 'Invalid authentication code. Please try again.' }).waitFor();
    await expectNoAxeViolations(page, "/settings' two-factor enrolment after a wrong code");
    await expectInvalidFieldsDescribed(enrol, "/settings' two-factor enrolment after a wrong code", {
      refused: true,
    });
    await expectFieldInError(enrol.getByLabel('Authentication code'), 'Invalid authentication code. Please try again.');

    // The turn-off form of a client with two-factor on: refused by its own check (nothing entered), then by
    // the server (a wrong password, a wrong code); each time the fields the message is about are marked.
    const enrolled = await newPage();
    await signInWithStoredSession(enrolled, twoFactorClient);
    await visit(enrolled, '/settings');
    const off = main(enrolled).getByRole('form', { name: 'Turn off two-factor authentication' });
    const offPassword = off.getByLabel('Password', { exact: true });
    const offCode = off.getByLabel('Authentication or recovery code');
    const turnOff = async (password: string, code: string, message: string) => {
      await offPassword.fill(password);
      await offCode.fill(code);
      await off.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
      await off.getByRole('alert').filter({ hasText: message }).waitFor();
      const label = `/settings' turn-off form after '${message}'`;
      await expectNoAxeViolations(enrolled, label);
      await expectInvalidFieldsDescribed(off, label, { refused: true });
    };
    await turnOff('', '', 'Please enter your password and a code');
    await expectFieldInError(offPassword, 'Please enter your password and a code');
    await expectFieldInError(offCode, 'Please enter your password and a code');
    await turnOff(twoFactorClient.password, '', 'Please enter your password and a code');
    expect(await offPassword.getAttribute('aria-invalid')).not.toBe('true');
    await expectFieldInError(offCode, 'Please enter your password and a code');
    expectFailedResponses(enrolled, { status: 400, path: '/api/auth/two-factor/disable' });
    await turnOff('Wrong-pass1', '000000', 'Incorrect password');
    await expectFieldInError(offPassword, 'Incorrect password');
    expect(await offCode.getAttribute('aria-invalid')).not.toBe('true');
    await turnOff(twoFactorClient.password, '000000', 'Invalid authentication code. Please try again.');
    await expectFieldInError(offCode, 'Invalid authentication code. Please try again.');
    expect(await offPassword.getAttribute('aria-invalid')).not.toBe('true');

    // /signup with an e-mail already registered: the server's 409 message.
    const visitor = await newPage();
    await visit(visitor, '/signup');
    expectFailedResponses(visitor, { status: 409, path: '/api/auth/register' });
    const signUp = main(visitor).locator('form');
    await signUp.getByLabel('First name').fill('Grace');
    await signUp.getByLabel('Email').fill(client.email);
    await signUp.getByLabel('Password', { exact: true }).fill(client.password);
    await signUp.getByLabel('Confirm password').fill(client.password);
    // The names the server needs are checked first, at their own field (no call).
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await signUp.getByRole('alert').filter({ hasText: 'Last name is required' }).waitFor();
    await expectFieldInError(signUp.getByLabel('Last name'), 'Last name is required');
    expect(await signUp.getByLabel('Email').getAttribute('aria-invalid')).not.toBe('true');
    await signUp.getByLabel('Last name').fill('Hopper');
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await signUp.getByRole('alert').filter({ hasText: 'An account with this email already exists.' }).waitFor();
    await expectNoAxeViolations(visitor, '/signup with an e-mail already registered');
    await expectInvalidFieldsDescribed(signUp, '/signup with an e-mail already registered', { refused: true });
    await expectFieldInError(signUp.getByLabel('Email'), 'An account with this email already exists.');

    // /verify-email's resend form: an address it refuses, then one the server has sent to too often (five
    // requests an hour per address, spent here through the API).
    const email = uniqueEmail('a11y-resend');
    await visit(visitor, `/verify-email?email=${encodeURIComponent(email)}`);
    const resend = main(visitor).getByRole('form', { name: 'Resend the verification email' });
    await resend.getByLabel('Email').fill('grace.hopper');
    await resend.getByRole('button', { name: 'Resend verification email' }).click();
    await resend.getByRole('alert').waitFor();
    await expectNoAxeViolations(visitor, "/verify-email's resend form after an invalid email");
    await expectInvalidFieldsDescribed(resend, "/verify-email's resend form after an invalid email", {
      refused: true,
    });
    for (let request = 0; request < 5; request += 1) {
      const sent = await fetch(`${baseUrl()}/api/auth/verify-email/request/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
        body: JSON.stringify({ email }),
      });
      expect(sent.status).toBe(200);
    }
    expectFailedResponses(visitor, { status: 429, path: '/api/auth/verify-email/request/' });
    await resend.getByLabel('Email').fill(email);
    await resend.getByRole('button', { name: 'Resend verification email' }).click();
    await resend.getByRole('alert').filter({ hasNotText: 'Please enter a valid email address' }).waitFor();
    await expectNoAxeViolations(visitor, "/verify-email's resend form refused by the server");
    const refused = "/verify-email's resend form refused by the server";
    await expectInvalidFieldsDescribed(resend, refused);
    // No field is at fault (the address is fine, only asked for too often), but the field is described by why.
    const refusal = ((await resend.getByRole('alert').textContent()) ?? '').trim();
    if (!refusal || !(await descriptionOf(resend.getByLabel('Email'))).includes(refusal)) {
      throw new Error(`${refused}: the Email field is not described by the refusal '${refusal}'`);
    }
  });
});
