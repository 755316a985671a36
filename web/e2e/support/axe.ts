import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core's own build (the root package.json pins it), injected from disk: the tests reach no network.
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

/** The WCAG 2.0 and 2.1 level A and AA rules, and nothing else (no best practices, no AAA). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The context options of a page to check: the app's Content-Security-Policy allows no inline script, and
 * addScriptTag injects axe-core as one. Only the test's own script needs this; the app's CSP is checked
 * by the tests that are about it.
 */
export const AXE_PAGE_OPTIONS = { bypassCSP: true } as const;

export interface AxeExclusion {
  /** A CSS selector of the element left out, or of the frame (its <iframe>) left out. */
  selector: string;
  /** Why it may be left out: a third party's frame, or a spec line the fix would break. */
  reason: string;
}

// The violations the running test has found so far, one report per page state checked.
const reports: string[] = [];

/**
 * Runs axe-core on the page as it is now (dialogs and menus open, error messages shown). Every violation
 * fails the running test, with its rule, impact, the elements' selectors and what would fix it; the test
 * goes on to its other pages first (the afterEach below fails it), so that one run reports them all.
 * `exclude` leaves out only the elements named, each with its reason.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  { exclude = [] }: { exclude?: AxeExclusion[] } = {},
): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  // At rest: a button's colours halfway through their hover transition are no colours anyone reads.
  // Transitions are switched off for the check, not waited for: Chromium moves :hover on a timer after
  // the layout changes (an error message shown above the button the mouse rests on), so one can start
  // after any wait.
  const atRest = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  const violations = await page.evaluate(
    async ({ excluded, tags }) => {
      const { axe } = window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } };
      const context = { include: [['html']], exclude: excluded.map((selector) => [selector]) };
      const results = await axe.run(context, { runOnly: { type: 'tag', values: tags } });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        // The target and why it fails (a contrast's colours and ratio, say), one line each.
        targets: violation.nodes.map(
          (node) =>
            `${node.target.map(String).join(' >>> ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
        ),
      }));
    },
    { excluded: exclude.map(({ selector }) => selector), tags: WCAG_AA },
  );
  await atRest.evaluate((style) => style.parentNode?.removeChild(style));
  if (violations.length === 0) return;
  const report = violations.map(
    (violation) =>
      `- ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
      violation.targets.map((target) => `    ${target}`).join('\n'),
  );
  reports.push(`${label} (${new URL(page.url()).pathname}):\n${report.join('\n')}`);
}

// Registered by importing this module, as browser.ts registers its error check.
afterEach(() => {
  const found = reports.splice(0);
  if (found.length > 0) throw new Error(`Accessibility violations (axe-core):\n${found.join('\n')}`);
});
