import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import {
  Call,
  login,
  mailedLink,
  PASSWORD,
  readLastMail,
  register,
  registerVerified,
  sql,
  uniqueEmail,
  useTestApp,
} from '@portal/testing';

const APP_URL = 'http://portal.test';
const REDIS_PREFIX = `identity-reset-${Date.now().toString(36)}`;
const SENT = { message: 'If an account exists for this email, a password reset link has been sent.' };
const INVALID = { detail: 'Invalid or expired reset token. Please request a new password reset.' };
const NEW_PASSWORD = 'N3w!password';

describe('identity: password reset', () => {
  const app = useTestApp({ APP_URL, REDIS_PREFIX });
  const call: Call = (method, path, options) => app.call(method, path, options);

  /** Asks for a reset of `email` and returns the token of the mailed link. */
  async function resetToken(email: string): Promise<string> {
    const since = new Date();
    expect(await call('POST', '/auth/forgot-password', { json: { email } })).toMatchObject({ status: 200, body: SENT });
    const { link, token, mail } = await mailedLink(app.dataDir, email, '/reset-password', since);
    expect(link.origin).toBe(APP_URL);
    expect(mail.subject).toContain('Reset your');
    return token;
  }

  it('answers forgot-password the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const known = uniqueEmail('known');
    const unknown = uniqueEmail('unknown');
    await register(call, known);
    const since = new Date(Date.now() - 1000);

    const forKnown = await call('POST', '/auth/forgot-password', { json: { email: known } });
    const forUnknown = await call('POST', '/auth/forgot-password/', { json: { email: unknown } });
    expect(forKnown).toMatchObject({ status: 200, body: SENT });
    expect(forUnknown).toMatchObject({ status: 200, body: SENT });

    const { mail } = await mailedLink(app.dataDir, known, '/reset-password', since);
    expect(mail.text).toContain('expires in 60 minutes');
    // Nothing is on its way: every outbox row relayed and the mail queue idle.
    await app.settled();
    expect(await readLastMail(app.dataDir, unknown)).toBeUndefined();
  });

  describe('end to end', () => {
    const email = uniqueEmail('flow');
    let userId: string;
    let oldSession: string;
    let token: string;

    beforeAll(async () => {
      ({ userId, accessToken: oldSession } = await registerVerified(call, app.dataDir, email));
      expect((await call('GET', '/profiles/me', { token: oldSession })).status).toBe(200);
      token = await resetToken(email);
    });

    it('refuses a weak new password without using the token', async () => {
      const reply = await call('POST', '/auth/reset-password', { json: { token, new_password: 'weakpass' } });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([
        'Password must contain at least one digit',
        'Password must contain at least one special character',
      ]);
    });

    it('refuses a common new password without using the token', async () => {
      const reply = await call('POST', '/auth/reset-password', { json: { token, new_password: '        1!' } });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([
        'Password is too common or too easy to guess. Please choose a less predictable one.',
      ]);
    });

    it('sets the new password with the mailed token', async () => {
      const reply = await call('POST', '/auth/reset-password', { json: { token, new_password: NEW_PASSWORD } });
      expect(reply).toMatchObject({
        status: 200,
        body: { message: 'Your password has been reset. Please sign in with your new password.' },
      });
    });

    it('refuses the old password and accepts the new one', async () => {
      expect(await login(call, email, PASSWORD)).toMatchObject({
        status: 401,
        body: { detail: 'Incorrect email or password' },
      });
      const session = await login(call, email, NEW_PASSWORD);
      expect(session.status).toBe(200);
      expect(session.body.is_verified).toBe(true);
    });

    it('ends every session issued before: the old token gets 401 session expired', async () => {
      const reply = await call('GET', '/profiles/me', { token: oldSession });
      expect(reply).toMatchObject({ status: 401, body: { detail: 'Your session has expired. Please sign in again.' } });
    });

    it('still refuses the old token when Redis has lost the revocation (identity checks its database)', async () => {
      const redis = new Redis(process.env.REDIS_URL!);
      try {
        expect(await redis.hget(`${REDIS_PREFIX}:auth:session-state:${userId}`, 'v')).toBe('1');
        await redis.del(`${REDIS_PREFIX}:auth:session-state:${userId}`);
      } finally {
        await redis.quit();
      }
      const reply = await call('GET', '/profiles/me', { token: oldSession });
      expect(reply).toMatchObject({ status: 401, body: { detail: 'Your session has expired. Please sign in again.' } });
      const fresh = (await login(call, email, NEW_PASSWORD)).body.access_token;
      expect((await call('GET', '/profiles/me', { token: fresh })).status).toBe(200);
    });

    it('refuses the used token', async () => {
      const reply = await call('POST', '/auth/reset-password', { json: { token, new_password: 'An0ther!pass' } });
      expect(reply).toMatchObject({ status: 400, body: INVALID });
      expect((await login(call, email, NEW_PASSWORD)).status).toBe(200);
    });
  });

  it('invalidates the other outstanding reset tokens of the user', async () => {
    const email = uniqueEmail('two-links');
    await register(call, email);
    const first = await resetToken(email);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await resetToken(email);
    expect(second).not.toBe(first);

    expect(
      (await call('POST', '/auth/reset-password', { json: { token: second, new_password: NEW_PASSWORD } })).status,
    ).toBe(200);
    expect(
      await call('POST', '/auth/reset-password', { json: { token: first, new_password: 'An0ther!pass' } }),
    ).toMatchObject({ status: 400, body: INVALID });
  });

  it('ends the outstanding reset links when the owner changes the password at /settings', async () => {
    const email = uniqueEmail('changed');
    const { accessToken } = await registerVerified(call, app.dataDir, email);
    // Someone who read the mailbox holds a link; the owner then changes the password.
    const token = await resetToken(email);
    const changed = await call('POST', '/auth/password/change', {
      token: accessToken,
      json: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);

    const reply = await call('POST', '/auth/reset-password', { json: { token, new_password: 'An0ther!pass' } });
    expect(reply).toMatchObject({ status: 400, body: INVALID });
    expect((await login(call, email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const email = uniqueEmail('expired');
    await register(call, email);
    const token = await resetToken(email);
    const hash = createHash('sha256').update(token).digest('hex');
    const updated = await sql(
      app.db.url,
      `UPDATE identity.user_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1 RETURNING id`,
      [hash],
    );
    expect(updated).toHaveLength(1);

    const reply = await call('POST', '/auth/reset-password', { json: { token, new_password: NEW_PASSWORD } });
    expect(reply).toMatchObject({ status: 400, body: INVALID });
    expect((await login(call, email, PASSWORD)).status).toBe(200);
  });

  it('refuses a made-up token and a missing one', async () => {
    expect(
      await call('POST', '/auth/reset-password', { json: { token: 'x'.repeat(43), new_password: NEW_PASSWORD } }),
    ).toMatchObject({ status: 400, body: INVALID });
    const missing = await call('POST', '/auth/reset-password', { json: { new_password: NEW_PASSWORD } });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Invalid or missing reset token. Please request a new password reset.');
  });

  it('counts a reset as proof of the mailbox: an unverified account becomes verified', async () => {
    const email = uniqueEmail('unverified');
    await register(call, email);
    const token = await resetToken(email);
    expect((await call('POST', '/auth/reset-password', { json: { token, new_password: NEW_PASSWORD } })).status).toBe(
      200,
    );
    expect((await login(call, email, NEW_PASSWORD)).body.is_verified).toBe(true);
  });

  it('allows 5 reset requests an hour per account (429 with Retry-After)', async () => {
    const email = uniqueEmail('burst');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await call('POST', '/auth/forgot-password', { json: { email } })).status).toBe(200);
    }
    const limited = await call('POST', '/auth/forgot-password', { json: { email } });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
  });
});
