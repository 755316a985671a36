import type { Browser, Locator, Page } from 'playwright-core';
import { newAccount, registerVerified, type Account } from './accounts';
import { expectFailedResponses, launchBrowser } from './browser';

// Pages and actions against a failing server (resilience*.e2e.ts): a 500 with a JSON {detail}, a proxy's
// 503 error page (HTML), a connection that fails. The page must say something sensible, never go blank,
// spin for ever or show a raw dump; a form keeps what the user typed and works again once the server is back.
// react-query retries a failed read twice (1 s, 2 s), so a read's message shows after about 3 s.
export const MESSAGE_TIMEOUT_MS = 15_000;
export const DETAIL = 'Service temporarily unavailable';
const PROXY_PAGE =
  '<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>503 Service Temporarily Unavailable</h1><hr><center>nginx</center></body></html>';

export type Failure = 'json500' | 'html503' | 'network';
export const FAILURES: readonly Failure[] = ['json500', 'html503', 'network'];

// What must never reach the user: an object printed as text, a proxy's HTML, a stack or the client's
// own technical wording of the failure.
export const RAW =
  /\[object Object\]|<\/?(?:html|body|head|h1|center)\b|<!DOCTYPE|^Failed to fetch$|Request failed|TypeError|NetworkError|ERR_[A-Z_]+|\bat \S+ \(|\bundefined\b|\bNaN\b/im;

export const main = (page: Page) => page.getByRole('main');

/**
 * The file's browser and one verified client for all its tests (each registration waits for its
 * verification mail), made before the tests and closed after them; read them inside a test.
 */
export function browserAndClient(label: string, names: { firstName: string; lastName: string }) {
  const shared: { browser?: Browser; client?: Account } = {};
  beforeAll(async () => {
    shared.browser = await launchBrowser();
    shared.client = newAccount(label, names);
    await registerVerified(shared.client);
  });
  afterAll(async () => {
    await shared.browser?.close();
  });
  return { browser: () => shared.browser!, client: () => shared.client! };
}

/**
 * Makes the calls matching `pattern` fail the way `failure` says, declaring the failures as expected.
 * `firstFailed` settles once the first of them has been failed (rejects after MESSAGE_TIMEOUT_MS).
 */
export async function failCalls(
  page: Page,
  pattern: string,
  failure: Failure,
): Promise<{ firstFailed: Promise<void> }> {
  let markFailed = () => {};
  const firstFailed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no call to ${pattern} in ${MESSAGE_TIMEOUT_MS} ms`)),
      MESSAGE_TIMEOUT_MS,
    );
    timer.unref();
    markFailed = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  firstFailed.catch(() => {}); // callers that do not wait for it must not see an unhandled rejection
  await page.route(pattern, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (failure === 'json500') {
      expectFailedResponses(page, { status: 500, path });
      await route.fulfill({ status: 500, json: { detail: DETAIL } });
    } else if (failure === 'html503') {
      expectFailedResponses(page, { status: 503, path });
      await route.fulfill({ status: 503, contentType: 'text/html', body: PROXY_PAGE });
    } else {
      expectFailedResponses(page, { status: 'network', path });
      await route.abort('connectionfailed');
    }
    markFailed();
  });
  return { firstFailed };
}

/** The server is back. */
export async function recover(page: Page, pattern: string): Promise<void> {
  await page.unroute(pattern);
}

export async function waitForNoLoading(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('[role="status"], [aria-busy="true"]')].some(
        (element) =>
          /loading|validating/i.test(element.textContent ?? '') || element.getAttribute('aria-busy') === 'true',
      ),
    undefined,
    { timeout: MESSAGE_TIMEOUT_MS },
  );
}

/** The page says something (the `message` where given), is not blank, not loading for ever, and shows nothing raw. */
export async function expectSensiblePage(page: Page, label: string, message?: string): Promise<void> {
  if (message !== undefined) {
    await main(page)
      .getByText(message, { exact: true })
      .first()
      .waitFor({ timeout: MESSAGE_TIMEOUT_MS })
      .catch(async (error: unknown) => {
        throw new Error(`${label}: no "${message}" in\n${await main(page).innerText()}\n${String(error)}`);
      });
  }
  await waitForNoLoading(page).catch(async () => {
    throw new Error(`${label}: still loading after ${MESSAGE_TIMEOUT_MS} ms:\n${await main(page).innerText()}`);
  });
  const text = await page.locator('body').innerText();
  if (RAW.test(text)) throw new Error(`${label}: raw text shown (${RAW.exec(text)?.[0]}):\n${text}`);
  const mainText = (await main(page).innerText()).trim();
  if (mainText.length < 10) throw new Error(`${label}: the page is blank`);
}

export interface SubmitCase {
  page: Page;
  label: string;
  /** The call the submit makes. */
  calls: string;
  /** Answers again what the page resets after a failure (a captcha), before each submit. */
  prepare?(): Promise<void>;
  submit(): Promise<void>;
  /** The submit button: usable again after each failure. */
  button: Locator;
  /** Fields whose typed values (or selections) must survive each failure. */
  kept: Locator[];
  message: (failure: Failure) => string;
  /** What a successful retry shows, or a wait for what it does (a download, a row gone). */
  success: string | (() => Promise<void>);
}

/**
 * checkSubmit for an action that is one press of `button` (a row's, a dialog's) and keeps nothing typed
 * but `kept`.
 */
export function checkPress(
  label: string,
  [calls, button]: [string, Locator],
  message: (failure: Failure) => string,
  success: SubmitCase['success'],
  kept: Locator[] = [],
): Promise<void> {
  return checkSubmit({
    page: button.page(),
    label,
    calls,
    button,
    submit: () => button.click(),
    kept,
    message,
    success,
  });
}

/** Each failure in turn: the message, the input still there, the button usable; then a retry that succeeds. */
export async function checkSubmit(c: SubmitCase): Promise<void> {
  const typed = await Promise.all(c.kept.map((field) => field.inputValue()));
  for (const failure of FAILURES) {
    const { firstFailed } = await failCalls(c.page, c.calls, failure);
    await c.prepare?.();
    await c.submit();
    // Until the press's call has been failed, a message and a usable button can still be the last failure's.
    await firstFailed.catch((error: unknown) => {
      throw new Error(`${c.label} (${failure}): ${String(error)}`);
    });
    const expected = c.message(failure);
    const shown = () =>
      c.page
        .getByText(expected, { exact: false })
        .first()
        .waitFor({ timeout: MESSAGE_TIMEOUT_MS })
        .catch(async (error: unknown) => {
          throw new Error(
            `${c.label} (${failure}): no "${expected}" in\n${await main(c.page).innerText()}\n${String(error)}`,
          );
        });
    // The attempt is over when the button is usable again (a read retries first), and the message must
    // still be there then. A read's retry can pause (react-query waits while the page counts as hidden)
    // and go on later, making the button busy again for a while: usable is waited for, not read once,
    // before the checks and again after them.
    const settled = async () => {
      await c.prepare?.();
      await c.button
        .and(c.page.locator(':not([aria-busy="true"]):enabled'))
        .waitFor({ timeout: MESSAGE_TIMEOUT_MS })
        .catch(() => {
          throw new Error(`${c.label} (${failure}): the button stays busy or disabled`);
        });
      await shown();
    };
    await shown();
    await settled();
    const text = await c.page.locator('body').innerText();
    if (RAW.test(text)) throw new Error(`${c.label} (${failure}): raw text shown (${RAW.exec(text)?.[0]})`);
    expect(await Promise.all(c.kept.map((field) => field.inputValue()))).toEqual(typed);
    await settled();
    await recover(c.page, c.calls);
  }
  await c.submit();
  const { success } = c;
  await (
    typeof success === 'string'
      ? c.page.getByText(success, { exact: false }).first().waitFor({ timeout: MESSAGE_TIMEOUT_MS })
      : success()
  ).catch(async (error: unknown) => {
    throw new Error(`${c.label} (retry): no success in\n${await main(c.page).innerText()}\n${String(error)}`);
  });
}

export const detailElse = (fallback: string) => (failure: Failure) => (failure === 'json500' ? DETAIL : fallback);
export const always = (message: string) => () => message;
