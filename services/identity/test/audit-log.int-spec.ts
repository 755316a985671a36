import type { AuditEntry, AuditLogPage, SecurityEventsReply } from '@portal/contracts';
import {
  adminCli,
  Call,
  login,
  newIp,
  registerVerified,
  registerWithMailboxPassword,
  uniqueEmail,
  useTestApp,
} from '@portal/testing';

const ADMIN_EMAIL = uniqueEmail('admin');
const ADMIN_PASSWORD = 'Adm1n!pass';
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The audit log end to end on the all-in-one app: each audited staff action writes exactly one
 * entry (actor, target, address, request id) through its service's outbox and identity's worker
 * (identity's own straight into the log, in the same transaction);
 * admins read it filtered and paged, or as CSV; nobody else reads it; and it cannot be changed.
 */
describe('identity: audit log', () => {
  const app = useTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });
  const call: Call = (method, path, options) => app.call(method, path, options);
  let admin: { token: string; id: string };
  let client: { token: string; id: string; email: string };

  /** The entries of one action on one target (after everything on its way has landed). */
  async function entries(action: string, target: string | null): Promise<Array<Record<string, unknown>>> {
    await app.settled();
    return app.sql(
      `SELECT actor_id, actor_email, action, target, client_ip, request_id, details FROM identity.audit_log
        WHERE action = $1 AND target IS NOT DISTINCT FROM $2`,
      [action, target],
    );
  }

  /** What an entry of an admin's request says about who did it (its request id is the call's). */
  const byAdmin = (ip: string) => ({
    actor_id: admin.id,
    actor_email: ADMIN_EMAIL,
    client_ip: ip,
    request_id: expect.any(String),
  });

  /** A multipart upload of one small PDF, as the web sends it. */
  async function upload(path: string, token: string, fileName: string, ip: string): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(`%PDF-1.4 ${fileName}`)], { type: 'application/pdf' }), fileName);
    return fetch(`${app.gateway.baseUrl}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
      body: form,
    });
  }

  beforeAll(async () => {
    const signedIn = await login(call, ADMIN_EMAIL, ADMIN_PASSWORD);
    admin = { token: signedIn.body.access_token, id: signedIn.body.user_id };
    const email = uniqueEmail('client');
    const verified = await registerVerified(call, app.dataDir, email);
    client = { token: verified.accessToken, id: verified.userId, email };
  });

  describe('onboarding', () => {
    it('records an invite code created, edited and e-mailed, and a submission viewed, once each', async () => {
      const ip = newIp();
      const created = await call<{ id: string; invite_code: string }>('POST', '/invite-codes', {
        token: admin.token,
        ip,
        json: { expiration_datetime: inHours(48), route: '/new-nonprofit-llc' },
      });
      expect(created.status).toBe(201);
      const target = `invite_code:${created.body.id}`;
      expect(await entries('invite_code.created', target)).toEqual([
        { ...byAdmin(ip), action: 'invite_code.created', target, details: { route: '/new-nonprofit-llc' } },
      ]);

      const edited = await call('PUT', `/invite-codes/${created.body.id}`, {
        token: admin.token,
        ip,
        json: { expiration_datetime: inHours(72), route: '/new-nonprofit-llc', description: 'Helping Hands' },
      });
      expect(edited.status).toBe(200);
      expect(await entries('invite_code.updated', target)).toEqual([expect.objectContaining(byAdmin(ip))]);

      const recipient = uniqueEmail('invitee');
      const sent = await call('POST', `/invite-codes/${created.body.id}/send-email`, {
        token: admin.token,
        ip,
        json: { recipient_email: recipient },
      });
      expect(sent.status).toBe(200);
      expect(await entries('invite_code.emailed', target)).toEqual([
        expect.objectContaining({ ...byAdmin(ip), details: { recipient } }),
      ]);

      const submitted = await call<{ id: string }>(
        'POST',
        `/invite-codes/${created.body.invite_code}/submit-nonprofit-onboarding`,
        { json: { non_profit_name: 'Helping Hands LLC', ein_number: '123456789', state_of_formation: 'Delaware' } },
      );
      expect(submitted.status).toBe(201);
      const [{ id: submissionId }] = await app.sql<{ id: string }>(
        'SELECT id FROM onboarding.submissions WHERE invite_code_id = $1',
        [created.body.id],
      );
      expect((await call('GET', `/invite-codes/submissions/${submissionId}`, { token: admin.token, ip })).status).toBe(
        200,
      );
      expect(await entries('submission.viewed', `submission:${submissionId}`)).toEqual([
        expect.objectContaining({ ...byAdmin(ip), details: { kind: 'nonprofit' } }),
      ]);
      // A refused request changes nothing and records nothing.
      await call('PUT', `/invite-codes/${created.body.id}`, {
        token: admin.token,
        json: { expiration_datetime: inHours(72), route: '/new-nonprofit-llc' },
      });
      expect(await entries('invite_code.updated', target)).toHaveLength(1);
    });
  });

  describe('documents', () => {
    it('records a library upload and delete by an admin, once each', async () => {
      const ip = newIp();
      const uploaded = await upload('/files/forms/', admin.token, 'Audit-W9.pdf', ip);
      expect(uploaded.status).toBe(201);
      const [{ id }] = await app.sql<{ id: string }>(
        `SELECT id FROM documents.library_files WHERE area = 'forms' AND path = 'Audit-W9.pdf'`,
      );
      expect(await entries('library.file_uploaded', `file:${id}`)).toEqual([
        expect.objectContaining({ ...byAdmin(ip), details: expect.objectContaining({ area: 'forms' }) }),
      ]);
      const removed = await fetch(`${app.gateway.baseUrl}/api/files/forms/Audit-W9.pdf`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': ip },
      });
      expect(removed.status).toBe(200);
      expect(await entries('library.file_deleted', `file:${id}`)).toEqual([
        expect.objectContaining({ ...byAdmin(ip), details: { area: 'forms', path: 'Audit-W9.pdf' } }),
      ]);
    });

    it("records a client's vault listed and a file downloaded by staff, never the client's own reads", async () => {
      const clientIp = newIp();
      const uploaded = await upload('/vault/files', client.token, 'return.pdf', clientIp);
      expect(uploaded.status).toBe(201);
      const [{ id: fileId }] = await app.sql<{ id: string }>(
        'SELECT id FROM documents.vault_files WHERE owner_id = $1',
        [client.id],
      );
      const own = await fetch(`${app.gateway.baseUrl}/api/vault/files/${fileId}`, {
        headers: { authorization: `Bearer ${client.token}`, 'x-forwarded-for': clientIp },
      });
      expect(own.status).toBe(200);
      await own.arrayBuffer();

      const ip = newIp();
      expect((await call('GET', `/vault/admin/clients/${client.id}/files`, { token: admin.token, ip })).status).toBe(
        200,
      );
      const download = await fetch(`${app.gateway.baseUrl}/api/vault/admin/clients/${client.id}/files/${fileId}`, {
        headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': ip },
      });
      expect(download.status).toBe(200);
      await download.arrayBuffer();

      expect(await entries('vault.listed', `user:${client.id}`)).toEqual([
        expect.objectContaining({ ...byAdmin(ip), details: { owner_id: client.id, owner_email: client.email } }),
      ]);
      expect(await entries('vault.file_downloaded', `file:${fileId}`)).toEqual([
        expect.objectContaining({
          ...byAdmin(ip),
          details: { owner_id: client.id, owner_email: client.email, file_name: 'return.pdf' },
        }),
      ]);
    });
  });

  describe('notifications', () => {
    it('records deadline reminders run by hand, with what the run did', async () => {
      const ip = newIp();
      const run = await call<{ as_of: string; reminders_queued: number }>('POST', '/deadline-alerts/run', {
        token: admin.token,
        ip,
        json: { as_of: '2026-03-01' },
      });
      expect(run.status).toBe(200);
      expect(await entries('deadline_reminders.run', 'deadline_reminders:2026-03-01')).toEqual([
        expect.objectContaining({
          ...byAdmin(ip),
          details: { as_of: '2026-03-01', reminders_queued: run.body.reminders_queued },
        }),
      ]);
    });
  });

  describe('identity', () => {
    it('records promotions and demotions by the admin CLI with no actor and via "cli"', async () => {
      const email = uniqueEmail('staff');
      const { userId } = await registerWithMailboxPassword(call, app.dataDir, email);
      const target = { databaseUrl: app.db.url, dataDir: app.dataDir, redisPrefix: app.gateway.env.REDIS_PREFIX };
      expect((await adminCli(target, 'promote', email)).code).toBe(0);
      expect((await adminCli(target, 'promote', email)).code).toBe(0); // already one: nothing recorded
      expect((await adminCli(target, 'demote', email)).code).toBe(0);
      const noRequest = { actor_id: null, actor_email: null, client_ip: null, request_id: null };
      expect(await entries('admin.role_promoted', `user:${userId}`)).toEqual([
        { ...noRequest, action: 'admin.role_promoted', target: `user:${userId}`, details: { email, via: 'cli' } },
      ]);
      expect(await entries('admin.role_demoted', `user:${userId}`)).toEqual([
        { ...noRequest, action: 'admin.role_demoted', target: `user:${userId}`, details: { email, via: 'cli' } },
      ]);
    });

    it("writes its own entries in the change's transaction: a sign-in's is there with the answer, no job on the way", async () => {
      const ip = newIp();
      const signedIn = await login(call, client.email, undefined, ip);
      expect(signedIn.status).toBe(200);
      // Read at once, before anything queued could have landed.
      const [entry] = await app.sql(
        `SELECT actor_id, actor_email, action, target, client_ip, request_id, details,
                abs(extract(epoch FROM now() - at)) < 60 AS recent
           FROM identity.audit_log WHERE action = 'auth.sign_in' AND client_ip = $1`,
        [ip],
      );
      expect(entry).toEqual({
        actor_id: client.id,
        actor_email: client.email,
        action: 'auth.sign_in',
        target: `user:${client.id}`,
        client_ip: ip,
        request_id: expect.any(String),
        details: { second_factor: 'none' },
        recent: true,
      });
      // Written with the session the token names, in the same statement.
      const sid = JSON.parse(Buffer.from(signedIn.body.access_token.split('.')[1], 'base64url').toString()).sid;
      expect(await app.sql(`SELECT user_id, client_ip FROM identity.sessions WHERE id = $1`, [sid])).toEqual([
        { user_id: client.id, client_ip: ip },
      ]);
      const queued = await app.sql(
        `SELECT count(*)::int AS n FROM identity.outbox WHERE queue = 'audit' AND payload->>'client_ip' = $1`,
        [ip],
      );
      expect(queued).toEqual([{ n: 0 }]);
    });

    it('recorded the ADMIN_EMAIL account created at start, and its two-factor from ADMIN_TOTP_SECRET', async () => {
      expect(await entries('admin.role_promoted', `user:${admin.id}`)).toEqual([
        expect.objectContaining({ actor_id: null, details: { email: ADMIN_EMAIL, via: 'ADMIN_EMAIL', created: true } }),
      ]);
      expect(await entries('auth.two_factor_enabled', `user:${admin.id}`)).toEqual([
        expect.objectContaining({ actor_id: null, details: { email: ADMIN_EMAIL, via: 'ADMIN_TOTP_SECRET' } }),
      ]);
    });
  });

  describe('queue dashboard', () => {
    it('records a job retried, a job removed and a queue cleaned through the board, once each', async () => {
      const ip = newIp();
      const session = await fetch(`${app.gateway.baseUrl}/api/admin/queue-dashboard/session`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': ip },
      });
      expect(session.status).toBe(204);
      const cookie = /portal_queue_dashboard=[^;]+/.exec(session.headers.get('set-cookie')!)![0];
      const board = (path: string) =>
        fetch(`${app.gateway.baseUrl}/queues/api/queues/${path}`, {
          method: 'PUT',
          headers: { cookie, 'sec-fetch-site': 'same-origin', 'x-forwarded-for': ip },
        });
      // Two entries of another service, so two completed audit jobs (identity's own entries are no jobs):
      // written as its AuditTrail writes them, into its outbox.
      const targets = ['invite_code:board-1', 'invite_code:board-2'];
      for (const target of targets) {
        const entry = { at: new Date().toISOString(), ...byAdmin(ip), request_id: null, action: 'invite_code.updated' };
        await app.sql(
          `INSERT INTO onboarding.outbox (id, queue, name, payload) VALUES (gen_random_uuid(), 'audit', 'record', $1::jsonb)`,
          [JSON.stringify({ ...entry, target, details: {} })],
        );
      }
      await app.sql(`SELECT pg_notify('portal_outbox', 'onboarding')`);
      await app.settled();
      // Completed audit jobs are safe to run again: their line is written once (id = job id).
      const [first, second] = await app.sql<{ id: string }>(
        'SELECT id FROM identity.audit_log WHERE target = ANY($1) ORDER BY target',
        [targets],
      );
      expect((await board(`audit/${first.id}/retry`)).status).toBeLessThan(300);
      expect((await board(`audit/${second.id}/clean`)).status).toBeLessThan(300);
      expect((await board('mail/clean/failed')).status).toBeLessThan(300);
      // A job that does not exist, a status BullMQ does not clean: refused, not recorded.
      expect((await board('audit/no-such-job/retry')).status).toBe(404);
      const unknownStatus = await board('mail/clean/nonsense');
      expect([unknownStatus.status, ((await unknownStatus.json()) as { detail: string }).detail]).toEqual([
        400,
        expect.stringMatching(/^Jobs that are nonsense cannot be cleaned/),
      ]);

      const byBoard = { ...byAdmin(ip), details: {} };
      expect(await entries('queue.job_retried', `queue:audit/${first.id}`)).toEqual([expect.objectContaining(byBoard)]);
      expect(await entries('queue.job_removed', `queue:audit/${second.id}`)).toEqual([
        expect.objectContaining(byBoard),
      ]);
      expect(await entries('queue.cleaned', 'queue:mail')).toEqual([
        expect.objectContaining({ ...byAdmin(ip), details: { status: 'failed' } }),
      ]);
      expect(await entries('queue.job_retried', 'queue:audit/no-such-job')).toEqual([]);
      // Opening the board, which shows every job's data, is recorded too.
      expect((await entries('queue.dashboard_opened', 'queue:*')).filter((entry) => entry.client_ip === ip)).toEqual([
        expect.objectContaining(byBoard),
      ]);
    });
  });

  describe('reading it', () => {
    const list = (query: string, token = admin.token) => call<AuditLogPage>('GET', `/audit-log?${query}`, { token });

    it('pages newest first with filters on actor (e-mail of any case, or id), action and UTC days', async () => {
      await app.settled();
      const all = await list('page_size=100');
      expect(all.status).toBe(200);
      const times = all.body.items.map((entry) => entry.at);
      expect(times).toEqual([...times].sort().reverse());
      expect(all.body.total).toBeGreaterThanOrEqual(10);

      const mine = await list(`actor=${encodeURIComponent(ADMIN_EMAIL.toUpperCase())}&page_size=100`);
      expect(mine.body.items.length).toBeGreaterThan(0);
      expect(mine.body.items.every((entry) => entry.actor_id === admin.id)).toBe(true);
      expect((await list(`actor=${admin.id}&page_size=100`)).body.total).toBe(mine.body.total);

      const created = await list('action=invite_code.created');
      expect(created.body).toMatchObject({ total: 1, page: 1, page_size: 20 });
      expect(created.body.items[0]).toMatchObject({ action: 'invite_code.created', actor_email: ADMIN_EMAIL });

      expect((await list(`from=${today()}&to=${today()}&page_size=100`)).body.total).toBe(all.body.total);
      expect((await list('to=2020-01-01')).body).toEqual({ items: [], total: 0, page: 1, page_size: 20 });

      const first = await list('page=1&page_size=2');
      const second = await list('page=2&page_size=2');
      expect(first.body.items).toHaveLength(2);
      expect(second.body.items[0].id).not.toBe(first.body.items[1].id);
      expect([...first.body.items, ...second.body.items].map((entry) => entry.id)).toEqual(
        all.body.items.slice(0, 4).map((entry) => entry.id),
      );
    });

    it('refuses bad filters with a detail', async () => {
      expect(await list('from=2026-13-01')).toMatchObject({
        status: 400,
        body: { detail: 'from must be a date written YYYY-MM-DD' },
      });
      expect((await list('action=drop_table')).status).toBe(400);
    });

    it('answers days at the ends of the calendar without a 500', async () => {
      expect((await list('to=9999-12-31')).status).toBe(200);
      expect(await list('from=0000-01-01')).toMatchObject({
        status: 400,
        body: { detail: 'from must be a date written YYYY-MM-DD' },
      });
    });

    it('exports the filtered entries as CSV, newest first, as an attachment', async () => {
      const response = await fetch(`${app.gateway.baseUrl}/api/audit-log.csv?action=invite_code.created`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=audit-log-[\d-]+\.csv$/);
      const lines = (await response.text()).split('\r\n');
      expect(lines[0]).toBe('id,at,actor_id,actor_email,action,target,client_ip,request_id,details');
      expect(lines).toHaveLength(3); // header, one entry, and the empty string after the last CRLF
      expect(lines[1]).toContain(`,${ADMIN_EMAIL},invite_code.created,invite_code:`);
      expect(lines[1]).toContain('"{""route"":""/new-nonprofit-llc""}"');
      // The export itself is recorded, with its filters.
      expect(await entries('audit_log.exported', null)).toEqual([
        expect.objectContaining({
          actor_id: admin.id,
          actor_email: ADMIN_EMAIL,
          details: { action: 'invite_code.created' },
        }),
      ]);
    });

    it('answers 401 without a token and 403 to a user who is not an admin, on both routes', async () => {
      for (const path of ['/audit-log', '/audit-log.csv']) {
        expect((await call('GET', path)).status).toBe(401);
        expect(await call('GET', path, { token: client.token })).toMatchObject({
          status: 403,
          body: { detail: 'You do not have permission to do this' },
        });
      }
    });

    it("shows a user their own account's security events only", async () => {
      const events = await call<SecurityEventsReply>('GET', '/auth/security-events', { token: client.token });
      expect(events.status).toBe(200);
      expect(events.body.items.every((entry: AuditEntry) => entry.action.startsWith('auth.'))).toBe(true);
      expect(events.body.items.every((entry: AuditEntry) => entry.actor_id === client.id)).toBe(true);
      expect((await call('GET', '/auth/security-events')).status).toBe(401);
    });
  });

  it('cannot be changed: an UPDATE and a DELETE on identity.audit_log fail', async () => {
    await app.settled();
    const [{ id }] = await app.sql<{ id: string }>('SELECT id FROM identity.audit_log LIMIT 1');
    await expect(app.sql(`UPDATE identity.audit_log SET actor_email = 'x' WHERE id = $1`, [id])).rejects.toThrow(
      /append-only/,
    );
    await expect(app.sql('DELETE FROM identity.audit_log WHERE id = $1', [id])).rejects.toThrow(/append-only/);
  });
});
