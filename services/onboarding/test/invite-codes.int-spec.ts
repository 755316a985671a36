import { randomInt } from 'node:crypto';
import { login, newIp, sql, waitForMail } from '@portal/testing';
import { ADMIN_PASSWORD, APP_URL, inHours, InviteCodeBody, OnboardingApp } from './onboarding-fixtures';

const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('onboarding: invite codes', () => {
  const app = new OnboardingApp();
  const call = <T = Record<string, unknown>>(...args: Parameters<OnboardingApp['call']>) => app.call<T>(...args);

  beforeAll(() => app.start());
  afterAll(() => app.stop());

  describe('creation and edits (admin)', () => {
    it('creates a code: 201 with the whole record, an 80-bit code in groups of four', async () => {
      const expiration = inHours(48);
      const reply = await call<InviteCodeBody>('POST', '/invite-codes/', {
        token: app.adminToken,
        json: { expiration_datetime: expiration, route: '/new-client', description: ' Acme LLC, bookkeeping ' },
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        id: expect.stringMatching(UUID_SHAPE),
        invite_code: expect.stringMatching(CODE_SHAPE),
        expiration_datetime: expiration,
        route: '/new-client',
        description: 'Acme LLC, bookkeeping',
        is_used: false,
        used_at: null,
        created_at: expect.any(String),
        created_by: app.adminId,
        last_sent_to: null,
        last_sent_at: null,
        send_count: 0,
      });
      const [row] = await sql(app.db.url, 'SELECT invite_code FROM onboarding.invite_codes WHERE id = $1', [
        reply.body.id,
      ]);
      expect(row).toEqual({ invite_code: reply.body.invite_code });
    });

    it('refuses a past expiration, an unknown route and a long description, each with its detail', async () => {
      const create = (json: object) => call('POST', '/invite-codes', { token: app.adminToken, json });
      expect(await create({ expiration_datetime: inHours(-1), route: '/new-client' })).toMatchObject({
        status: 400,
        body: { detail: 'Expiration must be in the future.' },
      });
      expect(await create({ expiration_datetime: inHours(1), route: '/admin' })).toMatchObject({
        status: 400,
        body: { detail: 'Route must be /new-client or /new-nonprofit-llc.' },
      });
      expect(
        await create({ expiration_datetime: inHours(1), route: '/new-client', description: 'x'.repeat(501) }),
      ).toMatchObject({ status: 400, body: { detail: 'Description must be at most 500 characters long.' } });
      expect(await create({})).toMatchObject({
        status: 400,
        body: { detail: 'Expiration date and time is required.; Route is required.' },
      });
    });

    it('edits expiration, route and description of an unused code', async () => {
      const code = await app.createCode('/new-client', 1);
      const expiration = inHours(72);
      const reply = await call<InviteCodeBody>('PUT', `/invite-codes/${code.id}`, {
        token: app.adminToken,
        json: { expiration_datetime: expiration, route: '/new-nonprofit-llc', description: 'Helping Hands' },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        ...code,
        expiration_datetime: expiration,
        route: '/new-nonprofit-llc',
        description: 'Helping Hands',
      });
    });

    it('refuses to edit a used code (409) or an unknown one (404), and a past expiration (400)', async () => {
      const code = await app.createCode();
      const edit = (id: string, json: object) => call('PUT', `/invite-codes/${id}`, { token: app.adminToken, json });
      const body = { expiration_datetime: inHours(5), route: '/new-client', description: null };
      expect(await edit(code.id, { ...body, expiration_datetime: inHours(-2) })).toMatchObject({
        status: 400,
        body: { detail: 'Expiration must be in the future.' },
      });
      await sql(app.db.url, 'UPDATE onboarding.invite_codes SET is_used = true, used_at = now() WHERE id = $1', [
        code.id,
      ]);
      expect(await edit(code.id, body)).toMatchObject({
        status: 409,
        body: { detail: 'This invite code has already been used and can no longer be edited.' },
      });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        expect(await edit(id, body)).toMatchObject({ status: 404, body: { detail: 'Invite code not found.' } });
      }
    });

    it('lists codes newest first, a page at a time', async () => {
      const first = await app.createCode();
      const second = await app.createCode('/new-nonprofit-llc');
      const third = await app.createCode();
      const [{ total }] = await sql<{ total: number }>(
        app.db.url,
        'SELECT count(*)::int AS total FROM onboarding.invite_codes',
      );

      const page1 = await call<{ items: InviteCodeBody[]; total: number; page: number; page_size: number }>(
        'GET',
        '/invite-codes/?page=1&page_size=2',
        { token: app.adminToken },
      );
      expect(page1.status).toBe(200);
      expect(page1.body).toEqual({ items: [third, second], total, page: 1, page_size: 2 });

      const page2 = await call<{ items: InviteCodeBody[] }>('GET', '/invite-codes?page=2&page_size=2', {
        token: app.adminToken,
      });
      expect(page2.body.items[0]).toEqual(first);

      const all = await call<{ items: InviteCodeBody[]; page_size: number }>('GET', '/invite-codes', {
        token: app.adminToken,
      });
      expect(all.body.page_size).toBe(20);
      expect(all.body.items).toHaveLength(Math.min(total, 20));
      const created = all.body.items.map((item) => item.created_at);
      expect(created).toEqual([...created].sort().reverse());

      expect(await call('GET', '/invite-codes?page=0&page_size=500', { token: app.adminToken })).toMatchObject({
        status: 400,
        body: {
          detail: 'page must be a whole number of at least 1; page_size must be a whole number from 1 to 100',
        },
      });
    });
  });

  describe('e-mailing a code (admin)', () => {
    it('queues the invitation with the exact link and the expiry, and records the send', async () => {
      const code = await app.createCode('/new-client', 48);
      const recipient = `Client.${code.invite_code}@Example.com`;
      const since = new Date();
      const reply = await call('POST', `/invite-codes/${code.id}/send-email`, {
        token: app.adminToken,
        json: { recipient_email: recipient },
      });
      expect(reply).toMatchObject({ status: 200, body: { message: `Invite code sent to ${recipient}.` } });

      const mail = await waitForMail(app.dataDir, recipient, { since, timeoutMs: 20_000 });
      const link = `${APP_URL}/new-client?code=${code.invite_code}`;
      expect(mail.links).toContain(link);
      expect(mail.subject).toBe(
        'Complete your Bookkeeping Client Onboarding Questionnaire for Harbor Tax & Accounting',
      );
      expect(mail.text).toContain('Harbor Tax & Accounting invites you to fill in the Bookkeeping Client');
      expect(mail.text).toContain(`Open the questionnaire: ${link}`);
      expect(mail.text).toContain(`Your invite code is ${code.invite_code}.`);
      // In the firm's time zone (the default FIRM_TIME_ZONE), named.
      const date = new Date(code.expiration_datetime).toLocaleDateString('en-GB', {
        timeZone: 'America/New_York',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      });
      expect(mail.text).toMatch(
        new RegExp(`The invitation expires on ${date} at \\d{1,2}:\\d{2} [AP]M E[SD]T \\(America/New_York\\)\\.`),
      );

      const listed = await call<{ items: InviteCodeBody[] }>('GET', '/invite-codes/?page_size=100', {
        token: app.adminToken,
      });
      const sent = listed.body.items.find((item) => item.id === code.id)!;
      expect(sent).toMatchObject({ last_sent_to: recipient, send_count: 1, is_used: false });
      expect(Date.parse(sent.last_sent_at!)).toBeGreaterThanOrEqual(since.getTime() - 1000);

      await call('POST', `/invite-codes/${code.id}/send-email`, {
        token: app.adminToken,
        json: { recipient_email: 'second@example.com' },
      });
      const [row] = await sql(
        app.db.url,
        'SELECT last_sent_to, send_count FROM onboarding.invite_codes WHERE id = $1',
        [code.id],
      );
      expect(row).toEqual({ last_sent_to: 'second@example.com', send_count: 2 });
    });

    it('mails the nonprofit link for a /new-nonprofit-llc code', async () => {
      const code = await app.createCode('/new-nonprofit-llc');
      const since = new Date();
      const recipient = `np.${code.invite_code}@example.com`;
      await call('POST', `/invite-codes/${code.id}/send-email/`, {
        token: app.adminToken,
        json: { recipient_email: recipient },
      });
      const mail = await waitForMail(app.dataDir, recipient, { since, timeoutMs: 20_000 });
      expect(mail.links).toContain(`${APP_URL}/new-nonprofit-llc?code=${code.invite_code}`);
      expect(mail.text).toContain('Non-Profit LLC Formation Questionnaire');
    });

    it('refuses a missing or malformed recipient, an expired or used code, and an unknown one', async () => {
      const code = await app.createCode();
      const send = (id: string, json: object) =>
        call('POST', `/invite-codes/${id}/send-email`, { token: app.adminToken, json });
      expect(await send(code.id, {})).toMatchObject({ status: 400, body: { detail: 'Recipient email is required.' } });
      expect(await send(code.id, { recipient_email: 'nope' })).toMatchObject({
        status: 400,
        body: { detail: 'Please enter a valid email address' },
      });

      await sql(
        app.db.url,
        `UPDATE onboarding.invite_codes SET expiration_datetime = now() - interval '1 minute' WHERE id = $1`,
        [code.id],
      );
      expect(await send(code.id, { recipient_email: 'a@example.com' })).toMatchObject({
        status: 409,
        body: { detail: 'This invite code has expired. Set a later expiration before sending it.' },
      });
      await sql(app.db.url, 'UPDATE onboarding.invite_codes SET is_used = true, used_at = now() WHERE id = $1', [
        code.id,
      ]);
      expect(await send(code.id, { recipient_email: 'a@example.com' })).toMatchObject({
        status: 409,
        body: { detail: 'This invite code has already been used and can no longer be sent.' },
      });
      const [row] = await sql(app.db.url, 'SELECT send_count FROM onboarding.invite_codes WHERE id = $1', [code.id]);
      expect(row).toEqual({ send_count: 0 });
      expect(await send('00000000-0000-4000-8000-000000000000', { recipient_email: 'a@example.com' })).toMatchObject({
        status: 404,
        body: { detail: 'Invite code not found.' },
      });
    });
  });

  describe('admins only', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const body = { expiration_datetime: inHours(5), route: '/new-client' };
    // Objects, not rows of different lengths: jest would take a missing last argument for `done`.
    const routes: Array<{ method: string; path: string; json?: object }> = [
      { method: 'GET', path: '/invite-codes/' },
      { method: 'POST', path: '/invite-codes/', json: body },
      { method: 'PUT', path: `/invite-codes/${id}`, json: body },
      { method: 'POST', path: `/invite-codes/${id}/send-email`, json: { recipient_email: 'a@example.com' } },
      { method: 'GET', path: '/invite-codes/submissions/' },
      { method: 'GET', path: `/invite-codes/submissions/${id}` },
    ];

    it.each(routes)('$method $path: 401 without a token, 403 for a verified user', async ({ method, path, json }) => {
      expect(await call(method, path, { json })).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
      expect(await call(method, path, { json, token: app.userToken })).toMatchObject({
        status: 403,
        body: { detail: 'You do not have permission to do this' },
      });
    });

    it('refuses an admin whose e-mail is not verified (one promoted before the rule): 403 with its detail', async () => {
      await sql(app.db.url, 'UPDATE identity.users SET is_verified = false WHERE id = $1', [app.adminId]);
      try {
        const unverified = await login(app.call, app.adminEmail, ADMIN_PASSWORD);
        expect(unverified.status).toBe(200);
        for (const { method, path, json } of routes) {
          expect(await call(method, path, { json, token: unverified.body.access_token })).toMatchObject({
            status: 403,
            body: { detail: 'Please verify your email address before using the admin tools.' },
          });
        }
      } finally {
        await sql(app.db.url, 'UPDATE identity.users SET is_verified = true WHERE id = $1', [app.adminId]);
      }
    });

    it('creates nothing for a refused caller', async () => {
      const [{ count }] = await sql<{ count: number }>(
        app.db.url,
        'SELECT count(*)::int AS count FROM onboarding.invite_codes WHERE created_by <> $1',
        [app.adminId],
      );
      expect(count).toBe(0);
    });
  });

  describe('validation (public)', () => {
    it('answers the route and expiry of a usable code, and nothing private', async () => {
      const code = await app.createCode('/new-nonprofit-llc', 48, 'private note');
      const reply = await call('GET', `/invite-codes/${code.invite_code}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        invite_code: code.invite_code,
        route: '/new-nonprofit-llc',
        expiration_datetime: code.expiration_datetime,
      });
      expect(reply.headers.get('cache-control')).toBe('no-store');
    });

    it('reads the code as a person types it: any case, with or without dashes or spaces', async () => {
      const code = await app.createCode();
      const typed = encodeURIComponent(` ${code.invite_code.toLowerCase().replace(/-/g, ' ')} `);
      expect(await call('GET', `/invite-codes/${typed}/`)).toMatchObject({
        status: 200,
        body: { invite_code: code.invite_code },
      });
      expect(await call('GET', `/invite-codes/${code.invite_code.replace(/-/g, '')}`)).toMatchObject({ status: 200 });
    });

    it('404 for an unknown code', async () => {
      for (const unknown of ['AAAA-BBBB-CCCC-DDDD', 'nope', 'x'.repeat(90)]) {
        expect(await call('GET', `/invite-codes/${unknown}`)).toMatchObject({
          status: 404,
          body: { detail: 'Invite code not found.' },
        });
      }
    });

    it('410 for an expired code', async () => {
      const code = await app.createCode();
      await sql(
        app.db.url,
        `UPDATE onboarding.invite_codes SET expiration_datetime = now() - interval '1 second' WHERE id = $1`,
        [code.id],
      );
      expect(await call('GET', `/invite-codes/${code.invite_code}`)).toMatchObject({
        status: 410,
        body: { detail: 'This invite code has expired.' },
      });
    });

    it('410 for a used code', async () => {
      const code = await app.createCode();
      await sql(app.db.url, 'UPDATE onboarding.invite_codes SET is_used = true, used_at = now() WHERE id = $1', [
        code.id,
      ]);
      expect(await call('GET', `/invite-codes/${code.invite_code}`)).toMatchObject({
        status: 410,
        body: { detail: 'This invite code has already been used.' },
      });
    });

    it('is rate limited per client address: 30 a minute, then 429 with Retry-After', async () => {
      const ip = newIp();
      const code = await app.createCode();
      for (let attempt = 1; attempt <= 30; attempt++) {
        const path = attempt % 2 ? `/invite-codes/${code.invite_code}` : '/invite-codes/ZZZZ-ZZZZ-ZZZZ-ZZZZ';
        expect((await call('GET', path, { ip })).status).toBe(attempt % 2 ? 200 : 404);
      }
      const limited = await call('GET', `/invite-codes/${code.invite_code}`, { ip });
      expect(limited.status).toBe(429);
      expect(limited.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await call('GET', `/invite-codes/${code.invite_code}`)).status).toBe(200);
    });

    it('counts the addresses of one IPv6 /64 as one client: a new address each time does not get around it', async () => {
      const code = await app.createCode();
      const network = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
      for (let attempt = 1; attempt <= 30; attempt++) {
        const ip = `${network}::${attempt.toString(16)}`;
        expect((await call('GET', `/invite-codes/${code.invite_code}`, { ip })).status).toBe(200);
      }
      expect((await call('GET', `/invite-codes/${code.invite_code}`, { ip: `${network}::ffff` })).status).toBe(429);
    });
  });
});
