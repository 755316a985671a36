import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

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
}

const openPages = new Map<Page, OpenPage>();

/**
 * A page in a fresh context (its own storage), with relative URLs resolved against the app. Any uncaught
 * error or console error on it fails the running test: the afterEach below closes the page and reports them.
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL: baseUrl() });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const { url, lineNumber } = message.location();
      problems.push(`console error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
    }
  });
  openPages.set(page, { context, problems });
  return page;
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
