import type { Browser, Locator, Page, Request } from 'playwright-core';
import { localDateKey } from '../src/features/filings/deadline';
import { FOOTER_FILING_NAMES, filingSlug } from '../src/features/filings/slug';
import { baseUrl, expectFailedResponses, holdRequests, launchBrowser, newPage } from './support/browser';
import { expectAfter, expectClearedAfter5s, pauseClock, runClockUntilVisible, watchText } from './support/clock';

// The public site against the real catalog and notifications services. Expected values come from the
// API, never from the seed's titles.

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

interface MenuItem {
  id: string;
  path: string;
  title: string;
  description: string;
  icon: string | null;
}

interface CatalogService {
  id: string;
  category: string;
  title: string;
  price: string;
}

interface FilingForm {
  id: string;
  form_name: string;
  deadline_date: string | null;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Loads `path` and waits until the page inside <main> has rendered its title. */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await main(page).getByRole('heading', { level: 1 }).first().waitFor();
  // A prerendered page shows its heading before any script runs: wait until the app has loaded, hydrated
  // and fetched the page's data again, so that none of that lands in the middle of a test's clock steps.
  await page.waitForLoadState('networkidle');
}

function main(page: Page): Locator {
  return page.getByRole('main');
}

function banner(page: Page): Locator {
  return page.getByRole('banner');
}

/** The panel a disclosure button controls. */
async function panelOf(page: Page, button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls');
  if (!id) throw new Error('The menu button names no panel');
  return page.locator(`[id="${id}"]`);
}

function activeElement(page: Page): Promise<{ text: string; href: string | null }> {
  return page.evaluate(() => ({
    text: document.activeElement?.textContent?.trim() ?? '',
    href: document.activeElement?.getAttribute('href') ?? null,
  }));
}

function future(days: number): Date {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date;
}

