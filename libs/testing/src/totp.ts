import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSync } from 'otplib';

/**
 * The ADMIN_TOTP_SECRET every test process with an ADMIN_EMAIL gets (startProcess), unless the test
 * sets its own: `login` completes such an admin's code step with it.
 */
export const TEST_ADMIN_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

const PERIOD_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

/**
 * A code of `secret` for `account` that the server has not seen yet. The server accepts a code of
 * the current step or the next one, and each step once per account (no replay): so the steps used
 * are remembered per account in a file (test files of one run share them, in turn), and when both
 * are used this waits for the next step to begin, instead of being refused.
 */
export async function nextTotpCode(secret: string, account: string): Promise<string> {
  const file = join(
    tmpdir(),
    'portal-test-totp-steps',
    createHash('sha256').update(account.toLowerCase()).digest('hex'),
  );
  mkdirSync(join(file, '..'), { recursive: true });
  const last = existsSync(file) ? Number(readFileSync(file, 'utf8')) : Number.NEGATIVE_INFINITY;
  const step = Math.max(currentStep(), last + 1);
  while (step > currentStep() + 1) {
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - (Date.now() % PERIOD_MS) + 50));
  }
  writeFileSync(file, String(step));
  return totpCode(secret, step);
}

/** The code of `secret` for a time step (default: now), as an authenticator app shows it. */
export function totpCode(secret: string, step = currentStep()): string {
  return generateSync({ secret, epoch: step * (PERIOD_MS / 1000) });
}
