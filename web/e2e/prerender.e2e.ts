import type { Browser } from 'playwright-core';
import { newAccount, registerVerified, signInWithStoredSession } from './support/accounts';
import { baseUrl, holdScripts, launchBrowser, newPage, waitForHydration } from './support/browser';
import { AUTH_MESSAGES } from '../src/features/auth/errors';

// The public pages are prerendered at build time (web/scripts/prerender.mjs): a visitor and a search
// engine get the content before any script runs, and the app then hydrates that HTML.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The HTML a client without JavaScript gets. */
async function fetchHtml(path: string): Promise<string> {
  const response = await fetch(`${baseUrl()}${path}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  return response.text();
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

function h1Of(html: string): string {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  expect(match).not.toBeNull();
  return textOf(match![1]);
}

const PAGES = [
  { path: '/', title: 'Harbor Tax & Accounting', links: ['/books', '/filings', '/privacy-policy'] },
  { path: '/books', title: 'Books | Harbor Tax & Accounting', links: ['/', '/filings', '/terms-of-service'] },
];

describe('prerendered pages', () => {
  it.each(PAGES)(
    '$path has its heading, links, title, description and canonical link without JavaScript',
    async ({ path, title, links }) => {
      const html = await fetchHtml(path);

      expect(h1Of(html).length).toBeGreaterThan(3);
      expect(html).toContain(`<title>${title.replace('&', '&amp;')}</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      const canonical = /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
      expect(canonical && new URL(canonical).pathname).toBe(path);
      const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
      expect(textOf(main).length).toBeGreaterThan(200);
      for (const link of links) expect(html).toContain(`href="${link}"`);
      expect(html).not.toContain('Loading…');
    },
  );

  it.each(PAGES)('$path hydrates without an error, showing what the HTML showed', async ({ path }) => {
    const heading = h1Of(await fetchHtml(path));
    const page = await newPage(browser);

    await page.goto(path);
    await waitForHydration(page);

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    // Interactive: the header's Services menu opens.
    await page.getByRole('banner').getByRole('button', { name: 'Services' }).click();
    await page.getByRole('banner').getByRole('link', { name: /Books/ }).first().waitFor();
    // newPage's check fails the test on any console error (a hydration mismatch is one).
  });

  it('shows the catalog of the build while it hydrates, then the catalog as it is now', async () => {
    const page = await newPage(browser);
    const changedTitle = 'Bookkeeping, changed since the build';
    const addedParagraph = 'A paragraph added since the build.';
    await page.route('**/api/menu/', async (route) => {
      const response = await route.fetch();
      const menu = (await response.json()) as Array<{ path: string; title: string }>;
      const json = menu.map((item) => (item.path === '/books' ? { ...item, title: changedTitle } : item));
      await route.fulfill({ response, json });
    });
    await page.route('**/api/pages/', async (route) => {
      const response = await route.fetch();
      const pages = (await response.json()) as Array<{ name: string; content: string }>;
      const json = pages.map((p) => (p.name === 'home' ? { ...p, content: `${p.content}\n\n${addedParagraph}` } : p));
      await route.fulfill({ response, json });
    });
    const html = await fetchHtml('/');
    expect(html).not.toContain(changedTitle);
    expect(html).not.toContain(addedParagraph);

    await page.goto('/');
    await waitForHydration(page);

    // The header's menu and the home page's text, read without react-query, are fetched again.
    await page.getByRole('banner').getByRole('button', { name: 'Services' }).click();
    await page.getByRole('banner').getByRole('link', { name: changedTitle }).waitFor();
    await page.getByRole('main').getByText(addedParagraph).waitFor();
  });

  it("loads the home page without react-query and the other pages' routes, which the other pages preload", async () => {
    const preloads = async (path: string) =>
      [...(await fetchHtml(path)).matchAll(/<link rel="modulepreload" [^>]*href="([^"]+)">/g)].map((match) => match[1]);
    const withQueries = /\/assets\/(query|site-routes)-/;

    expect((await preloads('/')).filter((file) => withQueries.test(file))).toEqual([]);
    expect((await preloads('/books')).filter((file) => withQueries.test(file))).toHaveLength(2);
  });

  it("fetches a prerendered page's code at low priority, after what its first paint needs; the app shell's at the browser's", async () => {
    const scriptPriorities = async (path: string) => {
      const page = await newPage(browser);
      const cdp = await page.context().newCDPSession(page);
      const priorities = new Map<string, string>();
      cdp.on('Network.requestWillBeSent', ({ request, type }) => {
        if (type === 'Script') priorities.set(new URL(request.url).pathname, request.initialPriority);
      });
      await cdp.send('Network.enable');
      await page.goto(path);
      await waitForHydration(page);
      return priorities;
    };

    const prerendered = await scriptPriorities('/books');
    expect(prerendered.size).toBeGreaterThan(3);
    expect(new Set(prerendered.values())).toEqual(new Set(['Low']));
    // The shell renders nothing until its code runs: that code stays as urgent as the browser makes it.
    const shell = await scriptPriorities('/signup');
    expect([...shell.values()].filter((priority) => priority === 'Low')).toEqual([]);
  });

  it("fetches a page's code when the pointer is over a link to it, before the click", async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await waitForHydration(page);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    const books = page.getByRole('main').getByRole('link', { name: /^Explore Books/ });

    const requested = (file: RegExp) => page.waitForRequest((request) => file.test(new URL(request.url()).pathname));
    const chunks = Promise.all([requested(/^\/assets\/site-routes-/), requested(/^\/assets\/ServicePages-/)]);

    await books.hover();
    await chunks;
    expect(fetched.filter((path) => path.startsWith('/api/'))).toEqual([]);

    await books.click();
    await page.getByRole('heading', { level: 1, name: 'Bookkeeping that closes on time, every month' }).waitFor();
  });

  it('hydrates on a phone-sized screen, where the header shows its mobile menu', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 } });

    await page.goto('/books');
    await waitForHydration(page);

    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
  });

  it('hydrates for a signed-in visitor, then shows their account menu', async () => {
    const account = newAccount('prerender');
    await registerVerified(account);
    const page = await newPage(browser);
    await signInWithStoredSession(page, account);

    await page.goto('/');
    await waitForHydration(page);

    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu for/ })
      .waitFor();
  });

  it('every page of the sitemap hydrates without an error', async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    const page = await newPage(browser);

    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page);
    }
  });

  it('has a prerendered page revalidated by its ETag, and the hashed code it loads cached for a year', async () => {
    const first = await fetch(`${baseUrl()}/books`);
    const etag = first.headers.get('etag');
    const script = /<script type="module" [^>]*src="([^"]+)">/.exec(await first.text())?.[1];

    expect(etag).toBeTruthy();
    expect((await fetch(`${baseUrl()}/books`, { headers: { 'if-none-match': etag! } })).status).toBe(304);
    expect(script).toMatch(/^\/assets\//);
    const asset = await fetch(`${baseUrl()}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('/signin is prerendered without the query, which shows once hydrated, without a mismatch', async () => {
    const html = await fetchHtml('/signin?session_expired=true&redirect=%2Fprofile');
    expect(h1Of(html)).toBe('Sign in');
    expect(html).toContain('href="/signup"');
    expect(html).not.toContain(AUTH_MESSAGES.sessionExpired);
    const page = await newPage(browser);

    await page.goto('/signin?session_expired=true&redirect=%2Fprofile');
    await waitForHydration(page);

    await page.getByRole('main').getByText(AUTH_MESSAGES.sessionExpired).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/signup?redirect=%2Fprofile',
    );
  });

  it('/signin sends a visitor who is signed in on arrival on to the redirect', async () => {
    const account = newAccount('prerender-signin');
    await registerVerified(account);
    const page = await newPage(browser);
    await signInWithStoredSession(page, account);

    await page.goto('/signin?redirect=%2Fsettings');

    await page.waitForURL((url) => url.pathname === '/settings');
  });

  it('sends no form of a prerendered page before its script runs: every submit button is disabled in the HTML', async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    let forms = 0;

    for (const path of [...paths, '/signin']) {
      const html = await fetchHtml(path);
      const submits = [...html.matchAll(/<button type="submit"[^>]*>/g)].map((match) => match[0]);
      // At least the footer's newsletter form on every page.
      expect(submits.length).toBeGreaterThan(0);
      for (const submit of submits) expect(`${path}: ${submit}`).toMatch(/ disabled=""/);
      forms += submits.length;
    }
    expect(forms).toBeGreaterThan(paths.length);
  });

  it('keeps what a visitor typed before the script ran out of the URL, then lets the form work', async () => {
    const page = await newPage(browser);
    const runScripts = await holdScripts(page);
    await page.goto('/signin', { waitUntil: 'commit' });
    const main = page.getByRole('main');
    const signIn = main.getByRole('button', { name: 'Sign in' });

    await main.getByLabel('Email').fill('early@example.com');
    await main.getByLabel('Password').fill('Early-pass1');
    await main.getByLabel('Password').press('Enter');
    await signIn.click({ force: true });

    expect(new URL(page.url()).search).toBe('');
    expect(await signIn.isDisabled()).toBe(true);
    runScripts();
    await waitForHydration(page);
    expect(await signIn.isEnabled()).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    expect(await main.getByLabel('Email').inputValue()).toBe('early@example.com');
    expect(await main.getByLabel('Password').inputValue()).toBe('Early-pass1');
  });

  it('leaves a visitor where they scrolled the prerendered page while its script loaded', async () => {
    const page = await newPage(browser);
    const runScripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('#services').waitFor();
    await page.evaluate(() => window.scrollTo(0, 1200));
    expect(await page.evaluate(() => window.scrollY)).toBe(1200);
    runScripts();
    await waitForHydration(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(1200);
  });

  it("takes a visitor from /careers' Apply links to the application form before the script runs", async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    await page.goto('/careers');

    await page.getByRole('main').getByRole('link', { name: 'Apply for CPA (Remote, US)' }).click();

    await page.waitForURL((url) => url.hash === '#apply');
    const formTop = await page
      .getByRole('form', { name: 'Job application' })
      .evaluate((form) => form.getBoundingClientRect().top);
    // In view, below the sticky header.
    expect(formTop).toBeGreaterThan(60);
    expect(formTop).toBeLessThan(400);
  });

  it('serves the app shell, not a prerendered page, for other paths', async () => {
    const html = await fetchHtml('/signup');

    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('rel="canonical"');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every public page and each filing of the catalog, with absolute URLs', async () => {
    const response = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]));
    const paths = locations.map((url) => url.pathname);
    const forms = (await (await fetch(`${baseUrl()}/api/forms/`)).json()) as Array<{ slug: string }>;

    expect(new Set(locations.map((url) => url.origin)).size).toBe(1);
    expect(paths).toEqual(expect.arrayContaining(['/', '/books', '/company', '/filings', '/about', '/contact']));
    expect(paths).toEqual(expect.arrayContaining(forms.map((form) => `/filings/${form.slug}`)));
    // Every page it lists is served prerendered.
    for (const path of paths) expect(await fetchHtml(path)).toContain('rel="canonical"');
  });

  it('robots.txt points to the sitemap and keeps crawlers out of the API and private pages', async () => {
    const response = await fetch(`${baseUrl()}/robots.txt`);
    expect(response.status).toBe(200);
    const text = await response.text();

    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/profile$/m);
    expect(text).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
  });
});