describe('header', () => {
  it('opens the Services menu with the items of the menu call, and works from the keyboard', async () => {
    const items = await api<MenuItem[]>('/menu/');
    expect(items.length).toBeGreaterThan(0);
    const page = await newPage(browser, { viewport: DESKTOP });
    await open(page, '/');

    const services = banner(page).getByRole('button', { name: 'Services', exact: true });
    const panel = await panelOf(page, services);
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    await services.click();
    await panel.getByRole('link').first().waitFor();

    const links = panel.getByRole('link');
    expect(await links.evaluateAll((elements) => elements.map((e) => e.getAttribute('href')))).toEqual(
      items.map((item) => item.path),
    );
    for (const [index, item] of items.entries()) {
      const text = await links.nth(index).textContent();
      expect(text).toContain(item.title);
      expect(text).toContain(item.description);
    }
    expect(await panel.locator('svg').count()).toBe(items.length);

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect((await activeElement(page)).text).toBe('Services');

    // ArrowDown opens it on the first item; the arrows, Home and End move; Enter follows the link.
    await page.keyboard.press('ArrowDown');
    await panel.waitFor();
    await page.waitForFunction((href) => document.activeElement?.getAttribute('href') === href, items[0].path);
    await page.keyboard.press('End');
    expect((await activeElement(page)).href).toBe(items[items.length - 1].path);
    await page.keyboard.press('Home');
    expect((await activeElement(page)).href).toBe(items[0].path);
    if (items.length > 1) {
      await page.keyboard.press('ArrowDown');
      expect((await activeElement(page)).href).toBe(items[1].path);
    }
    const target = (await activeElement(page)).href!;
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === target);
    await panel.waitFor({ state: 'hidden' });

    // The About menu: About Us, Careers, Contact; an outside click closes it.
    const about = banner(page).getByRole('button', { name: 'About', exact: true });
    const aboutPanel = await panelOf(page, about);
    await about.click();
    expect(
      await aboutPanel
        .getByRole('link')
        .evaluateAll((elements) => elements.map((e) => [e.textContent, e.getAttribute('href')])),
    ).toEqual([
      ['About Us', '/about'],
      ['Careers', '/careers'],
      ['Contact', '/contact'],
    ]);
    await page.mouse.click(5, DESKTOP.height - 5);
    await aboutPanel.waitFor({ state: 'hidden' });
  });

  it("says 'No menu items found' for an empty menu and 'Error loading menu' when the call fails", async () => {
    const empty = await newPage(browser, { viewport: DESKTOP });
    await empty.route('**/api/menu/', (route) => route.fulfill({ status: 200, json: [] }));
    await open(empty, '/about');
    await banner(empty).getByRole('button', { name: 'Services', exact: true }).click();
    await banner(empty).getByText('No menu items found').waitFor();

    const failing = await newPage(browser, { viewport: DESKTOP });
    expectFailedResponses(failing, { status: 500, path: '/api/menu/' });
    await failing.route('**/api/menu/', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Catalog unavailable' } }),
    );
    await open(failing, '/about');
    await banner(failing).getByRole('button', { name: 'Services', exact: true }).click();
    // Failed reads are retried twice (1 s, then 2 s) before the error shows.
    await banner(failing).getByText('Error loading menu').waitFor({ timeout: 10_000 });
  });

  it("shows the mobile menu below 992px, with the same items, /pricing and 'Book a demo'", async () => {
    const items = await api<MenuItem[]>('/menu/');
    const page = await newPage(browser, { viewport: MOBILE });
    await open(page, '/');

    expect(await banner(page).getByRole('button', { name: 'Services', exact: true }).count()).toBe(0);
    const toggle = banner(page).getByRole('button', { name: 'Menu' });
    const panel = await panelOf(page, toggle);
    await toggle.click();
    await panel.getByRole('link', { name: items[0].title }).waitFor();

    for (const item of items) {
      expect(await panel.getByRole('link', { name: item.title, exact: true }).getAttribute('href')).toBe(item.path);
    }
    for (const [name, href] of [
      ['Pricing', '/pricing'],
      ['Filings', '/filings'],
      ['About Us', '/about'],
      ['Careers', '/careers'],
      ['Contact', '/contact'],
      ['Sign in', '/signin?redirect=%2F'],
    ]) {
      expect(await panel.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    const bookDemo = panel.getByRole('button', { name: 'Book a demo' });
    expect(await bookDemo.isVisible()).toBe(true);

    // An outside click closes it; Escape too.
    await page.mouse.click(MOBILE.width / 2, MOBILE.height - 10);
    await panel.waitFor({ state: 'hidden' });
    await toggle.click();
    await bookDemo.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // Without a configured scheduling page, 'Book a demo' opens the 'Book a Call' modal.
    await toggle.click();
    await bookDemo.click();
    await page.getByRole('dialog', { name: 'Book a Call' }).waitFor();
    await panel.waitFor({ state: 'hidden' });
  });
});

describe('newsletter', () => {
  async function footerForm(page: Page) {
    await open(page, '/');
    const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' });
    await form.scrollIntoViewIfNeeded();
    return {
      form,
      email: form.getByRole('textbox'),
      submit: form.getByRole('button', { name: 'Subscribe' }),
    };
  }

  it('subscribes, clears the e-mail and clears the message after 5 s', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await page.clock.install();
    const { form, email, submit } = await footerForm(page);
    await pauseClock(page);
    const address = `e2e-newsletter-${Date.now()}@example.com`;
    await watchText(page, 'Successfully subscribed!');

    await email.fill(address);
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/newsletter/subscribe/'));
    await submit.click();

    expect((await sent).postDataJSON()).toEqual({ email: address, source: 'website_footer' });
    const message = form.getByText('Successfully subscribed!');
    await message.waitFor();
    expect(await email.inputValue()).toBe('');
    await expectClearedAfter5s(page);
  });

  it('says the subscription failed and keeps the e-mail', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    expectFailedResponses(page, { status: 500, path: '/api/newsletter/subscribe/' });
    await page.route(
      '**/api/newsletter/subscribe/',
      (route) => route.fulfill({ status: 500, json: { detail: 'Mail queue down' } }),
      { times: 1 },
    );
    const { form, email, submit } = await footerForm(page);

    await email.fill('e2e-newsletter-fail@example.com');
    await submit.click();

    await form.getByText('Failed to subscribe. Please try again.').waitFor();
    expect(await email.inputValue()).toBe('e2e-newsletter-fail@example.com');
    expect(await submit.isEnabled()).toBe(true);
  });
});

