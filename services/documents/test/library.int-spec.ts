import type { LibraryListReply, LibraryUploadReply } from '@portal/contracts';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { DocumentsApp, sha256, WINDOWS_PROGRAM_HEAD } from './documents-fixtures';

/** The forms library and the public files: every verified user reads, only admins write. */
describe('forms library and public files', () => {
  const app = new DocumentsApp('local');

  beforeAll(() => app.start());
  afterAll(() => app.stop());

  const adminUpload = (area: string, filename: string, data: Buffer, folder?: string) =>
    app.upload(`/files/${area}/`, app.adminToken, [
      ...(folder === undefined ? [] : [{ name: 'folder', value: folder }]),
      { name: 'file', filename, contentType: 'application/pdf', data },
    ]);

  const list = async (area: string, query = '') => {
    const reply = await app.fetch(`/files/${area}${query}`, { token: app.clientA.token });
    expect(reply.status).toBe(200);
    return reply.json<LibraryListReply>();
  };

  it('lets an admin upload into a folder, everyone verified list and download, and the admin delete', async () => {
    const data = randomBytes(50_000);
    const uploaded = await adminUpload('forms', 'W-9 (Rev. 2024).pdf', data, ' Tax forms // 2024 ');
    expect(uploaded.status).toBe(201);
    const { message, file } = uploaded.json<LibraryUploadReply>();
    expect(message).toBe('File uploaded successfully.');
    expect(file).toMatchObject({
      name: 'Tax forms/2024/W-9 (Rev. 2024).pdf',
      size: 50_000,
      content_type: 'application/pdf',
    });

    expect((await list('forms', '?recursive=true')).files).toEqual([file]);
    expect(await list('forms')).toEqual({ files: [], folders: ['Tax forms'] });
    expect(await list('forms', '?prefix=Tax%20forms')).toEqual({ files: [], folders: ['Tax forms/2024'] });
    expect(await list('forms', '?prefix=Tax%20forms/2024/')).toEqual({ files: [file], folders: [] });
    expect((await list('public', '?recursive=true')).files).toEqual([]);

    const path = '/files/forms/Tax%20forms/2024/W-9%20(Rev.%202024).pdf';
    const download = await app.fetch(path, { token: app.clientB.token });
    expect(download.status).toBe(200);
    expect(sha256(download.body)).toBe(sha256(data));
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="W-9 (Rev. 2024).pdf"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    const ranged = await app.fetch(path, { token: app.clientB.token, headers: { range: 'bytes=100-199' } });
    expect([ranged.status, ranged.headers.get('content-range')]).toEqual([206, 'bytes 100-199/50000']);

    const removed = await app.fetch(`${path}/`, { method: 'DELETE', token: app.adminToken });
    expect([removed.status, removed.json()]).toEqual([200, { message: 'File deleted successfully.' }]);
    expect((await app.fetch(path, { token: app.clientB.token })).status).toBe(404);
    expect(await list('forms', '?recursive=true')).toEqual({ files: [], folders: [] });
    expect(await app.storedObjects('library/forms/')).toEqual([]);
  });

  it('refuses uploads and deletes by non-admins with 403, storing nothing', async () => {
    await adminUpload('public', 'brochure.pdf', randomBytes(100));
    for (const area of ['forms', 'public']) {
      const upload = await app.upload(`/files/${area}/`, app.clientA.token, [
        { name: 'file', filename: 'mine.pdf', data: randomBytes(100) },
      ]);
      expect([upload.status, upload.json()]).toEqual([403, { detail: 'You do not have permission to do this' }]);
      const remove = await app.fetch(`/files/${area}/brochure.pdf/`, { method: 'DELETE', token: app.clientA.token });
      expect(remove.status).toBe(403);
    }
    expect((await list('public')).files.map((file) => file.name)).toEqual(['brochure.pdf']);
    expect(await app.storedObjects('library/forms/')).toEqual([]);
  });

  it('replaces a file uploaded again at the same path, keeping one object', async () => {
    const first = randomBytes(1000);
    const second = randomBytes(2000);
    expect((await adminUpload('public', 'price-list.pdf', first, 'Pricing')).status).toBe(201);
    expect((await adminUpload('public', 'price-list.pdf', second, '/Pricing/')).status).toBe(201);
    const files = (await list('public', '?prefix=Pricing')).files;
    expect(files).toEqual([expect.objectContaining({ name: 'Pricing/price-list.pdf', size: 2000 })]);
    const download = await app.fetch('/files/public/Pricing/price-list.pdf', { token: app.clientA.token });
    expect(sha256(download.body)).toBe(sha256(second));
    const [{ count }] = await app.sql<{ count: number }>(
      "SELECT count(*)::int AS count FROM documents.library_files WHERE area = 'public' AND path = 'Pricing/price-list.pdf'",
    );
    expect(count).toBe(1);
    const objects = (await app.storedObjects('library/public/')).length;
    const rows = await app.sql('SELECT id FROM documents.library_files WHERE area = $1', ['public']);
    expect(objects).toBe(rows.length);
  });

  it('deletes the file an upload put at the path while the delete waited, or answers 404: never one already replaced', async () => {
    expect((await adminUpload('forms', 'race.pdf', randomBytes(1000))).status).toBe(201);
    const lock = ['library:forms:race.pdf'];
    // Holds the path's lock, so that an upload and then a delete of it wait for it in turn.
    const holder = new Client({ connectionString: app.app.db.url });
    await holder.connect();
    /** Waits until `count` sessions wait for an advisory lock of the app's database. */
    const waiting = async (count: number) => {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const { rows } = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks
            WHERE locktype = 'advisory' AND NOT granted
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        if (rows[0].n === count) return;
        await sleep(50);
      }
      throw new Error(`never ${count} waiting for the path's lock`);
    };
    try {
      await holder.query('SELECT pg_advisory_lock(hashtext($1))', lock);
      const replacing = adminUpload('forms', 'race.pdf', randomBytes(2000));
      await waiting(1);
      const removing = app.fetch('/files/forms/race.pdf', { method: 'DELETE', token: app.adminToken });
      await waiting(2);
      await holder.query('SELECT pg_advisory_unlock(hashtext($1))', lock);
      expect((await replacing).status).toBe(201);
      expect((await removing).status).toBe(200);
    } finally {
      await holder.end();
    }

    expect((await app.fetch('/files/forms/race.pdf', { token: app.clientA.token })).status).toBe(404);
    expect(await app.sql("SELECT id FROM documents.library_files WHERE path = 'race.pdf'")).toEqual([]);
    const objects = await app.storedObjects('library/forms/');
    expect(objects).toHaveLength((await app.sql("SELECT id FROM documents.library_files WHERE area = 'forms'")).length);
    const entries = await app.sql<{ action: string; target: string }>(
      "SELECT action, target FROM identity.audit_log WHERE details->>'path' = 'race.pdf' ORDER BY at",
    );
    expect(entries.map((entry) => entry.action)).toEqual([
      'library.file_uploaded',
      'library.file_uploaded',
      'library.file_deleted',
    ]);
    // The file deleted is the one the second upload put there.
    expect(entries[2].target).toBe(entries[1].target);
    const again = await app.fetch('/files/forms/race.pdf', { method: 'DELETE', token: app.adminToken });
    expect([again.status, again.json()]).toEqual([404, { detail: 'File not found.' }]);
  });

  it('refuses programs in the libraries as in the vault, by type and by first bytes: 415, nothing stored or recorded', async () => {
    const before = await app.storedObjects('library/');
    const byName = await adminUpload('public', 'Portal Setup.EXE.', Buffer.from('%PDF-1.7'), 'Tools');
    expect([byName.status, byName.json()]).toEqual([
      415,
      { detail: 'Programs and scripts (.exe) cannot be uploaded. Please send documents, images or spreadsheets.' },
    ]);
    const byContent = await adminUpload(
      'forms',
      'W-9.pdf',
      Buffer.concat([WINDOWS_PROGRAM_HEAD, randomBytes(100_000)]),
    );
    expect([byContent.status, byContent.json()]).toEqual([
      415,
      {
        detail:
          'This file is a program, whatever its name, and programs cannot be uploaded. Please send documents, images or spreadsheets.',
      },
    ]);
    expect(await app.storedObjects('library/')).toEqual(before);
    expect(await app.leftovers()).toEqual([]);
    expect(
      await app.sql("SELECT id FROM documents.library_files WHERE path IN ('Tools/Portal Setup.EXE.', 'W-9.pdf')"),
    ).toEqual([]);
    await app.settled();
    expect(
      await app.sql(
        "SELECT id FROM identity.audit_log WHERE action = 'library.file_uploaded' AND details->>'path' IN ('Tools/Portal Setup.EXE.', 'W-9.pdf')",
      ),
    ).toEqual([]);
  });

  it.each([
    ['a parent folder', '../../secrets', 'A folder name cannot be "." or "..".'],
    ['a backslash', 'a\\b', 'A folder name cannot contain a backslash (\\); use / between folders.'],
    ['a drive', 'C:/Windows', 'Give a folder inside your files, not an absolute path such as "C:/…".'],
    ['a control character', 'Tax\u0000forms', 'A folder name cannot contain control characters.'],
  ])('refuses a folder with %s (400), storing nothing', async (_label, folder, detail) => {
    const before = await app.storedObjects('library/');
    const reply = await adminUpload('forms', 'w9.pdf', randomBytes(100), folder);
    expect([reply.status, reply.json()]).toEqual([400, { detail }]);
    expect(await app.storedObjects('library/')).toEqual(before);
  });

  it('refuses traversal and odd paths in downloads, deletes and listings with a 400', async () => {
    for (const path of [
      '/files/forms/../../etc/passwd',
      '/files/forms/..%2F..%2Fetc/passwd',
      '/files/forms/a/%2E%2E/b.pdf',
      '/files/forms/a/./b.pdf',
      '/files/forms/a%5Cb.pdf',
      '/files/forms/a/b%0A.pdf',
    ]) {
      const reply = await app.rawRequest('GET', path, app.clientA.token);
      expect([path, reply.status]).toEqual([path, 400]);
      expect(typeof reply.body.detail).toBe('string');
    }
    expect((await app.rawRequest('DELETE', '/files/forms/../x.pdf', app.adminToken)).status).toBe(400);
    expect((await app.rawRequest('DELETE', '/files/forms/x/%00.pdf', app.adminToken)).status).toBe(400);
    const listing = await app.fetch('/files/forms?prefix=..', { token: app.clientA.token });
    expect([listing.status, listing.json()]).toEqual([400, { detail: 'A folder name cannot be "." or "..".' }]);
    expect((await app.fetch('/files/forms/missing.pdf', { token: app.clientA.token })).status).toBe(404);
    expect((await app.fetch('/files/private', { token: app.clientA.token })).status).toBe(404);
  });
});
