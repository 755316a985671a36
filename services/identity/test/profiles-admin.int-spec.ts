import {
  adminCli as runAdminCli,
  Call,
  enrolTwoFactor,
  login,
  mailedLink,
  PASSWORD,
  register,
  registerVerified,
  registerWithMailboxPassword,
  sql,
  startProcess,
  uniqueEmail,
  useTestApp,
} from '@portal/testing';

const ADMIN_EMAIL = uniqueEmail('admin');
const ADMIN_PASSWORD = 'Adm1n!first';
const REDIS_PREFIX = `identity-admin-${Date.now().toString(36)}`;
const ADDRESS = {
  line1: '1 Main St',
  line2: 'Suite 5',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};

/** The built admin CLI on the test app's database and Redis prefix. */
const adminCli = (databaseUrl: string, dataDir: string, ...args: string[]) =>
  runAdminCli({ databaseUrl, dataDir, redisPrefix: REDIS_PREFIX }, ...args);

describe('identity: profiles and admins', () => {
  const app = useTestApp({ REDIS_PREFIX, ADMIN_EMAIL, ADMIN_PASSWORD });
  const call: Call = (method, path, options) => app.call(method, path, options);

  describe('GET and PUT /api/profiles/me', () => {
    const email = uniqueEmail('profile');
    let token: string;
    let userId: string;

    beforeAll(async () => {
      ({ accessToken: token, userId } = await registerVerified(call, app.dataDir, email));
    });

    it('needs a token', async () => {
      const reply = await call('GET', '/profiles/me');
      expect(reply).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
    });

    it('answers the account and an empty profile', async () => {
      const reply = await call('GET', '/profiles/me/', { token });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        user_id: userId,
        email,
        first_name: 'Jane',
        last_name: 'Doe',
        phone: null,
        company: null,
        job_title: null,
        address: null,
        is_verified: true,
        role: 'user',
        user_type: 1,
      });
    });

    it('updates names, phone, company, job title and an address sent as a JSON string', async () => {
      const reply = await call('PUT', '/profiles/me', {
        token,
        json: {
          first_name: ' Janet ',
          last_name: 'Smith',
          email: email.toUpperCase(), // unchanged (case aside): accepted and ignored
          phone: '+1 555 0100',
          company: 'Acme LLC',
          job_title: 'Founder',
          address: JSON.stringify(ADDRESS),
        },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        email,
        first_name: 'Janet',
        last_name: 'Smith',
        phone: '+1 555 0100',
        company: 'Acme LLC',
        job_title: 'Founder',
        address: ADDRESS,
      });
      expect((await call('GET', '/profiles/me', { token })).body).toEqual(reply.body);
    });

    it('takes a partial update (phone and address as an object, country defaulting to US)', async () => {
      const { country: _country, line2: _line2, ...address } = ADDRESS;
      const reply = await call('PUT', '/profiles/me', { token, json: { phone: '', address } });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        first_name: 'Janet',
        phone: null,
        company: 'Acme LLC',
        address: { ...address, line2: null, country: 'US' },
      });
    });

    it('refuses an e-mail change with the spec text', async () => {
      const reply = await call('PUT', '/profiles/me', {
        token,
        json: { email: uniqueEmail('other'), first_name: 'X' },
      });
      expect(reply).toMatchObject({
        status: 400,
        body: { detail: 'Email cannot be changed. Contact support for assistance.' },
      });
      expect((await call('GET', '/profiles/me', { token })).body).toMatchObject({ email, first_name: 'Janet' });
    });

    it('refuses empty names and an address outside US, CA, GB, AU', async () => {
      const reply = await call('PUT', '/profiles/me', {
        token,
        json: { first_name: '', address: JSON.stringify({ ...ADDRESS, country: 'FR' }) },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual(['First name is required', 'Country must be one of US, CA, GB, AU']);
    });

    it('never takes role, user_type or is_verified from a client', async () => {
      const reply = await call('PUT', '/profiles/me', {
        token,
        json: { role: 'admin', user_type: 99, is_verified: false },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toBe(
        'property role should not exist; property user_type should not exist; property is_verified should not exist',
      );
      const [row] = await sql(app.db.url, 'SELECT role, user_type, is_verified FROM identity.users WHERE id = $1', [
        userId,
      ]);
      expect(row).toEqual({ role: 'user', user_type: 1, is_verified: true });
    });
  });

  describe('admins', () => {
    const url = (email: string) => `/auth/admin/users?email=${encodeURIComponent(email)}`;
    let userEmail: string;
    let userToken: string;

    beforeAll(async () => {
      userEmail = uniqueEmail('user');
      ({ accessToken: userToken } = await registerVerified(call, app.dataDir, userEmail));
    });

    it('creates the ADMIN_EMAIL account at start: verified, admin, user_type 99', async () => {
      const session = await login(call, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(session.status).toBe(200);
      expect(session.body).toMatchObject({ email: ADMIN_EMAIL, role: 'admin', user_type: 99, is_verified: true });
    });

    it('refuses the admin route without a token (401) and to a user (403)', async () => {
      expect(await call('GET', url(userEmail))).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
      expect(await call('GET', url(userEmail), { token: userToken })).toMatchObject({
        status: 403,
        body: { detail: 'You do not have permission to do this' },
      });
    });

    it('answers the admin: the account, or 404', async () => {
      const admin = (await login(call, ADMIN_EMAIL, ADMIN_PASSWORD)).body.access_token;
      const found = await call('GET', url(userEmail.toUpperCase()), { token: admin });
      expect(found.status).toBe(200);
      expect(found.body).toEqual({
        id: expect.any(String),
        email: userEmail,
        role: 'user',
        user_type: 1,
        is_verified: true,
      });
      expect(await call('GET', url(uniqueEmail('none')), { token: admin })).toMatchObject({
        status: 404,
        body: { detail: 'No account with this email.' },
      });
    });

    it('promotes with the admin CLI; an unknown e-mail exits 1', async () => {
      const email = uniqueEmail('promoted');
      await registerWithMailboxPassword(call, app.dataDir, email);
      const promoted = await adminCli(app.db.url, app.dataDir, 'promote', email.toUpperCase());
      expect(promoted).toMatchObject({
        code: 0,
        stdout: `${email} is now an admin (user_type 99); they see it after signing in again\n`,
      });

      const session = await login(call, email);
      expect(session.body).toMatchObject({ role: 'admin', user_type: 99 });
      // An admin must set up two-factor sign-in before anything else.
      expect(await call('GET', url(userEmail), { token: session.body.access_token })).toMatchObject({
        status: 403,
        body: { detail: 'Two-factor authentication is required for admins.' },
      });
      const { token } = await enrolTwoFactor(call, session.body.access_token, email);
      expect((await call('GET', url(userEmail), { token })).status).toBe(200);

      expect(await adminCli(app.db.url, app.dataDir, 'promote', email)).toMatchObject({
        code: 0,
        stdout: `${email} is already an admin: nothing changed\n`,
      });
      const unknown = uniqueEmail('ghost');
      expect(await adminCli(app.db.url, app.dataDir, 'promote', unknown)).toMatchObject({
        code: 1,
        stderr: `No account with the e-mail ${unknown}: nothing changed\n`,
      });
      expect((await adminCli(app.db.url, app.dataDir, 'make-god', email)).code).toBe(2);
    });

    it('refuses to promote an account whose password was chosen at registration, even once the owner verified it', async () => {
      // Anyone may register an address the firm's staff will use, and choose its password.
      const email = uniqueEmail('squatted-cli');
      const squatter = 'Squ4tter!pass';
      const since = new Date();
      await register(call, email, { password: squatter, confirmPassword: squatter });
      const refused = {
        code: 1,
        stderr:
          `${email} still has the password chosen when it was registered, which may be anyone's who typed the ` +
          "address, so it cannot be an admin: nothing changed. Once its owner sets a new password with 'Forgot " +
          "password?' on the sign-in page (the link goes to the address), promote again\n",
      };
      expect(await adminCli(app.db.url, app.dataDir, 'promote', email)).toMatchObject(refused);

      // The address's owner follows the verification link: who chose the password has not changed.
      const { token } = await mailedLink(app.dataDir, email, '/verify-email', since);
      expect((await call('POST', '/auth/verify-email/confirm', { json: { token } })).status).toBe(200);
      expect(await adminCli(app.db.url, app.dataDir, 'promote', email)).toMatchObject(refused);
      expect((await login(call, email, squatter)).body).toMatchObject({ role: 'user', user_type: 1 });

      // The owner sets a password through the mailed reset link: now it may be promoted, and the
      // registrant's password no longer signs in.
      const asked = new Date();
      await call('POST', '/auth/forgot-password', { json: { email } });
      const reset = await mailedLink(app.dataDir, email, '/reset-password', asked);
      expect(
        (await call('POST', '/auth/reset-password', { json: { token: reset.token, new_password: PASSWORD } })).status,
      ).toBe(200);
      expect(await adminCli(app.db.url, app.dataDir, 'promote', email)).toMatchObject({ code: 0 });
      expect((await login(call, email, squatter)).status).toBe(401);
      expect((await login(call, email)).body).toMatchObject({ role: 'admin', user_type: 99 });
    });

    it('demotes with the admin CLI and ends the sessions that still say admin', async () => {
      const email = uniqueEmail('demoted');
      await registerWithMailboxPassword(call, app.dataDir, email);
      await adminCli(app.db.url, app.dataDir, 'promote', email);
      const { token: adminToken } = await enrolTwoFactor(call, (await login(call, email)).body.access_token, email);
      expect((await call('GET', url(userEmail), { token: adminToken })).status).toBe(200);

      const demoted = await adminCli(app.db.url, app.dataDir, 'demote', email);
      expect(demoted).toMatchObject({ code: 0 });
      expect(demoted.stdout).toContain('is no longer an admin');
      expect(await call('GET', url(userEmail), { token: adminToken })).toMatchObject({
        status: 401,
        body: { detail: 'Your session has expired. Please sign in again.' },
      });
      const session = await login(call, email);
      expect(session.body).toMatchObject({ role: 'user', user_type: 1 });
      expect((await call('GET', url(userEmail), { token: session.body.access_token })).status).toBe(403);
    });

    it('resets a lost second factor with the admin CLI: sessions end, the admin must enrol again, audited', async () => {
      const email = uniqueEmail('lost-phone');
      await registerWithMailboxPassword(call, app.dataDir, email);
      await adminCli(app.db.url, app.dataDir, 'promote', email);
      const { token: adminToken } = await enrolTwoFactor(call, (await login(call, email)).body.access_token, email);

      const reset = await adminCli(app.db.url, app.dataDir, 'reset-two-factor', email.toUpperCase());
      expect(reset).toMatchObject({ code: 0 });
      expect(reset.stdout).toBe(
        `${email} signs in without a second factor until they set one up again; their sessions were ended\n`,
      );
      expect((await call('GET', url(userEmail), { token: adminToken })).status).toBe(401);

      // The password alone signs in again, to a session that opens nothing but the two-factor setup.
      const session = await call<{ access_token?: string; challenge_token?: string }>('POST', '/auth/login', {
        form: { username: email, password: PASSWORD },
      });
      expect(session.status).toBe(200);
      expect(session.body.challenge_token).toBeUndefined();
      expect(await call('GET', url(userEmail), { token: session.body.access_token })).toMatchObject({
        status: 403,
        body: { detail: 'Two-factor authentication is required for admins.' },
      });
      const status = await call('GET', '/auth/two-factor', { token: session.body.access_token });
      expect(status.body).toMatchObject({ enabled: false, recovery_codes_left: 0 });

      expect(await adminCli(app.db.url, app.dataDir, 'reset-two-factor', email)).toMatchObject({
        code: 0,
        stdout: `${email} has no second factor: nothing changed\n`,
      });
      expect((await adminCli(app.db.url, app.dataDir, 'reset-two-factor', uniqueEmail('nobody'))).code).toBe(1);

      await app.settled();
      const [user] = await app.sql<{ id: string }>('SELECT id FROM identity.users WHERE email = $1', [email]);
      expect(
        await app.sql(
          `SELECT actor_id, details FROM identity.audit_log WHERE action = 'auth.two_factor_disabled' AND target = $1`,
          [`user:${user.id}`],
        ),
      ).toEqual([{ actor_id: null, details: { email, via: 'cli', reset: true } }]);
    });

    it('keeps the admin as is on the next start, even with another ADMIN_PASSWORD (never re-hashed)', async () => {
      await app.restart({ ADMIN_PASSWORD: 'Adm1n!second' });
      expect((await login(call, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
      expect((await login(call, ADMIN_EMAIL, 'Adm1n!second')).status).toBe(401);
      const rows = await sql(app.db.url, 'SELECT role FROM identity.users WHERE lower(email) = lower($1)', [
        ADMIN_EMAIL,
      ]);
      expect(rows).toEqual([{ role: 'admin' }]);
    });

    it('promotes an existing verified account named by ADMIN_EMAIL at start, keeping its password', async () => {
      const email = uniqueEmail('existing');
      await registerWithMailboxPassword(call, app.dataDir, email);
      await app.restart({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'Ignored!pass1' });
      expect((await login(call, email)).body).toMatchObject({ role: 'admin', user_type: 99, is_verified: true });
    });

    it('leaves an account named by ADMIN_EMAIL as it is while it has the password chosen at registration', async () => {
      const email = uniqueEmail('squatted');
      const since = new Date();
      await register(call, email, { password: 'Squ4tter!pass', confirmPassword: 'Squ4tter!pass' });
      // Verified by the address's owner, or not: whoever registered it chose its password.
      const { token } = await mailedLink(app.dataDir, email, '/verify-email', since);
      expect((await call('POST', '/auth/verify-email/confirm', { json: { token } })).status).toBe(200);
      await app.restart({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'Owner!pass12' });
      expect((await login(call, email, 'Squ4tter!pass')).body).toMatchObject({ role: 'user', user_type: 1 });
      expect((await login(call, email, 'Owner!pass12')).status).toBe(401);
      expect(
        await sql(
          app.db.url,
          `SELECT 1 FROM identity.audit_log WHERE action = 'admin.role_promoted' AND details->>'email' = $1`,
          [email],
        ),
      ).toEqual([]);
    });

    it('stops the start with one clear line when ADMIN_* is wrong', async () => {
      await expect(startProcess('gateway', { ...app.gateway.env, ADMIN_PASSWORD: undefined })).rejects.toThrow(
        'Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      );
    });
  });
});