describe('contact page', () => {
  it('sends a message, clears the form and clears the message after 5 s', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await page.clock.install();
    await open(page, '/contact');
    await pauseClock(page);
    const form = main(page).getByRole('form', { name: 'Contact form' });

    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('Please enter your name');
    expect(await form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    // The fields stop at the server's limits: nothing typed there is refused for its length.
    expect(
      await Promise.all(
        ['Name', 'Subject', 'Message'].map((label) => form.getByLabel(label).getAttribute('maxlength')),
      ),
    ).toEqual(['200', '200', '5000']);
    await form.getByLabel('Name').fill('Ann Lee');
    await form.getByLabel('Email').fill(`e2e-contact-${Date.now()}@example.com`);
    await form.getByLabel('Subject').fill('A question');
    await form.getByLabel('Message').fill('When is my next filing due?');
    await watchText(page, 'Your message has been sent successfully!');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/messages/'));
    await form.getByRole('button', { name: 'Send Message' }).click();

    expect((await sent).postDataJSON()).toMatchObject({ name: 'Ann Lee', subject: 'A question' });
    // The reply reaches the page through the query library's 0 ms timers, which the paused clock holds.
    const message = form.getByText('Your message has been sent successfully!');
    await runClockUntilVisible(page, message);
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    await expectClearedAfter5s(page);
  });
});

describe('filings', () => {
  it('opens a filing from its footer link by slug, with Start Filing', async () => {
    const forms = await api<FilingForm[]>('/forms/');
    const today = localDateKey(new Date());
    const form = FOOTER_FILING_NAMES.map((name) => forms.find((f) => f.form_name === name)).find(
      (f): f is FilingForm => !!f && !!f.deadline_date && f.deadline_date >= today,
    );
    if (!form) throw new Error('No footer filing with a deadline ahead in the catalog');
    const page = await newPage(browser, { viewport: DESKTOP });
    await open(page, '/about');

    await page.getByRole('contentinfo').getByRole('link', { name: form.form_name, exact: true }).click();

    await page.waitForURL((url) => url.pathname === `/forms/${filingSlug(form.form_name)}`);
    await main(page).getByRole('heading', { level: 1, name: form.form_name }).waitFor();
    expect(await main(page).getByRole('link', { name: 'Start Filing' }).getAttribute('href')).toBe(
      `/filing-purchase?filing=${form.id}`,
    );
    expect(await main(page).getByRole('button', { name: 'Send Message' }).count()).toBe(0);

    // The same page under /filings.
    await open(page, `/filings/${filingSlug(form.form_name)}`);
    await main(page).getByRole('heading', { level: 1, name: form.form_name }).waitFor();
  });

  it("says 'Form not found' for an unknown slug, with 'View All Filings'", async () => {
    const forms = await api<FilingForm[]>('/forms/');
    const page = await newPage(browser, { viewport: DESKTOP });
    await open(page, '/forms/no-such-filing-e2e');

    expect(await main(page).getByRole('heading', { level: 1 }).textContent()).toBe('Form not found');
    await main(page).getByRole('link', { name: 'View All Filings' }).click();

    await page.waitForURL((url) => url.pathname === '/filings');
    await main(page).getByRole('link', { name: forms[0].form_name, exact: true }).waitFor();
    expect(await main(page).getByRole('listitem').count()).toBe(forms.length);
  });

  it("warns when the deadline has passed and offers 'Send Message' instead of 'Start Filing'", async () => {
    const forms = await api<FilingForm[]>('/forms/');
    const today = localDateKey(new Date());
    const page = await newPage(browser, { viewport: DESKTOP });
    let form = forms.find((f) => !!f.deadline_date && f.deadline_date < today);
    if (!form) {
      // The catalog has no passed deadline today: give one form yesterday's.
      form = { ...forms[0], deadline_date: localDateKey(future(-1)) };
      const passed = form;
      await page.route('**/api/forms/', async (route) => {
        const response = await route.fetch();
        const list = (await response.json()) as FilingForm[];
        await route.fulfill({ response, json: list.map((f) => (f.id === passed.id ? passed : f)) });
      });
    }
    await open(page, `/forms/${filingSlug(form.form_name)}`);

    await main(page).getByRole('heading', { level: 1, name: form.form_name }).waitFor();
    expect(await main(page).getByRole('alert').textContent()).toMatch(/The deadline for this filing \(.+\) has passed/);
    expect(await main(page).getByRole('link', { name: 'Start Filing' }).count()).toBe(0);
    await main(page).getByRole('button', { name: 'Send Message' }).click();

    const dialog = page.getByRole('dialog', { name: 'Send Us a Message' });
    expect(await dialog.getByLabel('Message').inputValue()).toBe(`I need assistance with ${form.form_name}.`);
    expect(await dialog.getByLabel(/Preferred date/).count()).toBe(0);
  });
});

