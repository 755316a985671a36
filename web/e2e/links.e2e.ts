import type { Browser, Locator, Page } from 'playwright-core';
import { adminAccount, newAccount, registerVerified, signInWithStoredSession, type Account } from './support/accounts';
import { baseUrl, launchBrowser, newPage } from './support/browser';

// Follows every internal link a visitor, a signed-in user and the admin can reach, breadth-first from
// the home page and the header's menus (desktop dropdowns, the mobile menu, the account menu), and fails
// on any page that shows the app's 'Page not found', naming the page that links to it.

/**
 * Paths that links already lead to, for pages that later work builds. Until then they show 'Page not
 * found', and the test checks that they still do: once one shows a page, take it off this list (the
 * test says which). An entry that no link leads to any more fails the test too.
 */
const KNOWN_MISSING: readonly string[] = [];

const NOT_FOUND_TITLE = 'Page not found';
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };
/** Pages loaded at once per role: the app serves them from one process, the browser has 2 cores. */
const WORKERS = 4;
const SETTLE_TIMEOUT_MS = 10_000;
/** More distinct pages than this per role means a link generator runs away (ids in a loop, say). */
const MAX_PAGES = 300;

type Role = 'visitor' | 'user' | 'admin';

interface Link {
  /** The page's address as this test keys it (see pageKey). */
  key: string;
  /** The page that links to it, and the link's text. */
  from: string;
  text: string;
}

interface Visit extends Link {
  role: Role;
  notFound: boolean;
}

let browser: Browser;
let user: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  user = newAccount('links');
  await registerVerified(user);
});

afterAll(async () => {
  await browser?.close();
});

/**
 * One key per page: same origin only (mailto:, tel: and other sites have another origin), without the
 * hash (a place on the page) and without `redirect` (where signing in returns to, not what the page
 * shows); any other query selects content and stays.
 */
function pageKey(href: string): string | null {
  const url = new URL(href);
  if (url.origin !== new URL(baseUrl()).origin) return null;
  url.searchParams.delete('redirect');
  return url.pathname + url.search;
}

function pathOf(key: string): string {
  return new URL(key, baseUrl()).pathname;
}

/** What makes a visit once: the page key, or the path alone for a known-missing route (it reads no query). */
function visitKey(key: string): string {
  return KNOWN_MISSING.includes(pathOf(key)) ? pathOf(key) : key;
}

/** The API calls in flight on a page of the crawl (their URLs), so that a visit can wait for the data. */
type InFlight = () => Promise<string[]>;

/** A page of the crawl, the API calls in flight on its current document, and a visit to another page. */
interface CrawlWorker {
  page: Page;
  inFlight: InFlight;
  visit: (key: string) => Promise<void>;
}

/**
 * Counts the API calls of each document in the document itself (until the body has arrived), so that
 * the calls of the document a visit leaves go with it. Counted from outside (the page's request events),
 * a call the old document started while the navigation was under way was cut off by it without always
 * reporting its end, and kept the next page "busy" for good.
 */
function countApiCalls(): void {
  const inFlight: string[] = [];
  (window as unknown as { apiCallsInFlight: () => string[] }).apiCallsInFlight = () => [...inFlight];
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!new URL(url, location.href).pathname.startsWith('/api/')) return original(input, init);
    inFlight.push(url);
    try {
      const response = await original(input, init);
      await response.clone().arrayBuffer();
      return response;
    } finally {
      inFlight.splice(inFlight.indexOf(url), 1);
    }
  };
}

async function openWorker(role: Role): Promise<CrawlWorker> {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.addInitScript(countApiCalls);
  if (role === 'user') await signInWithStoredSession(page, user);
  if (role === 'admin') await signInWithStoredSession(page, adminAccount());
  const inFlight = () =>
    page
      .evaluate(() => (window as unknown as { apiCallsInFlight: () => string[] }).apiCallsInFlight())
      // A document being replaced has nothing of its own in flight; the next check asks the new one.
      .catch(() => ['(a document being replaced)']);
  // Not waiting for the load event: the page's title and its data are what counts.
  const visit = async (key: string) => void (await page.goto(key, { waitUntil: 'commit' }));
  return { page, inFlight, visit };
}

/** Waits until the page has its title and no API call is under way across two rendered frames. */
async function settle(page: Page, inFlight: InFlight): Promise<void> {
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (let quiet = 0; quiet < 2;) {
    if (Date.now() > deadline) {
      throw new Error(
        `${page.url()}: API calls still under way after ${SETTLE_TIMEOUT_MS} ms: ${(await inFlight()).join(', ')}`,
      );
    }
    await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve), 0)));
    quiet = (await inFlight()).length === 0 ? quiet + 1 : 0;
  }
}

