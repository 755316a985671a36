/**
 * Accounts for integration tests, through the public API of a running app (see
 * startProcess): register, confirm with the mailed token, sign in; plus a small API
 * client that gives every call its own client address (apps under test run with
 * TRUST_PROXY=1 so per-IP rate limits of one test never reach another).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { Client } from 'pg';
import { readMails, ReadMail } from './mail';
import { nextTotpCode, TEST_ADMIN_TOTP_SECRET } from './totp';

/** Meets the password rule (8+ characters, a digit, a special character). */
export const PASSWORD = 'S3cure!pass';

/** A unique address per test and run: nothing (rate limits included) is shared between tests. */
export function uniqueEmail(label: string): string {
  return `id-${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * A client address of its own. The gateway runs with TRUST_PROXY=1 in these tests, so
 * X-Forwarded-For sets request.ip and per-IP limits of one test never reach another.
 */
export function newIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  ms: number;
}

export interface CallOptions {
  json?: unknown;
  form?: Record<string, string>;
  token?: string;
  /** Default: a new address for this one call. */
  ip?: string;
}

export function apiClient(baseUrl: string) {
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? newIp() };
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api${path}`, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as T,
      headers: response.headers,
      ms: performance.now() - started,
    };
  };
}

export type Call = ReturnType<typeof apiClient>;

export function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    first_name: 'Jane',
    last_name: 'Doe',
    username: email,
    ...overrides,
  };
}

export async function register(call: Call, email: string, overrides: Record<string, unknown> = {}) {
  const reply = await call('POST', '/auth/register', { json: registration(email, overrides) });
  if (reply.status !== 201) throw new Error(`register answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body as { user_id: string; email: string };
}

export interface LoginBody {
  access_token: string;
  token_type: string;
  is_verified: boolean;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  user_type: number;
}

/** Two-factor secrets of the accounts enrolled by enrolTwoFactor, by lower-cased e-mail. */
const enrolledSecrets = new Map<string, string>();

/**
 * Turns two-factor on for the signed-in `email` (setup, then enable with its password and a fresh code),
 * as an admin must before anything else: its secret, recovery codes and the new token. `login` signs it
 * in with codes from then on.
 */
export async function enrolTwoFactor(call: Call, token: string, email: string, password = PASSWORD) {
  const setup = await call<{ secret: string }>('POST', '/auth/two-factor/setup', { token });
  if (setup.status !== 200) throw new Error(`two-factor setup answered ${setup.status}: ${JSON.stringify(setup.body)}`);
  const code = await nextTotpCode(setup.body.secret, email);
  const enabled = await call<{ recovery_codes: string[]; access_token: string }>('POST', '/auth/two-factor/enable', {
    token,
    json: { password, code },
  });
  if (enabled.status !== 200) throw new Error(`two-factor enable answered ${enabled.status}`);
  enrolledSecrets.set(email.toLowerCase(), setup.body.secret);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recovery_codes, token: enabled.body.access_token };
}

/**
 * Signs in from `ip` (default: a new address for this one call). For an account with two-factor on
 * the code step is done with a fresh code of its secret (enrolled by enrolTwoFactor, else taken to be
 * an ADMIN_EMAIL admin of a test process: TEST_ADMIN_TOTP_SECRET), and the reply is that of the code step.
 */
export async function login(call: Call, email: string, password = PASSWORD, ip?: string): Promise<Reply<LoginBody>> {
  const reply = await call<LoginBody & { challenge_token?: string }>('POST', '/auth/login', {
    form: { username: email, password },
    ip,
  });
  if (reply.status !== 200 || !reply.body.challenge_token) return reply;
  const code = await nextTotpCode(enrolledSecrets.get(email.toLowerCase()) ?? TEST_ADMIN_TOTP_SECRET, email);
  return call<LoginBody>('POST', '/auth/two-factor/verify', {
    json: { challenge_token: reply.body.challenge_token, code },
    ip,
  });
}

/**
 * The newest mail to `email` written at or after `since` that has a link to `pathname`,
 * waiting for it (mails go out through the outbox and the mail worker), and that link. Another
 * mail to the address (a verification mail still on its way) may be written after it: the mail
 * worker sends several at once, so the newest file is not always the one asked for.
 */
export async function mailedLink(dataDir: string, email: string, pathname: string, since: Date) {
  const deadline = Date.now() + 20_000;
  const linkOf = (mail: ReadMail) => mail.links.map((href) => new URL(href)).find((url) => url.pathname === pathname);
  for (;;) {
    const [mail] = await readMails(dataDir, email, { since }, (read) => !linkOf(read)).then((mails) =>
      mails.filter((read) => linkOf(read)),
    );
    if (mail) {
      const link = linkOf(mail)!;
      return { mail, link, token: link.searchParams.get('token')! };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} with a link to ${pathname}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Registers, confirms with the mailed token and signs in. */
export async function registerVerified(call: Call, dataDir: string, email: string) {
  const since = new Date();
  const { user_id } = await register(call, email);
  const { token } = await mailedLink(dataDir, email, '/verify-email', since);
  const confirmed = await call('POST', '/auth/verify-email/confirm', { json: { token } });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
  const session = await login(call, email);
  return { userId: user_id, accessToken: session.body.access_token };
}

/**
 * Registers, then sets the password again through the mailed reset link (which verifies the address
 * too) and signs in: an account whose password its mailbox's owner chose, as a staff member's must be
 * before the admin CLI or ADMIN_EMAIL makes it an admin.
 */
export async function registerWithMailboxPassword(call: Call, dataDir: string, email: string) {
  const { user_id } = await register(call, email);
  const since = new Date();
  const asked = await call('POST', '/auth/forgot-password', { json: { email } });
  if (asked.status !== 200) throw new Error(`forgot-password answered ${asked.status}`);
  const { token } = await mailedLink(dataDir, email, '/reset-password', since);
  const reset = await call('POST', '/auth/reset-password', { json: { token, new_password: PASSWORD } });
  if (reset.status !== 200) throw new Error(`reset-password answered ${reset.status}: ${JSON.stringify(reset.body)}`);
  const session = await login(call, email);
  return { userId: user_id, accessToken: session.body.access_token };
}

/** Runs SQL on a test database. */
export async function sql<T = Record<string, unknown>>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