describe('contact modal', () => {
  it('refuses a past date and off-step times, folds the chosen slot into the message and closes 3 s after sending', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await page.clock.install();
    const messages: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/messages/')) messages.push(request);
    });
    await open(page, '/cta-landing');

    const opener = main(page).getByRole('button', { name: 'Book My Consultation' }).first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Book a Call' });
    await dialog.waitFor();
    // Focus starts in the dialog, on the first field.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await dialog.getByLabel('Name').fill('Ann Lee');
    await dialog.getByLabel('Email').fill(`e2e-modal-${Date.now()}@example.com`);
    const preferred = dialog.getByLabel(/Preferred date and time/);
    const send = dialog.getByRole('button', { name: 'Send Message' });

    await preferred.fill('2020-01-06T10:00');
    await send.click();
    await dialog.getByText('The preferred date and time cannot be in the past').waitFor();
    expect(await preferred.getAttribute('aria-invalid')).toBe('true');

    const slot = future(3);
    const day = localDateKey(slot);
    await preferred.fill(`${day}T10:15`);
    await send.click();
    await dialog.getByText('Please choose a time on the hour or the half hour').waitFor();
    expect(messages).toHaveLength(0);

    await preferred.fill(`${day}T10:30`);
    // A phone the server would refuse is refused here, at its field (isPhoneNumber).
    const phone = dialog.getByLabel('Phone (optional)');
    await phone.fill('12345');
    await send.click();
    await dialog.getByText('Please enter a valid phone number').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(messages).toHaveLength(0);
    await phone.fill('');

    // The send fails once (part 1, section 8's words), the form stays as typed.
    expectFailedResponses(page, { status: 500, path: '/api/messages/' });
    await page.route('**/api/messages/', (route) => route.fulfill({ status: 500, json: { detail: 'Down' } }), {
      times: 1,
    });
    await send.click();
    await dialog.getByText('Failed to send message. Please try again.').waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Ann Lee');
    messages.length = 0;

    // The page's clock, paused from here, times the 3 s close.
    await pauseClock(page);
    await watchText(page, 'Your message has been sent successfully!');
    await send.click();
    await runClockUntilVisible(page, dialog.getByText('Your message has been sent successfully!'));
    // The success message replaced the form and its focused button: the focus stays in the dialog, and
    // Tab from there goes around the dialog (its close button is all that is left to reach).
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    expect(messages).toHaveLength(1);
    const body = messages[0].postDataJSON() as { name: string; message: string };
    expect(body.name).toBe('Ann Lee');
    expect(body.message).toMatch(
      /^I need assistance with a free consultation\.\n\nPreferred date\/time: \w+, \w+ \d+, \d{4} at 10:30 AM/,
    );

    await expectAfter(page, 3_000, async () => (await dialog.count()) === 0);
    await page.clock.resume();
    expect((await activeElement(page)).text).toBe('Book My Consultation');
  });

  it('closes on Escape and on the backdrop, and keeps Tab inside', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await open(page, '/cta-landing');
    await main(page).getByRole('button', { name: 'Book My Consultation' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Book a Call' });
    await dialog.waitFor();

    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await activeElement(page)).text).toBe('Book My Consultation');

    // A click on the backdrop closes it too (the admin's dialogs keep their forms instead).
    await main(page).getByRole('button', { name: 'Book My Consultation' }).first().click();
    await dialog.waitFor();
    await page.mouse.click(5, DESKTOP.height - 5);
    await dialog.waitFor({ state: 'detached' });
    expect((await activeElement(page)).text).toBe('Book My Consultation');
  });
});