/** Every link in `root` (hidden menu panels included), as keys. */
async function linksIn(root: Locator, from: string): Promise<Link[]> {
  const anchors = await root
    .locator('a[href]')
    .evaluateAll((elements) =>
      elements.map((a) => ({ href: (a as HTMLAnchorElement).href, text: a.textContent?.trim() ?? '' })),
    );
  return anchors.flatMap(({ href, text }) => {
    const key = pageKey(href);
    return key ? [{ key, from, text: text || href }] : [];
  });
}

/** The header's links with every menu opened: desktop dropdowns, the account menu, the mobile menu. */
async function headerLinks(worker: CrawlWorker, role: Role): Promise<Link[]> {
  const { page, inFlight } = worker;
  const banner = page.getByRole('banner');
  await page.setViewportSize(DESKTOP);
  await worker.visit('/');
  await settle(page, inFlight);
  const menus: [string, string | RegExp][] = [
    ['Services menu', 'Services'],
    ['About menu', 'About'],
  ];
  if (role !== 'visitor') menus.push(['account menu', /^Account menu for /]);
  const links: Link[] = [];
  for (const [menu, name] of menus) {
    await banner.getByRole('button', { name, exact: typeof name === 'string' }).click();
    await settle(page, inFlight);
    links.push(...(await linksIn(banner, `/ (${menu})`)));
  }
  await page.setViewportSize(MOBILE);
  const menu = banner.getByRole('button', { name: 'Menu', exact: true });
  await menu.click();
  await banner.getByRole('navigation', { name: 'Mobile' }).waitFor();
  await settle(page, inFlight);
  links.push(...(await linksIn(banner, '/ (mobile menu)')));
  await page.setViewportSize(DESKTOP);
  return links;
}

/**
 * Breadth-first over the links `role` can reach, skipping the pages an earlier role has seen where they
 * are (`settled`): a page is crawled once, and a signed-in role goes on from its own menus to what only
 * it can open (a guarded page sends a visitor to sign in, so it is not settled for the visitor).
 */
async function crawl(role: Role, settled: Set<string>): Promise<Visit[]> {
  // Opened as the levels need them: a signed-in role often has only a few pages of its own.
  const workers = [await openWorker(role)];
  const seen = new Set(settled);
  const visits: Visit[] = [];
  const fresh = (links: Link[]) =>
    links.filter((link) => {
      if (seen.has(visitKey(link.key))) return false;
      seen.add(visitKey(link.key));
      return true;
    });

  let frontier = fresh([{ key: '/', from: '(start)', text: '' }, ...(await headerLinks(workers[0], role))]);
  while (frontier.length > 0) {
    if (seen.size - settled.size > MAX_PAGES) {
      throw new Error(`More than ${MAX_PAGES} pages for the ${role}: ${[...seen].join(', ')}`);
    }
    const level = frontier;
    const next: Link[] = [];
    let taken = 0;
    const wanted = Math.min(WORKERS, level.length) - workers.length;
    workers.push(...(await Promise.all(Array.from({ length: Math.max(0, wanted) }, () => openWorker(role)))));
    await Promise.all(
      workers.map(async ({ page, inFlight, visit }) => {
        while (taken < level.length) {
          const link = level[taken];
          taken += 1;
          await visit(link.key);
          await settle(page, inFlight);
          const title = await page.getByRole('main').getByRole('heading', { level: 1 }).first().textContent();
          const notFound = title?.trim() === NOT_FOUND_TITLE;
          visits.push({ ...link, role, notFound });
          if (pageKey(page.url()) === link.key) settled.add(visitKey(link.key));
          if (!notFound) next.push(...(await linksIn(page.locator(':root'), link.key)));
        }
      }),
    );
    frontier = fresh(next);
  }
  return visits;
}

describe('links', () => {
  it("lead to pages, not to 'Page not found', except the known-missing ones, which still do", async () => {
    const settled = new Set<string>();
    const visits: Visit[] = [];
    for (const role of ['visitor', 'user', 'admin'] as const) visits.push(...(await crawl(role, settled)));

    const problems: string[] = [];
    for (const visit of visits) {
      const knownMissing = KNOWN_MISSING.includes(pathOf(visit.key));
      const source = `linked from ${visit.from} ("${visit.text}") for the ${visit.role}`;
      if (visit.notFound && !knownMissing) problems.push(`${visit.key} shows '${NOT_FOUND_TITLE}', ${source}`);
      if (!visit.notFound && knownMissing) {
        problems.push(`${visit.key} shows a page now (${source}): take ${pathOf(visit.key)} off KNOWN_MISSING`);
      }
    }
    const reached = new Set(visits.map((visit) => pathOf(visit.key)));
    for (const path of KNOWN_MISSING) {
      if (!reached.has(path)) problems.push(`No link leads to ${path} any more: take it off KNOWN_MISSING`);
    }

    // Sanity: the crawl saw the site, not just the home page.
    expect(reached.size).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  }, 120_000);
});
