import type { Locator, Page } from 'playwright-core';
import { holdRequests } from './browser';

// The spec's form status rule (part 2, section 4: a form's status message clears after 5 s), checked in
// the page's own time: the page's clock is installed before it loads (`page.clock.install()`), paused
// once the app has loaded, and from then on run by the test.

/**
 * Stops the page's clock (installed before it loaded): from here on its timers fire only when the test
 * runs the clock, so a status message cannot clear on its own while the test looks at it.
 */
export async function pauseClock(page: Page): Promise<void> {
  // A little ahead (the clock cannot go back): the timers due meanwhile fire once on the way.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 10_000);
}

/** Runs the paused clock in small steps until `locator` shows (for replies handed on through timers). */
export async function runClockUntilVisible(page: Page, locator: Locator): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await locator.isVisible())) {
    if (Date.now() > deadline) throw new Error('Still not visible after running the clock for 10 s');
    await page.clock.runFor(50);
  }
}

/**
 * Notes, in the page's own (paused) time, when `text` appears in the document and when it goes again.
 * Call it before the action that shows the text. Reading the page's clock at the moment of each DOM
 * change makes the 5 s rule independent of when React happens to run its effects in real time.
 */
export async function watchText(page: Page, text: string): Promise<void> {
  await page.evaluate((watched) => {
    const times: { shown: number | null; cleared: number | null } = { shown: null, cleared: null };
    Object.assign(window, { __watchedText: times });
    const check = () => {
      const present = document.body.textContent?.includes(watched) ?? false;
      if (present && times.shown === null) times.shown = Date.now();
      if (!present && times.shown !== null && times.cleared === null) times.cleared = Date.now();
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
}

/**
 * The spec's form status rule (part 2, section 4): the message watched with `watchText` goes 5 s after
 * it appeared — not before, and not later than the clock step (50 ms) and a little slack.
 */
export async function expectClearedAfter5s(page: Page): Promise<void> {
  const read = () => watched(page);
  for (let step = 0; step < 200 && (await read()).cleared === null; step++) await page.clock.runFor(50);
  const { shown, cleared } = await read();
  if (shown === null || cleared === null)
    throw new Error(`The message did not clear (${JSON.stringify({ shown, cleared })})`);
  expect(cleared - shown).toBeGreaterThanOrEqual(5_000);
  expect(cleared - shown).toBeLessThanOrEqual(5_150);
}

function watched(page: Page): Promise<{ shown: number | null; cleared: number | null }> {
  return page.evaluate(
    () => (window as unknown as { __watchedText: { shown: number | null; cleared: number | null } }).__watchedText,
  );
}

/**
 * The spec's timed steps (part 1, sections 4 and 9: a redirect 2 s after sign-up and verification, 3 s
 * after a reset; the contact modal closing 3 s after a sent message): runs the paused clock in 50 ms
 * steps until `happened` holds, and expects that `ms` after the text watched with `watchText`
 * appeared, in the page's own time.
 */
export async function expectAfter(page: Page, ms: number, happened: () => Promise<boolean>): Promise<void> {
  const { shown } = await watched(page);
  if (shown === null) throw new Error('The watched text never showed');
  for (let step = 0; step < 200; step++) {
    if (await happened()) {
      const at = await page.evaluate(() => Date.now());
      expect(at - shown).toBeGreaterThanOrEqual(ms);
      expect(at - shown).toBeLessThanOrEqual(ms + 150);
      return;
    }
    await page.clock.runFor(50);
  }
  throw new Error('Not happened 10 s after the text showed');
}

/** `expectAfter` for a redirect away from `pathname`. */
export function expectLeftAfter(page: Page, pathname: string, ms: number): Promise<void> {
  return expectAfter(page, ms, () => Promise.resolve(new URL(page.url()).pathname !== pathname));
}

/**
 * The spec's redirects after a success (part 2, sections 2 and 9: a checkout's success screen, a card
 * update, each 2 s before the next page). `act` makes the call `hold` matches (the last one of the
 * action), which is held until the page's clock (installed before the page loaded) is paused and
 * `success` watched; then the page must leave `from` `ms` later in its own time, not sooner and not
 * much later. The success is waited for in real time, the clock not run for it (runClockUntilVisible):
 * nothing on its way needs a timer, and a clock step between the redirect's timer being set and the
 * text's render would make the pause look 50 ms shorter.
 */
export async function expectRedirectAfterSuccess(
  page: Page,
  { hold, from, success, ms }: { hold: string; from: string; success: string; ms: number },
  act: () => Promise<void>,
): Promise<void> {
  const call = await holdRequests(page, hold);
  await act();
  await call.requested;
  await pauseClock(page);
  await watchText(page, success);
  call.release();
  await page.getByText(success, { exact: false }).first().waitFor({ timeout: 10_000 });
  await expectLeftAfter(page, from, ms);
  await page.unroute(hold);
  await page.clock.resume();
}
