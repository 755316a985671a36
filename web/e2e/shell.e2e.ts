import type { Browser, Page } from 'playwright-core';
import { BRAND_NAME } from '../src/shared/brand';
import { holdScripts, launchBrowser, newPage, waitForHydration } from './support/browser';

// A short window, so that every page scrolls.
const SHORT_VIEWPORT = { width: 1280, height: 500 };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Loads `path` as a visitor typing it would, and waits until the page inside <main> has rendered. */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
  await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
  await waitForHydration(page);
}

async function expectShell(page: Page): Promise<void> {
  expect(await page.getByRole('banner').count()).toBe(1);
  expect(await page.getByRole('main').count()).toBe(1);
  expect(await page.getByRole('contentinfo').count()).toBe(1);
  expect(await page.getByRole('banner').getByRole('link', { name: BRAND_NAME }).getAttribute('href')).toBe('/');
}

describe('web shell', () => {
  it('renders the home page with header, main and footer, and every footer link', async () => {
    const page = await newPage(browser);

    await open(page, '/');

    await expectShell(page);
    expect(await page.title()).toBe(BRAND_NAME);
    expect(await page.getByRole('contentinfo').textContent()).toContain(`© ${new Date().getFullYear()} ${BRAND_NAME}`);
    // Every footer link (spec part 1, section 2), in order: the service pages, the free tools, the
    // resources, the company pages and the filings.
    expect(
      await page
        .getByRole('contentinfo')
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href')])),
    ).toEqual([
      ['Books', '/books'],
      ['Tax', '/tax'],
      ['Compliance', '/compliance'],
      ['Company', '/company'],
      ['People', '/people'],
      ['Equity', '/equity'],
      ['Deadline Alerts', '/free-tools/deadline-alerts'],
      ['Currency Converter', '/free-tools/currency-converter'],
      ['Blog', '/blog'],
      ['Products We Support', '/product-sheets'],
      ['Perks', '/perks'],
      ['About', '/about'],
      ['Careers', '/careers'],
      ['Contact', '/contact'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
      ['Assumed Business Name Certificate', '/forms/assumed-business-name-certificate'],
      ['Certified Copies', '/forms/certified-copies'],
      ['Certificate of Good Standing', '/forms/certificate-of-good-standing'],
      ['Articles of Dissolution', '/forms/articles-of-dissolution'],
      ['Annual Report', '/forms/annual-report'],
      ['Trade Name Certificate', '/forms/trade-name-certificate'],
      ['Amendment of Articles', '/forms/amendment-of-articles'],
      ['Change of Registered Agent', '/forms/change-of-registered-agent'],
      ['Application for Reinstatement', '/forms/application-for-reinstatement'],
      ['Articles of Organization', '/forms/articles-of-organization'],
      ['Resignation of Agent', '/forms/resignation-of-agent'],
      ['IRS Form 7004', '/forms/irs-form-7004'],
      ['IRS Form 5471', '/forms/irs-form-5471'],
      ['IRS Form 5472', '/forms/irs-form-5472'],
      ['IRS Form 1120', '/forms/irs-form-1120'],
      ['IRS Form 1099 Series', '/forms/irs-form-1099-series'],
      ['FinCEN Form 114 (FBAR)', '/forms/fincen-form-114'],
      ['409A Valuation', '/forms/409a-valuation'],
      ['FinCEN BOI Report', '/forms/fincen-boi-report'],
    ]);
  });

  it('shows the mobile header below 992 px and the desktop header from 992 px, before and after hydration', async () => {
    const below = { width: 991, height: 800 };
    const from = { width: 992, height: 800 };
    const page = await newPage(browser, { viewport: below });
    const banner = page.getByRole('banner');
    const menu = banner.getByRole('button', { name: 'Menu', exact: true });
    const services = banner.getByRole('button', { name: 'Services', exact: true });
    const signIn = banner.getByRole('link', { name: 'Sign in', exact: true });
    const expectLayout = async (layout: 'mobile' | 'desktop') =>
      expect([await menu.isVisible(), await services.isVisible(), await signIn.isVisible()]).toEqual(
        layout === 'mobile' ? [true, false, false] : [false, true, true],
      );

    // The prerendered header holds both layouts and its CSS picks one.
    const runScripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await banner.waitFor();
    await expectLayout('mobile');
    await page.setViewportSize(from);
    await expectLayout('desktop');

    // The app picks one by the same width, and follows a resize.
    await page.setViewportSize(below);
    runScripts();
    await waitForHydration(page);
    await expectLayout('mobile');
    await page.setViewportSize(from);
    await services.waitFor();
    await expectLayout('desktop');
  });

  it('offers a skip link as the first tab stop, which moves focus to the main content', async () => {
    const page = await newPage(browser);
    await open(page, '/');

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');

    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(new URL(page.url()).hash).toBe('');
  });

  it('moves the focus to the main content when a link leads to another page', async () => {
    const page = await newPage(browser);
    await open(page, '/');
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
    // The first load leaves the focus where the browser puts it.
    expect(await focusedId()).toBe('');

    await page.getByRole('banner').getByRole('link', { name: 'Filings', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/filings');
    await page.waitForFunction(() => document.activeElement?.id === 'main-content');
    // The new page is what the focus is in: the next Tab is inside it, not back in the header. Pressed once
    // its list is shown (a Tab while the list replaces its placeholder lands on an element that then goes).
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('main').getByRole('link').first().waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main-content')!.contains(document.activeElement))).toBe(
      true,
    );

    // (A move within the page, to /#services, keeps the focus the page gives: public-site.e2e.ts.)
  });

  it.each(['/forms/annual-report', '/profile#subscriptions'])('loads the app on a deep link to %s', async (path) => {
    const page = await newPage(browser);

    await open(page, path);

    await expectShell(page);
    expect(await page.locator('#root > *').count()).toBeGreaterThan(0);
    expect(await page.title()).toContain(BRAND_NAME);
  });

  it('shows "Page not found" on an unknown route, with a way home', async () => {
    const page = await newPage(browser);
    await open(page, '/no-such-page');

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await page.title()).toBe(`Page not found | ${BRAND_NAME}`);

    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('#services').waitFor();
  });

  it('starts a page reached through a link at the top', async () => {
    const page = await newPage(browser, { viewport: SHORT_VIEWPORT });
    await open(page, '/');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
    await page.waitForURL((url) => url.pathname === '/careers');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();

    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 2000 });

    // With a hash whose element the new page does not have (yet, or at all), it starts at the top too
    // (an in-app navigation, as the router's own history does it).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // The home page's code is loaded already: it renders at once, at its full height.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/#nowhere');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.locator('#services').waitFor();
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 2000 });
  });

  it("scrolls to the hash's element 500 ms after the first load, and 100 ms after a change of hash", async () => {
    const page = await newPage(browser, { viewport: SHORT_VIEWPORT, reducedMotion: 'reduce' });
    // The page's clock, paused from the start: its timers fire only as the test runs it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 10_000);
    const scrollY = () => page.evaluate(() => window.scrollY);

    await open(page, '/#services');
    // The browser went to the prerendered section itself; moved away, the app's own scroll to it (for a
    // target that renders late) comes 500 ms after the load, in the page's time.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.clock.runFor(450);
    expect(await scrollY()).toBe(0);
    await page.clock.runFor(100);
    // The section sits right below the sticky header (its scroll-margin), not at the top of the page.
    expect(
      await page.evaluate(() => {
        const header = document.querySelector('header')!.getBoundingClientRect();
        const section = document.getElementById('services')!.getBoundingClientRect();
        return window.scrollY > 0 && Math.abs(section.top - header.bottom) <= 1;
      }),
    ).toBe(true);

    // Back to the top and to no hash, then a new hash: 100 ms this time.
    const go = (to: string) =>
      page.evaluate((url) => {
        window.history.pushState(null, '', url);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, to);
    await go('/');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.clock.runFor(600);
    await go('/#services');
    await page.clock.runFor(50);
    expect(await scrollY()).toBe(0);
    await page.clock.runFor(100);
    expect(await scrollY()).toBeGreaterThan(0);
  });

  it('offers signing in, with a redirect back to the current path, query and hash', async () => {
    const page = await newPage(browser);
    await open(page, '/no-such-page?tab=2#part');

    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign in' });

    expect(await signIn.getAttribute('href')).toBe('/signin?redirect=%2Fno-such-page%3Ftab%3D2%23part');
  });

  it('restores a stored session and shows the initials of the user', async () => {
    const page = await newPage(browser);
    await page.addInitScript(() => {
      localStorage.setItem('user', JSON.stringify({ user_id: 'u-1', first_name: 'ann', last_name: 'Lee' }));
      localStorage.setItem('token', 'stored-token');
    });

    await open(page, '/');

    const avatar = page.getByRole('banner').getByRole('button', { name: 'Account menu for ann Lee' });
    expect(await avatar.textContent()).toBe('AL');
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
  });

  it('drops a stored session whose user is not valid JSON', async () => {
    const page = await newPage(browser);
    await page.addInitScript(() => {
      localStorage.setItem('user', '{"first_name": "Ann"');
      localStorage.setItem('token', 'stored-token');
    });

    await open(page, '/');

    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).count()).toBe(1);
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('token')])).toEqual([
      null,
      null,
    ]);
  });
});
