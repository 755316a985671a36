import {
  adminCli,
  Call,
  enrolTwoFactor,
  mailedLink,
  newIp,
  nextTotpCode,
  PASSWORD,
  readMails,
  registerVerified,
  uniqueEmail,
  useTestApp,
} from '@portal/testing';

const APP_URL = 'http://portal.test';
const REDIS_PREFIX = `identity-notices-${Date.now().toString(36)}`;
const FORGOT = `${APP_URL}/forgot-password`;
const NEW_PASSWORD = 'N3w!notice-pass';
/** The day and time in the firm's time zone (FIRM_TIME_ZONE's default), the zone named. */
const WHEN = /When: \d{1,2} [A-Z][a-z]+ \d{4} at \d{1,2}:\d{2} [AP]M E[SD]T \(America\/New_York\)/;

interface Notice {
  kind: string;
  firstName: string;
  at: string;
  ip: string | null;
  forgotPasswordLink: string;
}

/**
 * The account's owner hears of every change to its password or second factor, by a mail to its
 * address queued with the change (identity's outbox): once per change, never for a refused one, nor
 * for one whose transaction does not commit.
 */
describe('identity: security notices', () => {
  const app = useTestApp({ APP_URL, REDIS_PREFIX });
  const call: Call = (method, path, options) => app.call(method, path, options);

  /**
   * Once nothing is on its way: the notices queued for `email`, oldest first (their data, as identity's
   * outbox holds it), and the ones delivered, newest first — as many.
   */
  async function noticesTo(email: string) {
    await app.settled();
    const queued = await app.sql<{ to: string; data: Notice }>(
      `SELECT payload->>'to' AS to, payload->'data' AS data FROM identity.outbox
        WHERE payload->>'template' = 'security-notice' AND lower(payload->>'to') = lower($1) ORDER BY created_at`,
      [email],
    );
    const mails = (await readMails(app.dataDir, email)).filter((mail) => mail.links.includes(FORGOT));
    expect(mails).toHaveLength(queued.length);
    for (const { to } of queued) expect(to).toBe(email);
    return { queued: queued.map((row) => row.data), mails };
  }
  const kindsTo = async (email: string) =>
    (await noticesTo(email)).queued.map((notice) => [notice.kind, notice.ip] as const);

  it('password changed at /settings: one notice with the time, the address and the reset page; none when refused', async () => {
    const email = uniqueEmail('notice-change');
    const { accessToken } = await registerVerified(call, app.dataDir, email);
    const ip = newIp();
    const change = (current: string, next: string) =>
      call('POST', '/auth/password/change', {
        token: accessToken,
        json: { current_password: current, new_password: next },
        ip,
      });
    expect((await change('Wrong!pass1', NEW_PASSWORD)).status).toBe(400);
    expect((await change(PASSWORD, PASSWORD)).status).toBe(400);
    expect((await change(PASSWORD, 'short')).status).toBe(400);
    expect(await kindsTo(email)).toEqual([]);

    expect((await change(PASSWORD, NEW_PASSWORD)).status).toBe(200);
    const { queued, mails } = await noticesTo(email);
    expect(queued).toEqual([
      { kind: 'password-changed', firstName: 'Jane', at: expect.any(String), ip, forgotPasswordLink: FORGOT },
    ]);
    expect(Math.abs(Date.parse(queued[0].at) - Date.now())).toBeLessThan(60_000);
    const [mail] = mails;
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe('Your Harbor Tax & Accounting password was changed');
    expect(mail.text).toContain('Hello Jane,');
    expect(mail.text).toMatch(WHEN);
    expect(mail.text).toContain(`IP address: ${ip}`);
    expect(mail.text).toContain(
      'If this was not you, reset your password now and write to us at support@portal.localhost.',
    );
    expect(mail.links).toEqual([FORGOT]);
  });

  it('password reset with a link: one notice, without the link’s token; none for a refused or used token', async () => {
    const email = uniqueEmail('notice-reset');
    await registerVerified(call, app.dataDir, email);
    const since = new Date();
    expect((await call('POST', '/auth/forgot-password', { json: { email } })).status).toBe(200);
    const { token } = await mailedLink(app.dataDir, email, '/reset-password', since);
    const reset = (json: object, ip?: string) => call('POST', '/auth/reset-password', { json, ip });
    expect((await reset({ token: 'x'.repeat(43), new_password: NEW_PASSWORD })).status).toBe(400);
    expect((await reset({ token, new_password: 'weakpass' })).status).toBe(400);
    expect(await kindsTo(email)).toEqual([]);

    const ip = newIp();
    expect((await reset({ token, new_password: NEW_PASSWORD }, ip)).status).toBe(200);
    expect((await reset({ token, new_password: 'An0ther!pass' })).status).toBe(400);
    const { queued, mails } = await noticesTo(email);
    expect(queued).toEqual([expect.objectContaining({ kind: 'password-reset', ip, forgotPasswordLink: FORGOT })]);
    expect(mails[0].subject).toBe('Your Harbor Tax & Accounting password was reset');
    expect(mails[0].text).toContain(`IP address: ${ip}`);
    expect(`${mails[0].text}${mails[0].html}`).not.toContain(token);
  });

  it('two-factor turned on and off: one notice each, without the secret or a code; none for a wrong password or code', async () => {
    const email = uniqueEmail('notice-2fa');
    const { accessToken } = await registerVerified(call, app.dataDir, email);
    const setup = await call<{ secret: string }>('POST', '/auth/two-factor/setup', { token: accessToken });
    const enable = (json: object, ip?: string) =>
      call<{ access_token: string; recovery_codes: string[] }>('POST', '/auth/two-factor/enable', {
        token: accessToken,
        json,
        ip,
      });
    expect((await enable({ password: PASSWORD, code: '000000' })).status).toBe(400);
    const code = await nextTotpCode(setup.body.secret, email);
    expect((await enable({ password: 'Wrong!pass1', code })).status).toBe(400);
    expect(await kindsTo(email)).toEqual([]);

    const onIp = newIp();
    const enabled = await enable({ password: PASSWORD, code }, onIp);
    expect(enabled.status).toBe(200);
    expect(await kindsTo(email)).toEqual([['two-factor-enabled', onIp]]);

    const [first, second] = enabled.body.recovery_codes;
    const disable = (json: object, ip?: string) =>
      call('POST', '/auth/two-factor/disable', { token: enabled.body.access_token, json, ip });
    expect((await disable({ password: 'Wrong!pass1', code: first })).status).toBe(400);
    expect((await disable({ password: PASSWORD, code: '123456' })).status).toBe(400);
    expect(await kindsTo(email)).toEqual([['two-factor-enabled', onIp]]);

    const offIp = newIp();
    expect((await disable({ password: PASSWORD, code: second }, offIp)).status).toBe(200);
    expect(await kindsTo(email)).toEqual([
      ['two-factor-enabled', onIp],
      ['two-factor-disabled', offIp],
    ]);
    const { mails } = await noticesTo(email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Two-factor sign-in was turned off for your Harbor Tax & Accounting account',
      'Two-factor sign-in was turned on for your Harbor Tax & Accounting account',
    ]);
    for (const mail of mails) {
      expect(mail.text).toMatch(WHEN);
      for (const secret of [setup.body.secret, code, ...enabled.body.recovery_codes])
        expect(`${mail.text}${mail.html}`).not.toContain(secret);
    }
  });

  it('two-factor reset by staff with the admin CLI: one notice, with no client address; none when nothing changed', async () => {
    const email = uniqueEmail('notice-cli');
    const { accessToken } = await registerVerified(call, app.dataDir, email);
    await enrolTwoFactor(call, accessToken, email);
    const target = { databaseUrl: app.db.url, dataDir: app.dataDir, redisPrefix: REDIS_PREFIX, appUrl: APP_URL };
    expect((await adminCli(target, 'reset-two-factor', email)).code).toBe(0);
    expect((await adminCli(target, 'reset-two-factor', email)).stdout).toContain('nothing changed');

    const { queued, mails } = await noticesTo(email);
    expect(queued.map((notice) => notice.kind)).toEqual(['two-factor-enabled', 'two-factor-reset']);
    expect(queued[1]).toMatchObject({ ip: null, forgotPasswordLink: FORGOT });
    const [mail] = mails;
    expect(mail.subject).toBe('Our staff turned off two-factor sign-in for your Harbor Tax & Accounting account');
    expect(mail.text).toMatch(WHEN);
    expect(mail.text).not.toContain('IP address');
  });

  it('sends nothing for a change whose transaction does not commit', async () => {
    const email = uniqueEmail('notice-rollback');
    const { userId, accessToken } = await registerVerified(call, app.dataDir, email);
    // Refuses the commit of this account's password change, after the notice is written in its transaction.
    await app.sql(`CREATE FUNCTION identity.refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused at commit'; END $$`);
    await app.sql(`CREATE CONSTRAINT TRIGGER refuse_commit AFTER UPDATE ON identity.users
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (NEW.id = '${userId}'::uuid AND OLD.password_hash IS DISTINCT FROM NEW.password_hash)
      EXECUTE FUNCTION identity.refuse_commit()`);
    try {
      const change = await call('POST', '/auth/password/change', {
        token: accessToken,
        json: { current_password: PASSWORD, new_password: NEW_PASSWORD },
      });
      expect(change.status).toBe(500);
    } finally {
      await app.sql(`DROP TRIGGER refuse_commit ON identity.users`);
      await app.sql(`DROP FUNCTION identity.refuse_commit()`);
    }
    expect(await kindsTo(email)).toEqual([]);
    // Nothing changed: the current password is still the one to give.
    const again = await call('POST', '/auth/password/change', {
      token: accessToken,
      json: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(again.status).toBe(200);
    expect(await kindsTo(email)).toEqual([['password-changed', expect.any(String)]]);
  });
});
