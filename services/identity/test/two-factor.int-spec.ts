import {
  Call,
  login,
  mailedLink,
  newIp,
  nextTotpCode,
  PASSWORD,
  readMails,
  register,
  registerVerified,
  totpCode,
  uniqueEmail,
  useTestApp,
} from '@portal/testing';
import { TWO_FACTOR_MESSAGES } from '@portal/contracts';
import Redis from 'ioredis';
import { createHash } from 'node:crypto';

const ADMIN_EMAIL = uniqueEmail('tf-admin');
const ADMIN_PASSWORD = 'Adm1n!two-factor';
const REDIS_PREFIX = `identity-settings-${Date.now().toString(36)}`;
const TWO_FACTOR_REQUIRED = { detail: 'Two-factor authentication is required for admins.' };
/** How recovery codes were stored before they were keyed: plain SHA-256 of the user id and the code. */
const legacyHash = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}:${code.replace('-', '')}`)
    .digest('hex');

interface Enrolled {
  secret: string;
  codes: string[];
  token: string;
}

/**
 * Two-factor sign-in end to end: enrolment, the code step, recovery codes, replay, lockout, turning
 * it off, admins who must have it; the password change and "sign out everywhere" of /settings; and
 * the audit entries each of them writes.
 */
describe('identity: two-factor sign-in and account security', () => {
  // The bootstrap admin without ADMIN_TOTP_SECRET: it must enrol at first sign-in.
  const app = useTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_TOTP_SECRET: '', REDIS_PREFIX });
  const call: Call = (method, path, options) => app.call(method, path, options);

  /** Password step only: the raw reply. */
  const passwordStep = (email: string, password = PASSWORD, ip?: string) =>
    call('POST', '/auth/login', { form: { username: email, password }, ip });
  const codeStep = (challenge: unknown, code: string, ip?: string) =>
    call('POST', '/auth/two-factor/verify', { json: { challenge_token: challenge, code }, ip });

  async function enrol(email: string, token: string, password = PASSWORD): Promise<Enrolled> {
    const setup = await call<{ secret: string; otpauth_url: string }>('POST', '/auth/two-factor/setup', { token });
    expect(setup.status).toBe(200);
    const code = await nextTotpCode(setup.body.secret, email);
    const enabled = await call<{ recovery_codes: string[]; access_token: string }>('POST', '/auth/two-factor/enable', {
      token,
      json: { password, code },
    });
    expect(enabled.status).toBe(200);
    return { secret: setup.body.secret, codes: enabled.body.recovery_codes, token: enabled.body.access_token };
  }

  async function auditOf(userId: string) {
    await app.settled();
    return app.sql<{ action: string; actor_id: string | null; actor_email: string | null; details: object }>(
      `SELECT action, actor_id, actor_email, details FROM identity.audit_log WHERE target = $1 ORDER BY at, action`,
      [`user:${userId}`],
    );
  }

  describe('enrolment, the code step, recovery codes, replay and turning it off', () => {
    const email = uniqueEmail('tf');
    let userId: string;
    let enrolled: Enrolled;
    let firstToken: string;

    it('enrols with a secret confirmed by a code: ten recovery codes, other sessions end', async () => {
      ({ userId, accessToken: firstToken } = await registerVerified(call, app.dataDir, email));
      const before = await call('GET', '/auth/two-factor', { token: firstToken });
      expect(before.body).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });

      const setup = await call<{ secret: string; otpauth_url: string }>('POST', '/auth/two-factor/setup', {
        token: firstToken,
      });
      expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(setup.body.otpauth_url).toContain(`secret=${setup.body.secret}`);
      const enable = (json: object) => call('POST', '/auth/two-factor/enable', { token: firstToken, json });
      const wrong = await enable({ password: PASSWORD, code: '000000' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ detail: 'Invalid authentication code. Please try again.' });
      const code = await nextTotpCode(setup.body.secret, email);
      // A session alone cannot turn it on: the password is asked for too.
      expect((await enable({ code })).body).toMatchObject({ detail: 'Please enter your password' });
      expect((await enable({ password: 'Wrong!pass1', code })).body).toEqual({ detail: 'Incorrect password' });

      const enabled = await call<{ recovery_codes: string[]; access_token: string }>(
        'POST',
        '/auth/two-factor/enable',
        { token: firstToken, json: { password: PASSWORD, code } },
      );
      expect(enabled.status).toBe(200);
      enrolled = { secret: setup.body.secret, codes: enabled.body.recovery_codes, token: enabled.body.access_token };
      expect(enrolled.codes).toHaveLength(10);
      expect(new Set(enrolled.codes).size).toBe(10);

      // The token that enabled it goes on as the new one; the old one has ended.
      expect((await call('GET', '/profiles/me', { token: firstToken })).status).toBe(401);
      const after = await call('GET', '/auth/two-factor', { token: enrolled.token });
      expect(after.body).toMatchObject({ enabled: true, recovery_codes_left: 10 });
      expect((await call('POST', '/auth/two-factor/setup', { token: enrolled.token })).status).toBe(409);
    });

    it('stores the secret encrypted and the recovery codes hashed', async () => {
      const [row] = await app.sql<{ totp_secret: string; totp_pending_secret: string | null }>(
        'SELECT totp_secret, totp_pending_secret FROM identity.users WHERE id = $1',
        [userId],
      );
      expect(row.totp_secret).toMatch(/^v1\./);
      expect(row.totp_secret).not.toContain(enrolled.secret);
      expect(row.totp_pending_secret).toBeNull();
      const hashes = await app.sql<{ code_hash: string }>(
        'SELECT code_hash FROM identity.recovery_codes WHERE user_id = $1',
        [userId],
      );
      expect(hashes).toHaveLength(10);
      // Keyed (HMAC): not the plain SHA-256 that anyone holding the table could search for.
      const searchable = new Set(enrolled.codes.map((code) => legacyHash(userId, code)));
      for (const { code_hash } of hashes) {
        expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(enrolled.codes.some((code) => code_hash.includes(code.replace('-', '')))).toBe(false);
        expect(searchable.has(code_hash)).toBe(false);
      }
    });

    let usedCode: string;

    it('answers the password step with a challenge and no token, and the code step with a session', async () => {
      const step = await passwordStep(email);
      expect(step.status).toBe(200);
      expect(step.body).toEqual({ two_factor_required: true, challenge_token: expect.any(String) });
      usedCode = await nextTotpCode(enrolled.secret, email);
      const session = await codeStep(step.body.challenge_token, usedCode);
      expect(session.status).toBe(200);
      expect(session.body).toMatchObject({ token_type: 'bearer', user_id: userId, email });
      expect((await call('GET', '/profiles/me', { token: session.body.access_token as string })).status).toBe(200);
      // The challenge worked once.
      expect((await codeStep(step.body.challenge_token, usedCode)).body).toEqual({
        detail: 'Your sign-in has expired. Please sign in again.',
      });
    });

    it('refuses a code used once already (replay), with a new challenge too', async () => {
      const step = await passwordStep(email);
      const replay = await codeStep(step.body.challenge_token, usedCode);
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ detail: 'Invalid authentication code. Please try again.' });
    });

    it('takes a recovery code once', async () => {
      const [code] = enrolled.codes;
      const first = await codeStep((await passwordStep(email)).body.challenge_token, code.toUpperCase());
      expect(first.status).toBe(200);
      const again = await codeStep((await passwordStep(email)).body.challenge_token, code);
      expect(again.status).toBe(401);
      expect((await call('GET', '/auth/two-factor', { token: enrolled.token })).body).toMatchObject({
        recovery_codes_left: 9,
      });
    });

    it('turns off only with the password and a current code (or a recovery code)', async () => {
      const [, second, third] = enrolled.codes;
      const disable = (json: object, token = enrolled.token) =>
        call<{ access_token?: string; detail?: string }>('POST', '/auth/two-factor/disable', { token, json });
      expect((await disable({ password: 'Wrong!pass1', code: second })).body).toEqual({
        detail: 'Incorrect password',
      });
      expect((await disable({ password: PASSWORD, code: '123456' })).body).toEqual({
        detail: 'Invalid authentication code. Please try again.',
      });
      expect((await disable({ password: PASSWORD })).status).toBe(400);
      const off = await disable({ password: PASSWORD, code: third });
      expect(off.status).toBe(200);
      expect((await call('GET', '/auth/two-factor', { token: off.body.access_token })).body).toEqual({
        enabled: false,
        enabled_at: null,
        recovery_codes_left: 0,
      });
      // The spec's reply again: a token at the password step.
      expect((await passwordStep(email)).body).toMatchObject({ access_token: expect.any(String), user_id: userId });
    });

    it('records each of these once, as the account, on the account', async () => {
      const entries = await auditOf(userId);
      const actions = entries.map((entry) => entry.action).sort();
      expect(actions).toEqual(
        [
          'auth.sign_in', // registerVerified
          'auth.two_factor_enabled',
          'auth.sign_in', // with a code
          'auth.sign_in_failed', // the replay
          'auth.recovery_code_used',
          'auth.sign_in', // with the recovery code
          'auth.sign_in_failed', // the used recovery code
          'auth.recovery_code_used', // to turn it off
          'auth.two_factor_disabled',
          'auth.sign_in', // password only again
        ].sort(),
      );
      for (const entry of entries) expect(entry).toMatchObject({ actor_id: userId, actor_email: email });
      expect(entries.filter((entry) => entry.action === 'auth.sign_in_failed').map((entry) => entry.details)).toEqual([
        { reason: 'wrong_code' },
        { reason: 'wrong_code' },
      ]);
    });
  });

  it('turns on only for a verified address: a squatter’s authenticator cannot outlive the owner’s password reset', async () => {
    // Anyone can register someone else's address and sign in before it is verified.
    const email = uniqueEmail('tf-unverified');
    const since = new Date();
    await register(call, email);
    const token = (await login(call, email)).body.access_token!;
    const verifyFirst = { detail: TWO_FACTOR_MESSAGES.verifyEmailFirst };
    const setup = await call('POST', '/auth/two-factor/setup', { token });
    expect([setup.status, setup.body]).toEqual([403, verifyFirst]);
    const enable = await call('POST', '/auth/two-factor/enable', {
      token,
      json: { password: PASSWORD, code: '123456' },
    });
    expect([enable.status, enable.body]).toEqual([403, verifyFirst]);
    expect(await app.sql(`SELECT totp_pending_secret FROM identity.users WHERE email = $1`, [email])).toEqual([
      { totp_pending_secret: null },
    ]);

    // Once the address is confirmed, it can.
    const { token: link } = await mailedLink(app.dataDir, email, '/verify-email', since);
    expect((await call('POST', '/auth/verify-email/confirm', { json: { token: link } })).status).toBe(200);
    expect((await call('POST', '/auth/two-factor/setup', { token })).status).toBe(200);
  });

  it("ends a challenge with the account's sessions: after a password change or sign-out everywhere it no longer signs in", async () => {
    const email = uniqueEmail('tf-ended');
    const NEW_PASSWORD = 'N3w!challenge-pass';
    const { accessToken } = await registerVerified(call, app.dataDir, email);
    const { codes, token } = await enrol(email, accessToken);
    const expired = { detail: 'Your sign-in has expired. Please sign in again.' };

    // Someone who knows the old password holds a challenge; the owner changes the password.
    const beforeChange = (await passwordStep(email)).body.challenge_token;
    const changed = await call<{ access_token: string }>('POST', '/auth/password/change', {
      token,
      json: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await codeStep(beforeChange, codes[0])).body).toEqual(expired);

    const beforeSignOut = (await passwordStep(email, NEW_PASSWORD)).body.challenge_token;
    const out = await call('POST', '/auth/sessions/revoke-all', { token: changed.body.access_token });
    expect(out.status).toBe(200);
    expect((await codeStep(beforeSignOut, codes[1])).body).toEqual(expired);

    // A challenge of after signs in, with a recovery code the refused attempts did not use up.
    const after = await codeStep((await passwordStep(email, NEW_PASSWORD)).body.challenge_token, codes[0]);
    expect(after.status).toBe(200);
  });

  it('still takes, once, a recovery code stored as plain SHA-256 before codes were keyed', async () => {
    const email = uniqueEmail('tf-legacy');
    const { userId, accessToken } = await registerVerified(call, app.dataDir, email);
    const { token } = await enrol(email, accessToken);
    const code = 'sha25-6hash';
    await app.sql(`INSERT INTO identity.recovery_codes (user_id, code_hash) VALUES ($1, $2)`, [
      userId,
      legacyHash(userId, code),
    ]);
    expect((await call('GET', '/auth/two-factor', { token })).body).toMatchObject({ recovery_codes_left: 11 });

    const first = await codeStep((await passwordStep(email)).body.challenge_token, code);
    expect(first.status).toBe(200);
    const again = await codeStep((await passwordStep(email)).body.challenge_token, code);
    expect(again.status).toBe(401);
    expect((await call('GET', '/auth/two-factor', { token })).body).toMatchObject({ recovery_codes_left: 10 });
  });

  it('counts wrong codes toward the lockout of wrong passwords, and records the lockout once', async () => {
    const email = uniqueEmail('tf-lock');
    const { userId, accessToken } = await registerVerified(call, app.dataDir, email);
    const { secret } = await enrol(email, accessToken);
    const ip = newIp();
    const challenge = (await passwordStep(email, PASSWORD, ip)).body.challenge_token;
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await codeStep(challenge, '000000', ip)).status).toBe(401);
    }
    const locked = await codeStep(challenge, await nextTotpCode(secret, email), ip);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await passwordStep(email, PASSWORD, ip)).status).toBe(429);

    const entries = await auditOf(userId);
    expect(entries.filter((entry) => entry.action === 'auth.sign_in_failed')).toHaveLength(5);
    expect(entries.filter((entry) => entry.action === 'auth.locked_out')).toEqual([
      expect.objectContaining({ actor_id: userId, details: { reason: 'wrong_code' } }),
    ]);
  });

  it('counts wrong current passwords in the settings toward the sign-in lockout, and records the lockout once', async () => {
    const email = uniqueEmail('settings-lock');
    const { userId, accessToken } = await registerVerified(call, app.dataDir, email);
    const ip = newIp();
    const change = () =>
      call('POST', '/auth/password/change', {
        token: accessToken,
        json: { current_password: 'Wrong!pass1', new_password: 'N3w!lockout-pass' },
        ip,
      });
    for (let attempt = 1; attempt <= 5; attempt++) expect((await change()).status).toBe(400);
    expect((await change()).status).toBe(429);
    expect((await passwordStep(email, PASSWORD, ip)).status).toBe(429);

    const entries = await auditOf(userId);
    expect(entries.filter((entry) => entry.action === 'auth.locked_out')).toEqual([
      expect.objectContaining({ actor_id: userId, details: { reason: 'wrong_password' } }),
    ]);
  });

  it('records a failed sign-in of an unknown e-mail with the e-mail tried and no actor id', async () => {
    const email = uniqueEmail('nobody');
    expect((await passwordStep(email, 'Wrong!pass1')).status).toBe(401);
    await app.settled();
    expect(
      await app.sql(`SELECT actor_id, actor_email, target, details FROM identity.audit_log WHERE actor_email = $1`, [
        email,
      ]),
    ).toEqual([{ actor_id: null, actor_email: email, target: null, details: { reason: 'unknown_email' } }]);
  });

  it("refuses the app's codes for the day after ten wrong ones from anywhere, and tells the owner once", async () => {
    const email = uniqueEmail('tf-guessed');
    const home = newIp();
    const { accessToken } = await registerVerified(call, app.dataDir, email);
    // The owner signs in from home once: an address the throttle knows for the account.
    expect((await login(call, email, PASSWORD, home)).status).toBe(200);
    const enrolled = await enrol(email, accessToken);

    // Someone who knows the password tries codes, each time from another address (never locked out of one).
    for (let guess = 0; guess < 10; guess += 1) {
      const step = await passwordStep(email);
      expect(step.status).toBe(200);
      expect((await codeStep(step.body.challenge_token, totpCode(enrolled.secret, 1))).status).toBe(401);
    }

    // Then even the owner's right code, from home, is refused for the day; a recovery code still works.
    const refused = await codeStep(
      (await passwordStep(email, PASSWORD, home)).body.challenge_token,
      await nextTotpCode(enrolled.secret, email),
      home,
    );
    expect(refused).toMatchObject({ status: 429, body: { detail: TWO_FACTOR_MESSAGES.tooManyCodes } });
    const recovered = await codeStep(
      (await passwordStep(email, PASSWORD, home)).body.challenge_token,
      enrolled.codes[0],
      home,
    );
    expect(recovered.status).toBe(200);
    await app.settled();
    const subjects = (await readMails(app.dataDir, email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('Wrong two-factor codes'))).toEqual([
      'Wrong two-factor codes were entered for your Harbor Tax & Accounting account',
    ]);

    // A new password (the guesser's is gone) starts the count again: the app's codes work.
    const asked = new Date();
    await call('POST', '/auth/forgot-password', { json: { email } });
    const { token } = await mailedLink(app.dataDir, email, '/reset-password', asked);
    expect((await call('POST', '/auth/reset-password', { json: { token, new_password: 'N3w!password' } })).status).toBe(
      200,
    );
    const again = await codeStep(
      (await passwordStep(email, 'N3w!password', home)).body.challenge_token,
      await nextTotpCode(enrolled.secret, email),
      home,
    );
    expect(again.status).toBe(200);
  }, 120_000);

  describe('an admin without two-factor', () => {
    let token: string;

    beforeAll(async () => {
      const session = await login(call, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(session.status).toBe(200);
      token = session.body.access_token;
    });

    it('is refused on admin routes and every other one, but may read the profile and set two-factor up', async () => {
      for (const [method, path] of [
        ['GET', '/invite-codes'],
        ['GET', '/vault/files'],
        ['GET', '/auth/sessions'],
        ['POST', '/auth/sessions/revoke-all'],
      ]) {
        const refused = await call(method, path, { token });
        expect([method, path, refused.status, refused.body]).toEqual([method, path, 403, TWO_FACTOR_REQUIRED]);
      }
      expect((await call('GET', '/profiles/me', { token })).status).toBe(200);
      expect((await call('GET', '/auth/two-factor', { token })).status).toBe(200);
    });

    it('may do everything once it is set up, with the token enable answers', async () => {
      const { token: admin } = await enrol(ADMIN_EMAIL, token, ADMIN_PASSWORD);
      expect((await call('GET', '/invite-codes', { token: admin })).status).toBe(200);
      expect((await call('GET', '/invite-codes', { token })).status).toBe(401);
    });
  });

  describe('/settings: password change, sessions, sign out everywhere, password reset', () => {
    const email = uniqueEmail('settings');
    const NEW_PASSWORD = 'N3w!harbor-pass';
    let userId: string;
    let token: string;

    beforeAll(async () => {
      ({ userId, accessToken: token } = await registerVerified(call, app.dataDir, email));
    });

    it('changes the password with the current one and the rules; other sessions end, this one goes on', async () => {
      const other = (await login(call, email)).body.access_token;
      const change = (json: object) =>
        call<{ access_token?: string; detail?: string; message?: string }>('POST', '/auth/password/change', {
          token,
          json,
        });
      expect((await change({ current_password: 'Wrong!pass1', new_password: NEW_PASSWORD })).body).toEqual({
        detail: 'Incorrect password',
      });
      expect((await change({ current_password: PASSWORD, new_password: 'short' })).body.detail).toContain(
        'Password must be at least 8 characters long',
      );
      expect((await change({ current_password: PASSWORD, new_password: '        1!' })).body).toMatchObject({
        detail: 'Password is too common or too easy to guess. Please choose a less predictable one.',
      });
      expect((await change({ current_password: PASSWORD, new_password: PASSWORD })).status).toBe(400);

      const changed = await change({ current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(changed.status).toBe(200);
      expect(changed.body.message).toBe('Your password has been changed. You were signed out everywhere else.');
      expect((await call('GET', '/profiles/me', { token: other })).status).toBe(401);
      expect((await call('GET', '/profiles/me', { token })).status).toBe(401);
      token = changed.body.access_token!;
      expect((await call('GET', '/profiles/me', { token })).status).toBe(200);
      expect((await passwordStep(email)).status).toBe(401);
      expect((await passwordStep(email, NEW_PASSWORD)).status).toBe(200);
    });

    it('lists the sessions whose tokens work, this one marked', async () => {
      const reply = await call<{ items: Array<{ current: boolean; client_ip: string; user_agent: string | null }> }>(
        'GET',
        '/auth/sessions',
        { token },
      );
      expect(reply.status).toBe(200);
      // This one (carried over by the change) and the sign-in with the new password.
      expect(reply.body.items).toHaveLength(2);
      expect(reply.body.items.filter((session) => session.current)).toHaveLength(1);
    });

    it('signs out everywhere: every token ends, this one too', async () => {
      const other = (await login(call, email, NEW_PASSWORD)).body.access_token;
      const out = await call('POST', '/auth/sessions/revoke-all', { token });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ message: 'You were signed out everywhere.' });
      for (const ended of [token, other])
        expect((await call('GET', '/profiles/me', { token: ended })).status).toBe(401);
    });

    it('signs out one session (Sign Out): its token is refused by every service, the others go on', async () => {
      const leaving = (await login(call, email, NEW_PASSWORD)).body.access_token;
      const staying = (await login(call, email, NEW_PASSWORD)).body.access_token;
      const listed = async () =>
        (await call<{ items: Array<{ id: string; current: boolean }> }>('GET', '/auth/sessions', { token: staying }))
          .body.items;
      const before = await listed();

      const out = await call('POST', '/auth/logout', { token: leaving });
      expect(out).toMatchObject({ status: 200, body: { message: 'You are signed out.' } });

      for (const path of ['/profiles/me', '/subscriptions/user', '/auth/sessions']) {
        expect(await call('GET', path, { token: leaving })).toMatchObject({
          status: 401,
          body: { detail: 'Your session has expired. Please sign in again.' },
        });
        expect((await call('GET', path, { token: staying })).status).toBe(200);
      }
      expect((await call('POST', '/auth/logout', { token: leaving })).status).toBe(401);
      expect(await listed()).toHaveLength(before.length - 1);
    });

    it('still refuses a signed-out token when Redis has lost it (read from Postgres)', async () => {
      const leaving = (await login(call, email, NEW_PASSWORD)).body.access_token;
      expect((await call('POST', '/auth/logout', { token: leaving })).status).toBe(200);
      const redis = new Redis(process.env.REDIS_URL!);
      try {
        expect(await redis.del(`${REDIS_PREFIX}:auth:session-state:${userId}`)).toBe(1);
      } finally {
        await redis.quit();
      }
      expect((await call('GET', '/subscriptions/user', { token: leaving })).status).toBe(401);
      expect((await call('GET', '/profiles/me', { token: leaving })).status).toBe(401);
    });

    it("signs out another of the account's sessions from the list, and no other account's", async () => {
      const phone = (await login(call, email, NEW_PASSWORD)).body.access_token;
      const sessions = (
        await call<{ items: Array<{ id: string; current: boolean }> }>('GET', '/auth/sessions', { token: phone })
      ).body.items;
      const laptop = (await login(call, email, NEW_PASSWORD)).body.access_token;
      const phoneSession = sessions.find((session) => session.current)!.id;
      const stranger = await registerVerified(call, app.dataDir, uniqueEmail('settings-stranger'));

      const notFound = { status: 404, body: { detail: 'This session was not found or has already ended.' } };
      expect(await call('DELETE', `/auth/sessions/${phoneSession}`, { token: stranger.accessToken })).toMatchObject(
        notFound,
      );
      expect((await call('GET', '/profiles/me', { token: phone })).status).toBe(200);

      const ended = await call('DELETE', `/auth/sessions/${phoneSession}`, { token: laptop });
      expect(ended).toMatchObject({ status: 200, body: { message: 'That session is signed out.' } });
      expect((await call('GET', '/profiles/me', { token: phone })).status).toBe(401);
      expect((await call('GET', '/profiles/me', { token: laptop })).status).toBe(200);
      for (const id of [phoneSession, '00000000-0000-4000-8000-000000000000', 'not-a-session-id'])
        expect(await call('DELETE', `/auth/sessions/${id}`, { token: laptop })).toMatchObject(notFound);
    });

    it('records the change, each sign-out and a password reset, as the account', async () => {
      const since = new Date();
      await call('POST', '/auth/forgot-password', { json: { email } });
      const { token: resetToken } = await mailedLink(app.dataDir, email, '/reset-password', since);
      expect(
        (await call('POST', '/auth/reset-password', { json: { token: resetToken, new_password: 'R3set!harbor' } }))
          .status,
      ).toBe(200);
      const entries = await auditOf(userId);
      for (const action of ['auth.password_changed', 'auth.signed_out_everywhere', 'auth.password_reset']) {
        expect(entries.filter((entry) => entry.action === action)).toEqual([
          expect.objectContaining({ actor_id: userId, actor_email: email }),
        ]);
      }
      // Sign Out twice, and one session signed out from another.
      expect(entries.filter((entry) => entry.action === 'auth.signed_out')).toEqual([
        expect.objectContaining({ actor_id: userId, details: expect.objectContaining({ this_session: true }) }),
        expect.objectContaining({ actor_id: userId, details: expect.objectContaining({ this_session: true }) }),
        expect.objectContaining({ actor_id: userId, details: expect.objectContaining({ this_session: false }) }),
      ]);
    });
  });
});
