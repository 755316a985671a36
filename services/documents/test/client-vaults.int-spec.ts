import type {
  ClientVaultReply,
  VaultAccessPageReply,
  VaultAccessReply,
  VaultClientListReply,
  VaultUploadReply,
} from '@portal/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DocumentsApp, sha256 } from './documents-fixtures';

/** The admins' read-only view of a client's vault, and the record of every look. */
describe("admins and a client's vault", () => {
  const app = new DocumentsApp('local');

  beforeAll(() => app.start());
  afterAll(() => app.stop());

  it('lists clients with files, shows one vault and downloads from it, recording who, which file and when', async () => {
    const data = randomBytes(4096);
    const upload = await app.upload('/vault/files', app.clientA.token, [
      { name: 'file', filename: 'Driver license.jpg', contentType: 'image/jpeg', data },
    ]);
    const file = upload.json<VaultUploadReply>().file;
    const ownerId = app.clientA.userId;

    const clients = await app.fetch('/vault/admin/clients', { token: app.adminToken });
    expect(clients.json<VaultClientListReply>().clients).toEqual([
      {
        owner_id: ownerId,
        owner_email: app.clientA.email,
        file_count: 1,
        total_size: 4096,
        last_uploaded_at: file.uploaded_at,
      },
    ]);
    // Knowing who has files reads none: nothing recorded yet.
    expect(
      (await app.fetch('/vault/admin/access-log', { token: app.adminToken })).json<VaultAccessPageReply>().total,
    ).toBe(0);

    const before = new Date();
    const vault = await app.fetch(`/vault/admin/clients/${ownerId}/files`, { token: app.adminToken });
    expect(vault.json<ClientVaultReply>()).toEqual({
      owner_id: ownerId,
      owner_email: app.clientA.email,
      files: [file],
    });
    const download = await app.fetch(`/vault/admin/clients/${ownerId}/files/${file.id}`, { token: app.adminToken });
    expect(download.status).toBe(200);
    expect(sha256(download.body)).toBe(sha256(data));
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Driver license.jpg"/);

    const log = (
      await app.fetch(`/vault/admin/access-log?owner_id=${ownerId}`, { token: app.adminToken })
    ).json<VaultAccessPageReply>();
    expect(log.total).toBe(2);
    expect(log.items).toEqual([
      expect.objectContaining({ action: 'download', file_id: file.id, file_name: 'Driver license.jpg' }),
      expect.objectContaining({ action: 'list', file_id: null, file_name: null }),
    ]);
    for (const entry of log.items) {
      expect(entry).toMatchObject({
        admin_id: app.adminId,
        admin_email: app.adminEmail,
        owner_id: ownerId,
        owner_email: app.clientA.email,
      });
      expect(new Date(entry.accessed_at).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    }

    // The record outlives the file, and cannot be rewritten.
    await app.fetch(`/vault/files/${file.id}`, { method: 'DELETE', token: app.clientA.token });
    expect(
      (await app.fetch('/vault/admin/access-log', { token: app.adminToken })).json<VaultAccessPageReply>().total,
    ).toBe(2);
    await expect(app.sql('DELETE FROM documents.vault_access_log')).rejects.toThrow('vault_access_log is append-only');
    await expect(app.sql("UPDATE documents.vault_access_log SET admin_email = 'x'")).rejects.toThrow('append-only');
  });

  it('is read-only and for admins only; unknown clients and files are 404s, not records', async () => {
    const upload = await app.upload('/vault/files', app.clientB.token, [
      { name: 'file', filename: 'bank.pdf', data: randomBytes(100) },
    ]);
    const file = upload.json<VaultUploadReply>().file;
    const ownerId = app.clientB.userId;
    for (const path of [
      '/vault/admin/clients',
      `/vault/admin/clients/${ownerId}/files`,
      `/vault/admin/clients/${ownerId}/files/${file.id}`,
      '/vault/admin/access-log',
    ]) {
      expect((await app.fetch(path, { token: app.clientA.token })).status).toBe(403);
    }
    // No admin route writes: a delete of a client's file by id is only the owner's (404 for the admin).
    expect(
      (await app.fetch(`/vault/admin/clients/${ownerId}/files/${file.id}`, { method: 'DELETE', token: app.adminToken }))
        .status,
    ).toBe(404);
    expect((await app.fetch(`/vault/files/${file.id}`, { method: 'DELETE', token: app.adminToken })).status).toBe(404);

    const total = async () =>
      (await app.fetch('/vault/admin/access-log', { token: app.adminToken })).json<VaultAccessPageReply>().total;
    const counted = await total();
    const unknownClient = await app.fetch('/vault/admin/clients/00000000-0000-4000-8000-000000000000/files', {
      token: app.adminToken,
    });
    expect([unknownClient.status, unknownClient.json()]).toEqual([
      404,
      { detail: 'This client has no files in the vault.' },
    ]);
    const wrongOwner = await app.fetch(`/vault/admin/clients/${app.clientA.userId}/files/${file.id}`, {
      token: app.adminToken,
    });
    expect(wrongOwner.status).toBe(404);
    expect(await total()).toBe(counted);
  });
  it('records a download only for a GET of a file that is there: not a HEAD, not a file gone from storage', async () => {
    const upload = await app.upload('/vault/files', app.clientB.token, [
      { name: 'file', filename: 'w2.pdf', data: randomBytes(100) },
    ]);
    const file = upload.json<VaultUploadReply>().file;
    const path = `/vault/admin/clients/${app.clientB.userId}/files/${file.id}`;
    const downloads = async () =>
      (
        await app.sql<{ n: number }>(
          "SELECT count(*)::int AS n FROM documents.vault_access_log WHERE file_id = $1 AND action = 'download'",
          [file.id],
        )
      )[0].n;

    const head = await app.fetch(path, { method: 'HEAD', token: app.adminToken });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '100']);
    expect(await downloads()).toBe(0);
    expect((await app.fetch(path, { token: app.adminToken })).status).toBe(200);
    expect(await downloads()).toBe(1);

    // Its object gone, its row left: a 404, and nothing read.
    const [{ key }] = await app.sql<{ key: string }>(
      'SELECT storage_key AS key FROM documents.vault_files WHERE id = $1',
      [file.id],
    );
    await rm(join(app.dataDir, 'files', key));
    expect((await app.fetch(path, { token: app.adminToken })).status).toBe(404);
    expect(await downloads()).toBe(1);
  });

  describe('read a page at a time (before = the next_cursor of the page before)', () => {
    const page = async (query: string, before?: string | null): Promise<VaultAccessPageReply> => {
      const cursor = before ? `&before=${encodeURIComponent(before)}` : '';
      const reply = await app.fetch(`/vault/admin/access-log?${query}${cursor}`, { token: app.adminToken });
      expect(reply.status).toBe(200);
      return reply.json<VaultAccessPageReply>();
    };

    /** Every page after `first`, following next_cursor to the end: their entries, in order. */
    const pagesAfter = async (query: string, first: VaultAccessPageReply): Promise<VaultAccessReply[]> => {
      const entries: VaultAccessReply[] = [];
      for (let cursor = first.next_cursor; cursor;) {
        const next = await page(query, cursor);
        entries.push(...next.items);
        cursor = next.next_cursor;
      }
      return entries;
    };

    /** The log by the database's own order, newest first: the truth pages are read against. */
    const logInOrder = async (ownerId?: string): Promise<string[]> =>
      (
        await app.sql<{ id: string }>(
          `SELECT id FROM documents.vault_access_log ${ownerId ? 'WHERE owner_id = $1' : ''}
           ORDER BY accessed_at DESC, id DESC`,
          ownerId ? [ownerId] : [],
        )
      ).map((row) => row.id);

    const ids = (entries: VaultAccessReply[]) => entries.map((entry) => entry.id);

    it('neither repeats nor shifts entries when accesses are recorded between two pages', async () => {
      const client = await app.newClient('paged');
      await app.upload('/vault/files', client.token, [{ name: 'file', filename: 'paged.pdf', data: randomBytes(10) }]);
      const look = async () =>
        expect((await app.fetch(`/vault/admin/clients/${client.userId}/files`, { token: app.adminToken })).status).toBe(
          200,
        );
      for (let i = 0; i < 5; i++) await look();

      for (const query of [`owner_id=${client.userId}&page_size=2`, 'page_size=2']) {
        const ownerId = query.startsWith('owner_id') ? client.userId : undefined;
        const before = await logInOrder(ownerId);
        const first = await page(query);
        expect(ids(first.items)).toEqual(before.slice(0, 2));
        // Three more looks, newest of all, while the admin reads on.
        for (let i = 0; i < 3; i++) await look();
        const rest = await pagesAfter(query, first);
        // With an offset, page 2 would start with the three new entries' last and repeat page 1's.
        expect([...ids(first.items), ...ids(rest)]).toEqual(before);
        expect((await logInOrder(ownerId)).length).toBe(before.length + 3);
      }
    });

    it('breaks ties on the time by id, to the microsecond: no entry lost or repeated', async () => {
      const ownerId = randomUUID();
      const at = '2001-02-03T04:05:06.123456Z';
      for (const accessedAt of [at, '2001-02-03T04:05:06.123457Z', at, at, '2001-02-03T04:05:06.123455Z', at, at]) {
        await app.sql(
          `INSERT INTO documents.vault_access_log (admin_id, admin_email, owner_id, owner_email, action, accessed_at)
           VALUES ($1, $2, $3, 'tied@example.com', 'list', $4)`,
          [app.adminId, app.adminEmail, ownerId, accessedAt],
        );
      }
      for (const size of [1, 2, 3, 4]) {
        const query = `owner_id=${ownerId}&page_size=${size}`;
        const first = await page(query);
        expect(first.total).toBe(7);
        const all = [...ids(first.items), ...ids(await pagesAfter(query, first))];
        expect(all).toEqual(await logInOrder(ownerId));
      }
      const whole = await page(`owner_id=${ownerId}&page_size=7`);
      expect([whole.items.length, whole.next_cursor]).toEqual([7, null]);
    });

    it('refuses a cursor it did not give with a 400 that says what to send', async () => {
      const text = (value: string) => Buffer.from(value).toString('base64url');
      for (const before of [
        'garbage',
        text('2026-13-01T00:00:00.000000Z|00000000-0000-4000-8000-000000000000'),
        text('2026-01-01T00:00:00.000000Z|42'),
      ]) {
        const reply = await app.fetch(`/vault/admin/access-log?before=${encodeURIComponent(before)}`, {
          token: app.adminToken,
        });
        expect([before, reply.status, reply.json()]).toEqual([
          before,
          400,
          expect.objectContaining({ detail: 'before must be the next_cursor of a page of this list, as given' }),
        ]);
      }
    });
  });
});