describe('landing call-back form', () => {
  it('sends the lead to the staff as a call request with the campaign, then thanks', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    const messages: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/messages/')) messages.push(request);
    });
    await open(page, '/cta-landing?utm_source=newsletter&utm_campaign=spring&gclid=abc');
    await main(page).getByRole('button', { name: 'Request a call back' }).click();
    const form = main(page).getByRole('form', { name: 'Consultation request' });
    await form.getByLabel('Full Name').fill('Ann Lee');
    const email = `e2e-landing-${Date.now()}@example.com`;
    await form.getByLabel('Business Email').fill(email);
    await form.getByLabel('Company').fill('Acme Books');
    await form.getByLabel('Phone (optional)').fill('call me');
    const submit = form.getByRole('button', { name: 'Request My Consultation' });
    await submit.click();
    await form.getByText('Please enter a valid phone number').waitFor();
    expect(messages).toHaveLength(0);
    await form.getByLabel('Phone (optional)').fill('+1 (919) 555-0142');

    // A failed send says so and keeps the form as typed.
    expectFailedResponses(page, { status: 500, path: '/api/messages/' });
    await page.route('**/api/messages/', (route) => route.fulfill({ status: 500, json: { detail: 'Down' } }), {
      times: 1,
    });
    await submit.click();
    await form.getByText('Failed to send message. Please try again.').waitFor();
    expect(await form.getByLabel('Company').inputValue()).toBe('Acme Books');
    messages.length = 0;

    const sent = page.waitForResponse((response) => response.url().endsWith('/api/messages/'));
    await submit.click();
    expect((await sent).status()).toBe(201);
    await main(page).getByRole('heading', { name: 'Thank You!' }).waitFor();
    await main(page).getByText('We have received your request and will contact you within 24 hours.').waitFor();
    // The next steps of part 1, section 2, and the way home.
    expect(await main(page).getByRole('listitem').allTextContents()).toEqual([
      'We review your requirements.',
      'We schedule a consultation at a time that suits you.',
      'We send you a custom proposal.',
    ]);
    expect(await main(page).getByRole('link', { name: 'Back to Home', exact: true }).getAttribute('href')).toBe('/');
    expect(messages).toHaveLength(1);
    expect(messages[0].postDataJSON()).toEqual({
      name: 'Ann Lee',
      email,
      phone: '+1 (919) 555-0142',
      type: 'book_call',
      source: 'cta-landing',
      message:
        'Please contact me about a free 15-minute consultation.\nCompany: Acme Books\n\nCampaign:\nutm_source: newsletter\nutm_campaign: spring\ngclid: abc',
    });
  });
});

describe('landing page', () => {
  it('shows our clients, the six benefits, the three testimonials and the 24-hour promise', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await open(page, '/cta-landing');
    const titlesIn = (section: string) =>
      main(page).getByRole('region', { name: section }).getByRole('heading', { level: 3 }).allTextContents();

    expect(await titlesIn('Our Clients')).toEqual([
      'Freelancers & Professionals',
      'Start-Ups and Businesses',
      'CPAs & Accounting Firms',
    ]);
    expect(await titlesIn('Why businesses choose us')).toEqual([
      '100% Remote & Online',
      'High Quality – Low Rates',
      'AI Monthly Dashboards',
      'Dedicated Team for Every Client',
      'Unbeatable Pricing',
      'Risk-Free Offer',
    ]);
    // Each testimonial: a quote, then the person's portrait, name and role.
    const testimonials = main(page).getByRole('region', { name: 'What our clients say' }).getByRole('listitem');
    expect(
      await testimonials.evaluateAll((items) =>
        items.map((item) => [
          item.querySelector('blockquote') !== null,
          item.querySelector('svg') !== null,
          ...(item.querySelector('p')?.innerText.split('\n') ?? []),
        ]),
      ),
    ).toEqual([
      [true, true, 'Priya Raman', 'Founder, SaaS start-up'],
      [true, true, 'Daniel Brooks', 'Owner, design studio'],
      [true, true, 'Laura Mitchell', 'CPA, partner at an accounting firm'],
    ]);
    await main(page).getByText('Leave your details and we will reach out within 24 hours.', { exact: true }).waitFor();
    // The hero's and the final call to action's (the 'Book a Call' modal without a scheduling page).
    expect(await main(page).getByRole('button', { name: 'Book My Consultation', exact: true }).count()).toBe(2);
  });
});

