import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';

const DEFAULT_CHROME_PATH = '/usr/bin/chromium';

/** The system Chromium (playwright-core downloads no browser), headless and kept off the network. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH || DEFAULT_CHROME_PATH;
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install it with \`apt-get install -y chromium\` or set CHROME_PATH`,
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The app under test, started by the e2e global setup (the gateway serving web/dist). */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests with `jest --selectProjects e2e`');
  return url;
}

interface OpenPage {
  context: BrowserContext;
  problems: string[];
  expectedFailures: ExpectedFailure[];
  /** The app's own console errors a test provokes on purpose, and how many times each was seen. */
  expectedLogs: Array<{ text: RegExp; seen: number }>;
}

/**
 * A reply with an error status that a test provokes on purpose (a wrong password's 401, say), or
 * ('network') a request it makes fail before any reply (`route.abort()`).
 */
export interface ExpectedFailure {
  status: number | 'network';
  /** Path of the request, without query: '/api/auth/login'. */
  path: string;
}

// Chromium logs every reply with an error status, and every request that got no reply (net::ERR_...),
// as a console error, with the request's URL.
const FAILED_LOAD = /^Failed to load resource: (?:the server responded with a status of (\d+)|(net::ERR_\w+))/;

const openPages = new Map<Page, OpenPage>();

/**
 * A page in a fresh context (its own storage), with relative URLs resolved against the app. Any uncaught
 * error or console error on it fails the running test: the afterEach below closes the page and reports them.
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL: baseUrl() });
  // A visitor of its own: the app (TRUST_PROXY=1) takes its address from X-Forwarded-For. Added to the
  // app's own API calls only (a header on a third party's requests would change their CORS).
  const address = clientAddress();
  await context.route(`${baseUrl()}/api/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }).catch((error: Error) => {
      // Another handler has already answered this request (a test's page route, racing its removal or the
      // page's close): there is nothing left to add a header to. Anything else is a real failure. Left
      // unhandled, it failed whichever file was running (a CI run: every test of the next file).
      if (!/Route is already handled/.test(error.message)) throw error;
    }),
  );
  const page = await context.newPage();
  const open: OpenPage = { context, problems: [], expectedFailures: [], expectedLogs: [] };
  page.on('pageerror', (error) => open.problems.push(`page error: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const { url, lineNumber } = message.location();
      if (isExpectedFailure(open.expectedFailures, message.text(), url)) return;
      const logged = open.expectedLogs.find(({ text }) => text.test(message.text()));
      if (logged) {
        logged.seen += 1;
        return;
      }
      open.problems.push(`console error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
    }
  });
  openPages.set(page, open);
  return page;
}

/**
 * Tells the error check of `page` that these failing replies are the point of the test, so the console
 * errors Chromium logs for them do not fail it. Any other failing reply still does.
 */
export function expectFailedResponses(page: Page, ...failures: ExpectedFailure[]): void {
  const open = openPages.get(page);
  if (!open) throw new Error('expectFailedResponses needs a page opened with newPage');
  open.expectedFailures.push(...failures);
}

/**
 * Tells the error check of `page` that the app logs an error matching `text` on purpose (a failure the
 * spec says is only logged); returns how many times it has been logged so far.
 */
export function expectConsoleError(page: Page, text: RegExp): () => number {
  const open = openPages.get(page);
  if (!open) throw new Error('expectConsoleError needs a page opened with newPage');
  const expected = { text, seen: 0 };
  open.expectedLogs.push(expected);
  return () => expected.seen;
}

function isExpectedFailure(expected: ExpectedFailure[], text: string, url: string): boolean {
  const match = FAILED_LOAD.exec(text);
  const status = match?.[1] ?? (match?.[2] ? 'network' : undefined);
  if (!status || !url) return false;
  const path = new URL(url).pathname;
  return expected.some((failure) => String(failure.status) === status && failure.path === path);
}

// Registered by importing this module, so every test file that opens pages gets the check.
afterEach(async () => {
  const problems: string[] = [];
  for (const [page, open] of openPages) {
    problems.push(...open.problems);
    await open.context.close();
    openPages.delete(page);
  }
  if (problems.length > 0) throw new Error(`The page reported errors:\n${problems.join('\n')}`);
});

/**
 * Every call to the app's API that `page` makes from now on other than a read (a form's submit, a
 * save), as 'METHOD /api/path': for a test that a form refuses to send what it has not checked.
 */
export function callsSentBy(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && request.method() !== 'GET') sent.push(`${request.method()} ${pathname}`);
  });
  return sent;
}

/** A client address of its own (10.x.y.z), for per-address limits. */
export function clientAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/**
 * Waits until the app has taken over the page: React has hydrated the prerendered DOM (it marks the
 * nodes it hydrates) and the page's data has been fetched again, so that none of it lands in the
 * middle of what a test does next (a scroll, a clock step).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const link = document.querySelector('#root header a');
    return link !== null && Object.keys(link).some((key) => key.startsWith('__reactFiber'));
  });
  await page.waitForLoadState('networkidle');
}

/**
 * Holds the requests of `page` that match `pattern` until `release` is called: `requested` settles when the
 * first of them is made. For a test that looks at the page while they are on their way.
 */
export async function holdRequests(
  page: Page,
  pattern: string,
): Promise<{ requested: Promise<void>; release(): void }> {
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    asked();
    await released;
    await route.fallback();
  });
  return { requested, release };
}

/** Holds the page's scripts until the returned function is called: the page as it is before any script runs. */
export async function holdScripts(page: Page): Promise<() => void> {
  return (await holdRequests(page, '**/assets/*.js')).release;
}

/** The text of the elements that describe `field` (aria-describedby): its error message, its hint. */
export function descriptionOf(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}
