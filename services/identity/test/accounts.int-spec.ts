import {
  Call,
  login,
  mailedLink,
  newIp,
  PASSWORD,
  readLastMail,
  register,
  registration,
  sql,
  uniqueEmail,
  useTestApp,
} from '@portal/testing';

const APP_URL = 'http://portal.test';

describe('identity: accounts, sign-in and e-mail verification', () => {
  const app = useTestApp({ APP_URL });
  const call: Call = (method, path, options) => app.call(method, path, options);

  describe('register → verification mail → confirm → sign in', () => {
    const email = uniqueEmail('flow');
    let userId: string;
    let token: string;

    it('registers an unverified account (201) and says so', async () => {
      const reply = await call('POST', '/auth/register', { json: registration(email) });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        user_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email,
        is_verified: false,
        message: 'Registration successful. Please check your email to verify your account.',
      });
      userId = reply.body.user_id as string;
    });

    it('mails a link to APP_URL/verify-email with the e-mail and a token, and the same token as a code', async () => {
      const { mail, link, token: linkToken } = await mailedLink(app.dataDir, email, '/verify-email', new Date(0));
      token = linkToken;
      expect(link.origin).toBe(APP_URL);
      expect(link.searchParams.get('email')).toBe(email);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail.subject).toContain('Verify your e-mail address');
      expect(mail.text).toContain(`verification code on the verification page: ${token}`);
      expect(mail.html).toContain(token);
    });

    it('stores only a hash of the token', async () => {
      const rows = await sql<{ token_hash: string }>(
        app.db.url,
        'SELECT token_hash FROM identity.user_tokens WHERE user_id = $1',
        [userId],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].token_hash).not.toContain(token);
    });

    it('answers the status before: not verified; sign-in works but says unverified', async () => {
      const status = await call('GET', `/auth/verify-email/status?email=${encodeURIComponent(email)}`);
      expect(status).toMatchObject({ status: 200, body: { email, is_verified: false } });
      const session = await login(call, email);
      expect(session.status).toBe(200);
      expect(session.body.is_verified).toBe(false);
    });

    it('confirms with the token: 200, the account is verified', async () => {
      const reply = await call('POST', '/auth/verify-email/confirm', { json: { token } });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        message: 'Email verified successfully!',
        user_id: userId,
        email,
        is_verified: true,
      });
    });

    it('refuses the same token a second time', async () => {
      const reply = await call('POST', '/auth/verify-email/confirm', { json: { token } });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ detail: 'Invalid or expired verification code. Please try again.' });
    });

    it('answers the status after: verified (the e-mail in any case)', async () => {
      const status = await call('GET', `/auth/verify-email/status/?email=${encodeURIComponent(email.toUpperCase())}`);
      expect(status).toMatchObject({ status: 200, body: { email, is_verified: true } });
    });

    it('signs in with the exact answer the web reads, is_verified now true', async () => {
      const session = await login(call, email.toUpperCase());
      expect(session.status).toBe(200);
      expect(session.headers.get('cache-control')).toBe('no-store');
      expect(session.body).toEqual({
        access_token: expect.any(String),
        token_type: 'bearer',
        is_verified: true,
        user_id: userId,
        email,
        first_name: 'Jane',
        last_name: 'Doe',
        role: 'user',
        user_type: 1,
      });
      const claims = JSON.parse(Buffer.from(session.body.access_token.split('.')[1], 'base64url').toString()) as Record<
        string,
        unknown
      >;
      expect(claims).toMatchObject({ sub: userId, email, role: 'user', user_type: 1, is_verified: true, sv: 0 });
    });

    it('also accepts a JSON sign-in, and the trailing slash', async () => {
      const reply = await call('POST', '/auth/login/', { json: { username: email, password: PASSWORD } });
      expect(reply.status).toBe(200);
    });

    it('answers a verification request for a verified account with 400 "already verified"', async () => {
      const reply = await call('POST', '/auth/verify-email/request/', { json: { email } });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ detail: 'This email is already verified.' });
    });
  });

  it('answers the status of an unknown e-mail in the same shape', async () => {
    const email = uniqueEmail('nobody');
    const status = await call('GET', `/auth/verify-email/status?email=${encodeURIComponent(email)}`);
    expect(status).toMatchObject({ status: 200, body: { email, is_verified: false } });
  });

  it('keeps the first link working after a new one is asked for (a late mail is opened); one used ends the others', async () => {
    const email = uniqueEmail('resend');
    const first = new Date();
    await register(call, email);
    const { token: oldToken } = await mailedLink(app.dataDir, email, '/verify-email', first);

    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = new Date();
    const request = await call('POST', '/auth/verify-email/request', { json: { email } });
    expect(request).toMatchObject({
      status: 200,
      body: { message: 'If an account exists for this email, a verification email has been sent.' },
    });
    const { token: newToken } = await mailedLink(app.dataDir, email, '/verify-email', second);
    expect(newToken).not.toBe(oldToken);

    expect((await call('POST', '/auth/verify-email/confirm', { json: { token: ` ${oldToken} ` } })).status).toBe(200);
    expect((await call('POST', '/auth/verify-email/confirm', { json: { token: newToken } })).status).toBe(400);
  });

  it('refuses an expired verification token', async () => {
    const email = uniqueEmail('expired-verify');
    const { user_id } = await register(call, email);
    const { token } = await mailedLink(app.dataDir, email, '/verify-email', new Date(Date.now() - 1000));
    await sql(
      app.db.url,
      `UPDATE identity.user_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user_id],
    );
    const reply = await call('POST', '/auth/verify-email/confirm', { json: { token } });
    expect(reply).toMatchObject({
      status: 400,
      body: { detail: 'Invalid or expired verification code. Please try again.' },
    });
    expect((await login(call, email)).body.is_verified).toBe(false);
  });

  it('gives a signed-in caller a new token saying verified when they confirm', async () => {
    const email = uniqueEmail('signed-in');
    await register(call, email);
    const { token } = await mailedLink(app.dataDir, email, '/verify-email', new Date(Date.now() - 1000));
    const before = (await login(call, email)).body.access_token;
    const reply = await call('POST', '/auth/verify-email/confirm', { json: { token }, token: before });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ is_verified: true, token_type: 'bearer', access_token: expect.any(String) });
    const profile = await call('GET', '/profiles/me', { token: reply.body.access_token as string });
    expect(profile.body).toMatchObject({ email, is_verified: true });
  });

  it('keeps the new token in the caller’s session: Sign Out with it ends it', async () => {
    const email = uniqueEmail('verified-signout');
    await register(call, email);
    const { token } = await mailedLink(app.dataDir, email, '/verify-email', new Date(Date.now() - 1000));
    const before = (await login(call, email)).body.access_token as string;
    const reply = await call('POST', '/auth/verify-email/confirm', { json: { token }, token: before });
    const renewed = reply.body.access_token as string;
    expect((await call('POST', '/auth/logout', { token: renewed })).status).toBe(200);
    expect((await call('GET', '/auth/sessions', { token: renewed })).status).toBe(401);
    expect((await call('GET', '/auth/sessions', { token: before })).status).toBe(401);
  });

  it('keeps the session as long as the new token: Sign Out ends it after the first token would have expired', async () => {
    const email = uniqueEmail('verified-late-signout');
    const { user_id } = await register(call, email);
    const { token } = await mailedLink(app.dataDir, email, '/verify-email', new Date(Date.now() - 1000));
    const before = (await login(call, email)).body.access_token as string;
    // The sign-in is about to run out when the e-mail is confirmed.
    await sql(app.db.url, `UPDATE identity.sessions SET expires_at = now() + interval '1 second' WHERE user_id = $1`, [
      user_id,
    ]);
    const reply = await call('POST', '/auth/verify-email/confirm', { json: { token }, token: before });
    const renewed = reply.body.access_token as string;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await call('POST', '/auth/logout', { token: renewed })).status).toBe(200);
    expect((await call('GET', '/auth/sessions', { token: renewed })).status).toBe(401);
  });

  it('answers a verification request for an unknown e-mail like a known one, and sends nothing', async () => {
    const email = uniqueEmail('unknown-verify');
    const reply = await call('POST', '/auth/verify-email/request/', { json: { email } });
    expect(reply).toMatchObject({
      status: 200,
      body: { message: 'If an account exists for this email, a verification email has been sent.' },
    });
    // Nothing is on its way: every outbox row relayed and the mail queue idle.
    await app.settled();
    expect(await readLastMail(app.dataDir, email)).toBeUndefined();
  });

  describe('sign-in failures', () => {
    // That both cost the same scrypt work is shown by auth.service.spec.ts (no stopwatch here).
    it('answers an unknown e-mail and a wrong password alike: 401, same body', async () => {
      const email = uniqueEmail('known');
      await register(call, email);
      const unknown = uniqueEmail('unknown');
      const wrong = [];
      const missing = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        wrong.push(await login(call, email, 'Wrong!pass1'));
        missing.push(await login(call, unknown, 'Wrong!pass1'));
      }
      for (const reply of [...wrong, ...missing]) {
        expect(reply.status).toBe(401);
        expect(reply.body).toEqual({ detail: 'Incorrect email or password' });
      }
    });

    it('asks for both fields (400) before anything else', async () => {
      const reply = await call('POST', '/auth/login', { form: { username: '', password: '' } });
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toContain('Please enter both email and password');
    });
  });

  describe('registration rules', () => {
    it('refuses a second account for the same e-mail in any case: 409 with a detail', async () => {
      const email = uniqueEmail('dup');
      await register(call, email);
      const reply = await call('POST', '/auth/register', { json: registration(email.toUpperCase()) });
      expect(reply).toMatchObject({ status: 409, body: { detail: 'An account with this email already exists.' } });
    });

    it('refuses a password that breaks the rule, saying which part', async () => {
      const reply = await call('POST', '/auth/register', {
        json: registration(uniqueEmail('weak'), { password: 'password1', confirmPassword: 'password1' }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        detail: 'Password must contain at least one special character',
        errors: ['Password must contain at least one special character'],
      });
    });

    it('refuses a common password that meets the rule, beside the rule texts', async () => {
      const reply = await call('POST', '/auth/register', {
        json: registration(uniqueEmail('common'), { password: '        1!', confirmPassword: '        1!' }),
      });
      expect(reply.status).toBe(400);
      const tooCommon = 'Password is too common or too easy to guess. Please choose a less predictable one.';
      expect(reply.body).toEqual({ detail: tooCommon, errors: [tooCommon] });
    });

    it('refuses a malformed e-mail, mismatched passwords and missing names', async () => {
      const reply = await call('POST', '/auth/register', {
        json: registration('jane@example', { confirmPassword: 'Other!pass1', first_name: '', last_name: ' ' }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([
        'Please enter a valid email address',
        'Passwords do not match',
        'First name is required',
        'Last name is required',
      ]);
    });

    it('refuses role and user_type in the body, and creates nothing', async () => {
      const email = uniqueEmail('escalate');
      const reply = await call('POST', '/auth/register', {
        json: registration(email, { role: 'admin', user_type: 99 }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toBe('property role should not exist; property user_type should not exist');
      expect(await sql(app.db.url, 'SELECT 1 FROM identity.users WHERE email = $1', [email])).toHaveLength(0);
    });

    it('queues the verification mail in the same transaction as the account', async () => {
      const email = uniqueEmail('outbox');
      const { user_id } = await register(call, email);
      const rows = await sql<{ payload: { template: string; to: string } }>(
        app.db.url,
        `SELECT payload FROM identity.outbox WHERE payload->>'to' = $1`,
        [email],
      );
      expect(rows.map((row) => row.payload.template)).toEqual(['verify-email']);
      expect(user_id).toBeDefined();
    });
  });

  describe('rate limits (429 with a detail and Retry-After)', () => {
    it('locks an address out of an account after 5 wrong passwords, never the owner elsewhere', async () => {
      const email = uniqueEmail('locked');
      await register(call, email);
      const attacker = newIp();
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await login(call, email, 'Wrong!pass1', attacker)).status).toBe(401);
      }
      const locked = await login(call, email, PASSWORD, attacker);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({
        detail: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes\.$/),
      });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(900);

      // The owner, from an address with no failures, signs in as usual.
      expect((await login(call, email, PASSWORD, newIp())).status).toBe(200);
    });

    it('slows an account down under a flood from many addresses, and the owner still gets in', async () => {
      const email = uniqueEmail('flooded');
      await register(call, email);
      const home = newIp();
      expect((await login(call, email, PASSWORD, home)).status).toBe(200);

      // Ten wrong passwords from ten addresses: each answered, none locks anything.
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await login(call, email, 'Wrong!pass1', newIp())).status).toBe(401);
      }
      // From now on, addresses the account does not know share one attempt every 2 seconds.
      const burst = await Promise.all(Array.from({ length: 6 }, () => login(call, email, 'Wrong!pass1', newIp())));
      const slowed = burst.filter((reply) => reply.status === 429);
      expect(slowed.length).toBeGreaterThanOrEqual(4);
      expect(burst.every((reply) => [401, 429].includes(reply.status))).toBe(true);
      for (const reply of slowed) {
        expect((reply.body as unknown as { detail: string }).detail).toMatch(
          /^Too many attempts\. Please try again in \d seconds\.$/,
        );
        expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(Number(reply.headers.get('retry-after'))).toBeLessThanOrEqual(2);
      }

      // The owner's usual address is never slowed down.
      expect((await login(call, email, PASSWORD, home)).status).toBe(200);
      // From a new address the owner waits the Retry-After at most, then gets in.
      const away = newIp();
      let reply = await login(call, email, PASSWORD, away);
      for (let retry = 0; reply.status === 429 && retry < 3; retry++) {
        await new Promise((resolve) => setTimeout(resolve, Number(reply.headers.get('retry-after')) * 1000));
        reply = await login(call, email, PASSWORD, away);
      }
      expect(reply.status).toBe(200);
    });

    it('forgets the wrong passwords of an address after it signs in', async () => {
      const email = uniqueEmail('reset-counter');
      await register(call, email);
      const ip = newIp();
      for (let attempt = 0; attempt < 4; attempt++) await login(call, email, 'Wrong!pass1', ip);
      expect((await login(call, email, PASSWORD, ip)).status).toBe(200);
      for (let attempt = 0; attempt < 4; attempt++) {
        expect((await login(call, email, 'Wrong!pass1', ip)).status).toBe(401);
      }
      expect((await login(call, email, PASSWORD, ip)).status).toBe(200);
    });

    it('allows 10 sign-ins a minute per IP', async () => {
      const ip = newIp();
      for (let attempt = 0; attempt < 10; attempt++) {
        const reply = await call('POST', '/auth/login', { ip, form: { username: uniqueEmail('ip'), password: 'x' } });
        expect(reply.status).toBe(401);
      }
      const limited = await call('POST', '/auth/login', { ip, form: { username: uniqueEmail('ip'), password: 'x' } });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    });

    it('allows 5 registrations an hour per IP', async () => {
      const ip = newIp();
      for (let attempt = 0; attempt < 5; attempt++) {
        const reply = await call('POST', '/auth/register', { ip, json: registration(uniqueEmail('burst')) });
        expect(reply.status).toBe(201);
      }
      const limited = await call('POST', '/auth/register', { ip, json: registration(uniqueEmail('burst')) });
      expect(limited.status).toBe(429);
      expect(limited.body.detail).toMatch(/^Too many attempts/);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    });

    it('allows 60 verification status checks a minute per IP', async () => {
      const ip = newIp();
      const status = () => call('GET', `/auth/verify-email/status?email=${uniqueEmail('probe')}`, { ip });
      for (let attempt = 0; attempt < 60; attempt++) expect((await status()).status).toBe(200);
      const limited = await status();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    });

    it('allows 5 verification requests an hour per account', async () => {
      const email = uniqueEmail('verify-burst');
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await call('POST', '/auth/verify-email/request', { json: { email } })).status).toBe(200);
      }
      const limited = await call('POST', '/auth/verify-email/request', { json: { email } });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });
});