describe('thank-you page', () => {
  it('counts down from 5 and then goes to the home page', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await open(page, '/thank-you');

    await main(page).getByText('Redirecting to our main website in 5 seconds…').waitFor();
    await main(page).getByText('Redirecting to our main website in 4 seconds…').waitFor({ timeout: 3000 });
    await page.waitForURL((url) => url.pathname === '/', { timeout: 8000 });
    await main(page).locator('#services').waitFor();
  });

  it("confirms the consultation with the next steps, the support address and 'Go Now' to the home page", async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    // The countdown stands still: only 'Go Now' can take the page home.
    await page.clock.install();
    await open(page, '/thank-you');
    await pauseClock(page);

    expect(await main(page).getByRole('heading', { level: 1 }).textContent()).toBe('Your consultation is confirmed');
    expect(
      await main(page)
        .getByRole('listitem')
        .evaluateAll((steps) => steps.map((step) => Array.from(step.children, (part) => part.textContent))),
    ).toEqual([
      ['Check your e-mail', 'A calendar invite with the meeting link is on its way.'],
      ['Answer a few questions', 'A short preparation questionnaire helps us make the most of the call.'],
      ['Meet your expert', 'A specialist walks through your needs and answers your questions.'],
    ]);
    expect(
      await main(page).getByRole('link', { name: 'Continue to our website', exact: true }).getAttribute('href'),
    ).toBe('/');
    // The unconfigured build's support address, as the e2e build is.
    const support = main(page).getByRole('link', { name: 'support@portal.localhost', exact: true });
    expect(await support.getAttribute('href')).toBe('mailto:support@portal.localhost');
    await main(page).getByText('Trusted by 1000+ businesses, with a 99% satisfaction rate.', { exact: true }).waitFor();

    await main(page).getByRole('button', { name: 'Go Now', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('home page', () => {
  it("scrolls Get Started to the services, 20 px below the header, which say 'Loading services...' until they load", async () => {
    const page = await newPage(browser, { viewport: DESKTOP, reducedMotion: 'reduce' });
    // The services call, held until the loading state has been seen (the section calls it once in view).
    const services = await holdRequests(page, '**/api/services/');
    await open(page, '/');
    expect(await main(page).getByRole('link', { name: 'Signup Now', exact: true }).getAttribute('href')).toBe(
      '/#services',
    );

    await main(page).getByRole('link', { name: 'Get Started' }).click();

    await page.waitForFunction(() => {
      const header = document.querySelector('header')!.getBoundingClientRect();
      const section = document.getElementById('services')!.getBoundingClientRect();
      return window.scrollY > 0 && Math.abs(section.top - header.bottom - 20) <= 1;
    });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('services');
    await services.requested;
    const section = page.locator('#services');
    expect(await section.getByRole('status').textContent()).toBe('Loading services...');
    services.release();
    await section.getByRole('group', { name: 'Filter services by category' }).waitFor();
    expect(await section.getByRole('status').count()).toBe(0);

    // The About page's Get Started leads to the same section, from another page: a link to /#services.
    await open(page, '/about');
    const aboutGetStarted = main(page).getByRole('link', { name: 'Get Started', exact: true });
    expect(await aboutGetStarted.getAttribute('href')).toBe('/#services');
    await aboutGetStarted.click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#services');
  });
});

describe('blog', () => {
  it("says 'Coming soon'", async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await open(page, '/blog');

    await main(page).getByRole('heading', { level: 1, name: 'Coming soon', exact: true }).waitFor();
  });
});

describe('third parties', () => {
  it('requests nothing from outside the site when none is configured', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    const origins = new Set<string>();
    page.on('request', (request) => {
      if (/^https?:/.test(request.url())) origins.add(new URL(request.url()).origin);
    });

    await open(page, '/');
    await page.locator('#services').scrollIntoViewIfNeeded();
    await page.getByRole('group', { name: 'Filter services by category' }).waitFor();
    expect(await page.locator('iframe, script[data-chat-widget]').count()).toBe(0);
    await open(page, '/free-tools/currency-converter');
    await main(page).getByText('The currency converter is not available right now.', { exact: false }).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    for (const path of ['/cta-landing', '/product-sheets']) await open(page, path);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The 25 platform logos: our own files, loaded lazily.
    const logos = main(page).locator('img');
    expect(await logos.count()).toBe(25);
    expect(new Set(await logos.evaluateAll((images) => images.map((image) => image.getAttribute('loading'))))).toEqual(
      new Set(['lazy']),
    );
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('main img')).some((image) => image.complete),
    );
    // 'Don’t see your platform?': the way to ask for one.
    expect(await main(page).getByRole('link', { name: 'Contact us', exact: true }).getAttribute('href')).toBe(
      '/contact',
    );

    expect([...origins]).toEqual([new URL(baseUrl()).origin]);
  });
});

