import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  login,
  nextTotpCode,
  PASSWORD,
  readMails,
  register,
  registerVerified,
  uniqueEmail,
  useTestApp,
} from '@portal/testing';

const APP_URL = 'http://portal.test';
const ADMIN_PASSWORD = 'Adm1n!pass';
/** How many identical copies of one request go out at once. */
const COPIES = 8;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const times = <T>(count: number, make: () => Promise<T>) => Promise.all(Array.from({ length: count }, make));

interface RawReply {
  status: number;
  body: Buffer;
  json(): Record<string, unknown>;
}

/** A 2xx, or a 4xx that says why in a `detail`; never a 5xx. */
function expectClean(replies: Array<{ status: number; body: unknown }>): void {
  for (const reply of replies) {
    const body = Buffer.isBuffer(reply.body) ? (JSON.parse(reply.body.toString() || '{}') as unknown) : reply.body;
    if (reply.status >= 200 && reply.status < 300) continue;
    expect({ status: reply.status, body }).toEqual({
      status: expect.any(Number) as number,
      body: expect.objectContaining({ detail: expect.any(String) as string }) as unknown,
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
  }
}

const statuses = (replies: Array<{ status: number }>) => replies.map((reply) => reply.status).sort();

/**
 * The same request sent several times at once (a double click, a browser's retry, two tabs), and two
 * conflicting ones at once, for the state-changing routes no other test races: no 5xx, one effect
 * where one is meant, counters that agree with what happened, no orphaned object, and the resource
 * still usable afterwards.
 */
describe('concurrent copies of one request', () => {
  const adminEmail = uniqueEmail('race-admin');
  const staffEmail = uniqueEmail('race-staff');
  const app = useTestApp({ APP_URL, ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD, STAFF_EMAIL: staffEmail });
  let adminToken: string;

  beforeAll(async () => {
    const admin = await login(app.call, adminEmail, ADMIN_PASSWORD);
    if (admin.status !== 200) throw new Error(`admin login answered ${admin.status}`);
    adminToken = admin.body.access_token;
  });

  const auditCount = async (action: string, target: string) =>
    (
      await app.sql<{ n: number }>(
        'SELECT count(*)::int AS n FROM identity.audit_log WHERE action = $1 AND target = $2',
        [action, target],
      )
    )[0].n;
  /** The security notices (password, two-factor) queued for `email` with a change. */
  const noticeKinds = async (email: string) =>
    (
      await app.sql<{ kind: string }>(
        `SELECT payload->'data'->>'kind' AS kind FROM identity.outbox
          WHERE payload->>'template' = 'security-notice' AND payload->>'to' = $1`,
        [email],
      )
    ).map((row) => row.kind);

  async function raw(
    path: string,
    init: { method?: string; token?: string; headers?: Record<string, string>; body?: Buffer } = {},
  ): Promise<RawReply> {
    const headers: Record<string, string> = {
      'x-forwarded-for': `10.7.${randomBytes(1)[0]}.${randomBytes(1)[0] || 1}`,
      ...init.headers,
    };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await fetch(`${app.gateway.baseUrl}/api${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body,
    });
    const body = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      body,
      json: () => JSON.parse(body.toString() || '{}') as Record<string, unknown>,
    };
  }

  function upload(path: string, token: string, fileName: string, data: Buffer, fields: Record<string, string> = {}) {
    const boundary = `----race-${randomBytes(6).toString('hex')}`;
    const parts = Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
    const body = Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return raw(path, {
      method: 'POST',
      token,
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  /** Every object key the local storage holds (DATA_DIR/files) under `prefix`. */
  async function storedObjects(prefix: string): Promise<string[]> {
    const root = join(app.dataDir, 'files');
    const walk = async (dir: string): Promise<string[]> => {
      const found: string[] = [];
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) found.push(...(await walk(path)));
        else found.push(path.slice(root.length + 1));
      }
      return found;
    };
    return (await walk(root)).filter((key) => key.startsWith(prefix) && !key.includes('.~tmp.'));
  }

  describe('identity', () => {
    it('registers one account for one address sent several times at once, with one verification mail', async () => {
      const email = uniqueEmail('race-register');
      const replies = await times(COPIES, () =>
        app.call('POST', '/auth/register', {
          json: {
            email,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            first_name: 'Race',
            last_name: 'Twice',
            username: email,
          },
        }),
      );
      expectClean(replies);
      expect(statuses(replies)).toEqual([201, ...Array<number>(COPIES - 1).fill(409)]);
      const users = await app.sql<{ id: string }>('SELECT id FROM identity.users WHERE lower(email) = lower($1)', [
        email,
      ]);
      expect(users).toHaveLength(1);
      await app.settled();
      expect(await readMails(app.dataDir, email)).toHaveLength(1);
    });

    it('mails a working verification link for each of several requests at once, and one used ends them all', async () => {
      const email = uniqueEmail('race-verify');
      const { user_id } = await register(app.call, email);
      await app.settled();
      const since = new Date();
      const replies = await times(COPIES, () => app.call('POST', '/auth/verify-email/request', { json: { email } }));
      expectClean(replies);
      expect(replies.filter((reply) => reply.status === 200).length).toBeGreaterThan(0);
      // Every link mailed works until one is used: the registration's and one per accepted request.
      const usable = await app.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM identity.user_tokens
          WHERE user_id = $1 AND purpose = 'verify-email' AND used_at IS NULL AND invalidated_at IS NULL`,
        [user_id],
      );
      const accepted = replies.filter((reply) => reply.status === 200).length;
      expect(usable[0].n).toBe(1 + accepted);
      await app.settled();
      // Of the links the requests mailed, the first tried confirms and ends the others (tried one at a time).
      const tokens = (await readMails(app.dataDir, email, { since })).flatMap((mail) =>
        mail.links
          .map((href) => new URL(href))
          .filter((url) => url.pathname === '/verify-email')
          .map((url) => url.searchParams.get('token')!),
      );
      expect(tokens).toHaveLength(accepted);
      const confirmed: number[] = [];
      for (const token of tokens) {
        confirmed.push((await app.call('POST', '/auth/verify-email/confirm', { json: { token } })).status);
      }
      expect(confirmed.sort()).toEqual([200, ...Array<number>(tokens.length - 1).fill(400)]);
      expect((await login(app.call, email)).body.is_verified).toBe(true);
    });

    it('applies one of two profile updates sent at once whole, never a mix, on one profile row', async () => {
      const { userId, accessToken } = await registerVerified(app.call, app.dataDir, uniqueEmail('race-profile'));
      const first = { first_name: 'Ann', last_name: 'First', phone: '+1 555 0101', company: 'First LLC' };
      const second = { first_name: 'Bob', last_name: 'Second', phone: '+1 555 0202', company: 'Second LLC' };
      const replies = await Promise.all([
        ...Array.from({ length: 4 }, () => app.call('PUT', '/profiles/me', { token: accessToken, json: first })),
        ...Array.from({ length: 4 }, () => app.call('PUT', '/profiles/me', { token: accessToken, json: second })),
      ]);
      expectClean(replies);
      expect(statuses(replies)).toEqual(Array<number>(8).fill(200));
      const profile = await app.call('GET', '/profiles/me', { token: accessToken });
      const now = {
        first_name: profile.body.first_name,
        last_name: profile.body.last_name,
        phone: profile.body.phone,
        company: profile.body.company,
      };
      expect([first, second]).toContainEqual(now);
      expect(
        await app.sql('SELECT id FROM identity.profiles WHERE user_id = $1', [userId]).then((rows) => rows.length),
      ).toBe(1);
    });

    it('changes a password once for copies sent at once, while sign-ins race it; the new password works', async () => {
      const email = uniqueEmail('race-password');
      const { userId, accessToken } = await registerVerified(app.call, app.dataDir, email);
      const newPassword = 'N3w!passw0rd';
      const [changes, signIns] = await Promise.all([
        times(6, () =>
          app.call<{ access_token?: string }>('POST', '/auth/password/change', {
            token: accessToken,
            json: { current_password: PASSWORD, new_password: newPassword },
          }),
        ),
        times(2, () => login(app.call, email)),
      ]);
      expectClean([...changes, ...signIns]);
      expect(changes.filter((reply) => reply.status === 200)).toHaveLength(1);
      await app.settled();
      expect(await auditCount('auth.password_changed', `user:${userId}`)).toBe(1);
      expect(await noticeKinds(email)).toEqual(['password-changed']);
      expect((await login(app.call, email, newPassword)).status).toBe(200);
      expect((await login(app.call, email)).status).toBe(401);
    });

    it('turns two-factor on once for copies of the enable sent at once: one set of ten recovery codes', async () => {
      const email = uniqueEmail('race-2fa');
      const { userId, accessToken } = await registerVerified(app.call, app.dataDir, email);
      const setup = await app.call<{ secret: string }>('POST', '/auth/two-factor/setup', { token: accessToken });
      expect(setup.status).toBe(200);
      const code = await nextTotpCode(setup.body.secret, email);
      const replies = await times(6, () =>
        app.call<{ recovery_codes?: string[] }>('POST', '/auth/two-factor/enable', {
          token: accessToken,
          json: { password: PASSWORD, code },
        }),
      );
      expectClean(replies);
      const enabled = replies.filter((reply) => reply.status === 200);
      expect(enabled).toHaveLength(1);
      const codes = await app.sql<{ n: number }>(
        'SELECT count(*)::int AS n FROM identity.recovery_codes WHERE user_id = $1 AND used_at IS NULL',
        [userId],
      );
      expect(codes[0].n).toBe(10);
      await app.settled();
      expect(await auditCount('auth.two_factor_enabled', `user:${userId}`)).toBe(1);
      expect(await noticeKinds(email)).toEqual(['two-factor-enabled']);
      // A recovery code of the one answer signs in.
      const challenge = await app.call<{ challenge_token: string }>('POST', '/auth/login', {
        form: { username: email, password: PASSWORD },
      });
      const verified = await app.call('POST', '/auth/two-factor/verify', {
        json: { challenge_token: challenge.body.challenge_token, code: enabled[0].body.recovery_codes![0] },
      });
      expect(verified.status).toBe(200);
    });

    it('signs out everywhere once for copies sent at once: one new session version, one audit entry', async () => {
      const email = uniqueEmail('race-everywhere');
      const { userId, accessToken } = await registerVerified(app.call, app.dataDir, email);
      const [before] = await app.sql<{ v: number }>('SELECT session_version AS v FROM identity.users WHERE id = $1', [
        userId,
      ]);
      const replies = await times(COPIES, () => app.call('POST', '/auth/sessions/revoke-all', { token: accessToken }));
      expectClean(replies);
      expect(replies.filter((reply) => reply.status === 200).length).toBeGreaterThan(0);
      const [after] = await app.sql<{ v: number }>('SELECT session_version AS v FROM identity.users WHERE id = $1', [
        userId,
      ]);
      expect(after.v).toBe(before.v + 1);
      await app.settled();
      expect(await auditCount('auth.signed_out_everywhere', `user:${userId}`)).toBe(1);
      expect((await app.call('GET', '/profiles/me', { token: accessToken })).status).toBe(401);
      expect((await login(app.call, email)).status).toBe(200);
    });

    it('signs one session out once for copies of Sign Out and of its delete sent at once', async () => {
      const email = uniqueEmail('race-signout');
      const { userId, accessToken } = await registerVerified(app.call, app.dataDir, email);
      const other = (await login(app.call, email)).body.access_token;
      const sessions = await app.call<{ items: Array<{ id: string; current: boolean }> }>('GET', '/auth/sessions', {
        token: other,
      });
      expect(sessions.status).toBe(200);
      const mine = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as { sid?: string };
      const sessionId = mine.sid ?? sessions.body.items.find((item) => !item.current)!.id;
      const replies = await Promise.all([
        ...Array.from({ length: 4 }, () => app.call('POST', '/auth/logout', { token: accessToken })),
        ...Array.from({ length: 4 }, () => app.call('DELETE', `/auth/sessions/${sessionId}`, { token: other })),
      ]);
      expectClean(replies);
      await app.settled();
      expect(await auditCount('auth.signed_out', `user:${userId}`)).toBe(1);
      expect((await app.call('GET', '/profiles/me', { token: accessToken })).status).toBe(401);
      expect((await app.call('GET', '/profiles/me', { token: other })).status).toBe(200);
    });
  });

  describe('onboarding', () => {
    async function createCode(route: string) {
      const reply = await app.call<{ id: string; invite_code: string }>('POST', '/invite-codes/', {
        token: adminToken,
        json: { expiration_datetime: inHours(48), route, description: null },
      });
      expect(reply.status).toBe(201);
      return reply.body;
    }

    it('counts every invitation mail of sends at once: mails, send_count and audit entries agree', async () => {
      const code = await createCode('/new-client');
      const recipient = uniqueEmail('race-invitee');
      const replies = await times(COPIES, () =>
        app.call('POST', `/invite-codes/${code.id}/send-email`, { token: adminToken, json: { email: recipient } }),
      );
      expectClean(replies);
      const sent = replies.filter((reply) => reply.status === 200).length;
      await app.settled();
      const [row] = await app.sql<{ send_count: number }>(
        'SELECT send_count FROM onboarding.invite_codes WHERE id = $1',
        [code.id],
      );
      expect(row.send_count).toBe(sent);
      expect(await readMails(app.dataDir, recipient)).toHaveLength(sent);
      expect(await auditCount('invite_code.emailed', `invite_code:${code.id}`)).toBe(sent);
    });

    it('takes one questionnaire for one non-profit code sent by several people at once', async () => {
      const code = await createCode('/new-nonprofit-llc');
      const replies = await Promise.all(
        Array.from({ length: COPIES }, (_, index) =>
          app.call('POST', `/invite-codes/${code.invite_code}/submit-nonprofit-onboarding`, {
            json: {
              non_profit_name: `Helping Hands ${index} LLC`,
              ein_number: '123456789',
              state_of_formation: 'Delaware',
            },
          }),
        ),
      );
      expectClean(replies);
      expect(statuses(replies)).toEqual([201, ...Array<number>(COPIES - 1).fill(410)]);
      const rows = await app.sql('SELECT id FROM onboarding.submissions WHERE invite_code_id = $1', [code.id]);
      expect(rows).toHaveLength(1);
    });

    it('edits a code with copies of one edit sent at once, and it still opens its questionnaire', async () => {
      const code = await createCode('/new-client');
      const expiration = inHours(72);
      const replies = await times(COPIES, () =>
        app.call('PUT', `/invite-codes/${code.id}`, {
          token: adminToken,
          json: { expiration_datetime: expiration, route: '/new-client', description: 'edited' },
        }),
      );
      expectClean(replies);
      expect(statuses(replies)).toEqual(Array<number>(COPIES).fill(200));
      const check = await app.call('GET', `/invite-codes/${code.invite_code}`);
      expect(check.status).toBe(200);
      expect(check.body.expiration_datetime).toBe(expiration);
    });
  });

  describe('documents', () => {
    // The documents service takes at most 3 uploads of one account at once (upload-slots.ts): that many.
    const UPLOADS_AT_ONCE = 3;

    it('keeps one file and one object for one library path uploaded several times at once', async () => {
      const versions = Array.from({ length: UPLOADS_AT_ONCE }, () => randomBytes(64 * 1024));
      const replies = await Promise.all(
        versions.map((data) => upload('/files/forms', adminToken, 'w9.pdf', data, { folder: 'race-same' })),
      );
      expectClean(replies);
      expect(statuses(replies)).toEqual(Array<number>(UPLOADS_AT_ONCE).fill(201));
      const rows = await app.sql<{ id: string; storage_key: string; sha256: string }>(
        "SELECT id, storage_key, sha256 FROM documents.library_files WHERE area = 'forms' AND path = 'race-same/w9.pdf'",
      );
      expect(rows).toHaveLength(1);
      expect(await storedObjects('library/forms/')).toEqual(
        expect.arrayContaining([expect.stringContaining(rows[0].id)]) as unknown,
      );
      const download = await raw('/files/forms/race-same/w9.pdf', { token: adminToken });
      expect(download.status).toBe(200);
      expect(versions.map(sha256)).toContain(sha256(download.body));
      expect(sha256(download.body)).toBe(rows[0].sha256);
      const libraryKeys = (await storedObjects('library/forms/')).filter((key) => !key.startsWith('.~meta'));
      const allRows = await app.sql<{ storage_key: string }>('SELECT storage_key FROM documents.library_files');
      expect(libraryKeys.sort()).toEqual(allRows.map((row) => row.storage_key).sort());
    });

    it('leaves a library path either gone or whole when a replace and deletes race', async () => {
      const first = randomBytes(32 * 1024);
      const second = randomBytes(32 * 1024);
      expect((await upload('/files/public', adminToken, 'rates.pdf', first, { folder: 'race-rd' })).status).toBe(201);
      const replies = await Promise.all([
        upload('/files/public', adminToken, 'rates.pdf', second, { folder: 'race-rd' }),
        ...Array.from({ length: 4 }, () =>
          raw('/files/public/race-rd/rates.pdf', { method: 'DELETE', token: adminToken }),
        ),
      ]);
      expectClean(replies);
      const rows = await app.sql<{ id: string; storage_key: string }>(
        "SELECT id, storage_key FROM documents.library_files WHERE area = 'public' AND path = 'race-rd/rates.pdf'",
      );
      const download = await raw('/files/public/race-rd/rates.pdf', { token: adminToken });
      if (rows.length) {
        expect(download.status).toBe(200);
        expect([sha256(first), sha256(second)]).toContain(sha256(download.body));
      } else {
        expect(download.status).toBe(404);
      }
      const keys = (await storedObjects('library/public/')).sort();
      const allRows = await app.sql<{ storage_key: string }>(
        "SELECT storage_key FROM documents.library_files WHERE area = 'public'",
      );
      expect(keys).toEqual(allRows.map((row) => row.storage_key).sort());
      await app.settled();
      // A file is deleted (and recorded) once at most, whichever version it was.
      const deleted = await app.sql<{ target: string; n: number }>(
        `SELECT target, count(*)::int AS n FROM identity.audit_log
          WHERE action = 'library.file_deleted' AND details->>'path' = 'race-rd/rates.pdf' GROUP BY target`,
      );
      for (const { n } of deleted) expect(n).toBe(1);
    });

    it('deletes one library file once for copies of the delete sent at once: one audit entry, no object', async () => {
      const uploaded = await upload('/files/forms', adminToken, 'old.pdf', randomBytes(1024), { folder: 'race-del' });
      expect(uploaded.status).toBe(201);
      const [row] = await app.sql<{ id: string; storage_key: string }>(
        "SELECT id, storage_key FROM documents.library_files WHERE area = 'forms' AND path = 'race-del/old.pdf'",
      );
      const replies = await times(COPIES, () =>
        raw('/files/forms/race-del/old.pdf', { method: 'DELETE', token: adminToken }),
      );
      expectClean(replies);
      expect(replies.filter((reply) => reply.status === 200).length).toBeGreaterThan(0);
      for (const reply of replies.filter((each) => each.status !== 200)) {
        expect([reply.status, reply.json()]).toEqual([404, { detail: 'File not found.' }]);
      }
      expect(await storedObjects(row.storage_key)).toEqual([]);
      expect((await raw('/files/forms/race-del/old.pdf', { token: adminToken })).status).toBe(404);
      await app.settled();
      expect(await auditCount('library.file_deleted', `file:${row.id}`)).toBe(1);
    });

    it('stores every vault upload of copies sent at once whole, each with its object and one staff mail', async () => {
      const client = await registerVerified(app.call, app.dataDir, uniqueEmail('race-vault'));
      const data = randomBytes(48 * 1024);
      const since = new Date();
      const replies = await times(UPLOADS_AT_ONCE, () => upload('/vault/files', client.accessToken, 'W-2.pdf', data));
      expectClean(replies);
      expect(statuses(replies)).toEqual(Array<number>(UPLOADS_AT_ONCE).fill(201));
      const rows = await app.sql<{ id: string; storage_key: string }>(
        'SELECT id, storage_key FROM documents.vault_files WHERE owner_id = $1',
        [client.userId],
      );
      expect(rows).toHaveLength(replies.filter((reply) => reply.status === 201).length);
      expect((await storedObjects(`vault/${client.userId}/`)).sort()).toEqual(
        rows.map((row) => row.storage_key).sort(),
      );
      for (const row of rows) {
        const download = await raw(`/vault/files/${row.id}`, { token: client.accessToken });
        expect(sha256(download.body)).toBe(sha256(data));
      }
      await app.settled();
      const mails = await readMails(app.dataDir, staffEmail, { since });
      // The file's name is in the body only (a client chooses it; the subject names the client).
      expect(mails.filter((mail) => mail.text?.includes('W-2.pdf'))).toHaveLength(rows.length);
    });
  });

  describe('notifications', () => {
    it('marks an inbox message handled once for copies sent at once, keeping the first time', async () => {
      const sent = await app.call<{ id?: string }>('POST', '/messages', {
        json: {
          name: 'Race Visitor',
          email: uniqueEmail('race-visitor'),
          subject: 'Question',
          message: 'Hello there',
        },
      });
      expect(sent.status).toBe(201);
      const message = { id: sent.body.id! };
      const replies = await times(COPIES, () =>
        app.call<{ handled_at: string }>('PUT', `/inbox/messages/${message.id}/handled`, {
          token: adminToken,
          json: { handled: true },
        }),
      );
      expectClean(replies);
      expect(new Set(replies.map((reply) => reply.body.handled_at)).size).toBe(1);
    });
  });
});
