import { randomBytes } from 'node:crypto';
import { nextTotpCode, readMails, type ReadMail, TEST_ADMIN_TOTP_SECRET } from '@portal/testing';
import type { Page } from 'playwright-core';
import { baseUrl, clientAddress } from './browser';

/** Meets the password rule (8+ characters, a digit, a special character). */
export const PASSWORD = 'Harbor-pass1';

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A fresh address per test, so tests share nothing and can run again on the same database. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
}

export function newAccount(label: string, names: { firstName?: string; lastName?: string } = {}): Account {
  return {
    email: uniqueEmail(label),
    password: PASSWORD,
    firstName: names.firstName ?? 'Ann',
    lastName: names.lastName ?? 'Lee',
  };
}

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the browser tests with `jest --selectProjects e2e`');
  return dir;
}

async function api<T>(path: string, init: RequestInit): Promise<T> {
  // A client address of its own per call (the app trusts X-Forwarded-For): limits per address never add up.
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', clientAddress());
  const response = await fetch(`${baseUrl()}/api${path}`, { ...init, headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

function postJson<T>(path: string, body: unknown): Promise<T> {
  return api<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/** Registers through the API, as the sign-up page would; the account stays unverified. */
export async function register(account: Account): Promise<void> {
  await postJson('/auth/register', {
    email: account.email,
    password: account.password,
    confirmPassword: account.password,
    first_name: account.firstName,
    last_name: account.lastName,
    username: account.email,
  });
}

/**
 * The in-app location (path, query and hash) of the first link of the newest mail to `email` that
 * leads to `pathname`, waiting until such a mail arrives: mails go out through the outbox and the mail
 * worker, and an older mail to the same address (the verification mail, say) must not be taken for it.
 */
export async function mailLink(email: string, pathname: string, options: { since?: Date } = {}): Promise<string> {
  const deadline = Date.now() + 20_000;
  const linkOf = (mail: ReadMail) => mail.links.map((href) => new URL(href)).find((url) => url.pathname === pathname);
  for (;;) {
    // Newest first, but not only the newest: the mail worker sends several at once.
    const mails = await readMails(dataDir(), email, { since: options.since }, (mail) => !linkOf(mail));
    const link = mails.map(linkOf).find((url) => url !== undefined);
    if (link) return link.pathname + link.search + link.hash;
    if (Date.now() > deadline) throw new Error(`No mail to ${email} with a link to ${pathname}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Registers and verifies with the token of the verification mail, through the API. */
export async function registerVerified(account: Account): Promise<void> {
  await register(account);
  const link = await mailLink(account.email, '/verify-email');
  const token = new URL(link, 'http://mail.invalid').searchParams.get('token');
  await postJson('/auth/verify-email/confirm', { token });
}

interface LoginReply {
  access_token: string;
  token_type?: string;
  [field: string]: unknown;
}

// One sign-in per account for the whole file: for an account with two-factor on (the e2e admin, shared by
// every file of the run) each sign-in takes a code of a 30 s step not used yet, and after two in a step the
// next waits for a new step to begin (nextTotpCode).
const sessions = new Map<string, Promise<LoginReply>>();

/**
 * An account with two-factor on is the e2e app's admin (its secret is TEST_ADMIN_TOTP_SECRET, see
 * e2e-setup), or one a test enrolled and passes its secret for.
 */
function login(account: Account & { totpSecret?: string }): Promise<LoginReply> {
  let session = sessions.get(account.email);
  if (!session) {
    session = newLogin(account);
    sessions.set(account.email, session);
  }
  return session;
}

/** A sign-in of its own, shared with no other test: for a test that signs it out. */
async function newLogin(account: Account & { totpSecret?: string }): Promise<LoginReply> {
  const reply = await api<LoginReply & { challenge_token?: string }>('/auth/login', {
    method: 'POST',
    body: new URLSearchParams({ username: account.email, password: account.password }),
  });
  if (!reply.challenge_token) return reply;
  const code = await nextTotpCode(account.totpSecret ?? TEST_ADMIN_TOTP_SECRET, account.email);
  return postJson<LoginReply>('/auth/two-factor/verify', { challenge_token: reply.challenge_token, code });
}

/**
 * Turns two-factor on through the API, as /settings does (set up, then enable with the password and a
 * code). Signed in on its own, since turning it on ends the account's other sessions. Resolves with
 * the secret, for the account's sign-ins (`totpSecret`).
 */
export async function enrolTwoFactor(account: Account): Promise<string> {
  const headers = { Authorization: `Bearer ${(await newLogin(account)).access_token}` };
  const { secret } = await api<{ secret: string }>('/auth/two-factor/setup', { method: 'POST', headers });
  await api('/auth/two-factor/enable', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: account.password, code: await nextTotpCode(secret, account.email) }),
  });
  return secret;
}

/** The admin the e2e app starts with (libs/testing e2e-setup; two-factor on with TEST_ADMIN_TOTP_SECRET). */
export function adminAccount(): Account {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error('E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD are not set by the e2e setup');
  return { email, password, firstName: '', lastName: '' };
}

/** An access token of the account, signed in through the API once per account and file (code step included). */
export async function apiToken(account: Account): Promise<string> {
  return (await login(account)).access_token;
}

/** The access token of a sign-in of its own (another device, say). */
export async function newApiToken(account: Account): Promise<string> {
  return (await newLogin(account)).access_token;
}

/**
 * Signs in through the API (once per account, or with `ownSession` a sign-in of its own: for a test
 * that signs out, which ends the session's token) and stores the session in the browser as the
 * sign-in page would.
 */
export async function signInWithStoredSession(
  page: Page,
  account: Account & { totpSecret?: string },
  { ownSession = false }: { ownSession?: boolean } = {},
): Promise<void> {
  const { access_token: token, token_type: _type, ...user } = await (ownSession ? newLogin(account) : login(account));
  // Storage belongs to the origin: open the app once, then store the session for the next loads.
  await page.goto('/');
  await page.evaluate(
    ([storedUser, storedToken]) => {
      localStorage.setItem('user', storedUser);
      localStorage.setItem('token', storedToken);
    },
    [JSON.stringify(user), token] as const,
  );
}

/** Fills and sends the sign-in form of the page already open. */
export async function submitSignIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('Email', { exact: true }).fill(account.email);
  await main.getByLabel('Password', { exact: true }).fill(account.password);
  await main.getByRole('button', { name: 'Sign in' }).click();
}