describe('services tab', () => {
  it('filters the services by category, with the empty state for a category without services', async () => {
    const [items, services] = await Promise.all([api<MenuItem[]>('/menu/'), api<CatalogService[]>('/services/')]);
    const page = await newPage(browser, { viewport: DESKTOP });
    // A service area the catalog has no services for.
    await page.route('**/api/menu/', async (route) => {
      const response = await route.fetch();
      const menu = (await response.json()) as MenuItem[];
      const extra = {
        id: 'e2e-empty',
        path: '/e2e-empty',
        title: 'Empty Area',
        description: 'Nothing here yet.',
        icon: null,
      };
      await route.fulfill({ response, json: [...menu, extra] });
    });
    await open(page, '/#services');

    const filters = page.getByRole('group', { name: 'Filter services by category' });
    await filters.waitFor();
    expect(await filters.getByRole('button').allTextContents()).toEqual([...items.map((i) => i.title), 'Empty Area']);

    const first = items[0];
    expect(await filters.getByRole('button', { name: first.title, exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const inFirst = services.filter((s) => s.category.toLowerCase() === first.path.slice(1).toLowerCase());
    expect(inFirst.length).toBeGreaterThan(0);
    const section = page.locator('#services');
    for (const service of inFirst) await section.getByText(service.title, { exact: true }).waitFor();
    expect(
      await section.getByRole('link', { name: `Learn more about ${first.title}`, exact: true }).getAttribute('href'),
    ).toBe(first.path);

    await filters.getByRole('button', { name: 'Empty Area' }).click();
    await section.getByText('No services found in this category.').waitFor();
    expect(await section.getByText(inFirst[0].title, { exact: true }).count()).toBe(0);
    expect(
      await section.getByRole('link', { name: 'Learn more about Empty Area', exact: true }).getAttribute('href'),
    ).toBe('/e2e-empty');
  });
});

describe('service pages', () => {
  it('shows the packages of /books by the display rules', async () => {
    const services = await api<(CatalogService & { attributes: Record<string, string> })[]>('/services/');
    const books = services.filter((s) => s.category.toLowerCase() === 'books');
    expect(books.length).toBeGreaterThan(0);
    const page = await newPage(browser, { viewport: DESKTOP });
    await open(page, '/books');

    for (const pkg of books) {
      const card = main(page).getByRole('article', { name: pkg.title, exact: true });
      await card.waitFor();
      const bookCall = /\+|custom|varies|call|quote/i.test(pkg.price);
      if (bookCall) {
        expect(await card.getByRole('button', { name: 'Book a Call' }).count()).toBe(1);
      } else {
        const months = Number(pkg.attributes.Trial) || 0;
        expect(await card.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(
          `/subscribe?package=${pkg.id}&trial=${months * 30}`,
        );
        if (months > 0) await card.getByText(`${months} Month(s) Trial`).waitFor();
      }
      const reconciliations = pkg.attributes['Bank/CC Reconciliations'];
      if (reconciliations && /^\d+$/.test(reconciliations)) await card.getByText(`Up to ${reconciliations}`).waitFor();
    }
  });
});
