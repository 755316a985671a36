import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES, type VaultListReply, type VaultUploadReply } from '@portal/contracts';
import { waitForMail } from '@portal/testing';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { APP_URL, DocumentsApp, Driver, sha256, WINDOWS_PROGRAM_HEAD } from './documents-fixtures';

const MB = 1024 * 1024;

/**
 * The vault end to end on the built app, once per storage driver: local disk and S3 (moto_server).
 * Every file here is stored for real and read back byte for byte.
 */
describe.each<Driver>(['local', 's3'])('the vault on %s storage', (driver) => {
  const app = new DocumentsApp(driver);

  beforeAll(() => app.start());
  afterAll(() => app.stop());

  const upload = (token: string, filename: string, data: Buffer, contentType = 'application/pdf') =>
    app.upload('/vault/files', token, [{ name: 'file', filename, contentType, data }]);

  async function uploaded(token: string, filename: string, data: Buffer, contentType?: string) {
    const reply = await upload(token, filename, data, contentType);
    expect(reply.status).toBe(201);
    return reply.json<VaultUploadReply>().file;
  }

  it('uploads, lists, downloads and deletes a client’s own file, and tells the staff once', async () => {
    const { token, email, userId } = app.clientA;
    const data = randomBytes(3 * MB + 17);
    const since = new Date();
    const reply = await upload(token, 'W-2 2024.pdf', data);
    expect(reply.status).toBe(201);
    const { message, file } = reply.json<VaultUploadReply>();
    expect(message).toBe('File uploaded successfully.');
    expect(file).toMatchObject({
      file_path: 'W-2 2024.pdf',
      size: data.length,
      content_type: 'application/pdf',
      sha256: sha256(data),
    });
    expect(new Date(file.uploaded_at).getTime()).toBeGreaterThanOrEqual(since.getTime() - 1000);

    const list = await app.fetch('/vault/files', { token });
    expect(list.status).toBe(200);
    expect(list.json<VaultListReply>().files).toEqual([file]);

    const download = await app.fetch(`/vault/files/${file.id}`, { token });
    expect(download.status).toBe(200);
    expect(download.body.equals(data)).toBe(true);
    expect(download.headers.get('content-length')).toBe(String(data.length));
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="W-2 2024.pdf"');
    expect(download.headers.get('etag')).toBe(`"${sha256(data)}"`);
    expect(download.headers.get('accept-ranges')).toBe('bytes');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
    expect(download.headers.get('cache-control')).toBe('private, no-store');

    // One staff mail, with who, what and where to look; never the file.
    const mail = await waitForMail(app.dataDir, app.staffEmail, { since });
    expect(mail.subject).toBe(`New document from ${email}`);
    expect(mail.text).toContain('File: W-2 2024.pdf (3 MB)');
    expect(mail.links).toContain(`${APP_URL}/admin/documents/${userId}`);
    expect(mail.attachments).toEqual([]);

    const [row] = await app.sql<{ owner_email: string; uploaded_by: string; storage_key: string }>(
      'SELECT owner_email, uploaded_by, storage_key FROM documents.vault_files WHERE id = $1',
      [file.id],
    );
    expect(row).toEqual({ owner_email: email, uploaded_by: userId, storage_key: `vault/${userId}/${file.id}` });

    const removed = await app.fetch(`/vault/files/${file.id}/`, { method: 'DELETE', token });
    expect(removed.status).toBe(200);
    expect(removed.json()).toEqual({ message: 'File deleted successfully.' });
    expect((await app.fetch('/vault/files/', { token })).json<VaultListReply>().files).toEqual([]);
    expect((await app.fetch(`/vault/files/${file.id}`, { token })).status).toBe(404);
    expect(await app.storedObjects(`vault/${userId}/`)).toEqual([]);
    expect(await app.storedObjects(`.~meta/vault/${userId}/`)).toEqual([]);

    await app.settled();
    expect((await app.mailSubjects(app.staffEmail)).filter((subject) => subject.includes(email))).toEqual([
      `New document from ${email}`,
    ]);
  });

  it('keeps every client to their own files: another client’s id is a 404, like an unknown one', async () => {
    const data = randomBytes(2048);
    const file = await uploaded(app.clientA.token, 'passport.png', data, 'image/png');
    const other = app.clientB.token;
    for (const [method, path] of [
      ['GET', `/vault/files/${file.id}`],
      ['DELETE', `/vault/files/${file.id}`],
      ['GET', '/vault/files/00000000-0000-4000-8000-000000000000'],
      ['GET', '/vault/files/not-an-id'],
    ]) {
      const reply = await app.fetch(path, { method, token: other });
      expect(reply.status).toBe(404);
      expect(reply.json()).toEqual({ detail: 'File not found.' });
    }
    expect((await app.fetch('/vault/files', { token: other })).json<VaultListReply>().files).toEqual([]);
    const mine = await app.fetch(`/vault/files/${file.id}`, { token: app.clientA.token });
    expect(mine.body.equals(data)).toBe(true);
  });

  it('serves byte ranges: 206 with Content-Range, the suffix, an open end, 416 outside, the whole file when If-Range is stale', async () => {
    const data = randomBytes(10_000);
    const file = await uploaded(app.clientA.token, 'statement.pdf', data);
    const get = (range: string, extra: Record<string, string> = {}) =>
      app.fetch(`/vault/files/${file.id}`, { token: app.clientA.token, headers: { range, ...extra } });

    const first = await get('bytes=0-99');
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe('bytes 0-99/10000');
    expect(first.headers.get('content-length')).toBe('100');
    expect(first.body.equals(data.subarray(0, 100))).toBe(true);

    const resumed = await get('bytes=9000-');
    expect(resumed.status).toBe(206);
    expect(resumed.headers.get('content-range')).toBe('bytes 9000-9999/10000');
    expect(resumed.body.equals(data.subarray(9000))).toBe(true);

    const suffix = await get('bytes=-10');
    expect(suffix.headers.get('content-range')).toBe('bytes 9990-9999/10000');
    expect(suffix.body.equals(data.subarray(9990))).toBe(true);

    const matching = await get('bytes=5-9', { 'if-range': `"${file.sha256}"` });
    expect(matching.status).toBe(206);
    const stale = await get('bytes=5-9', { 'if-range': '"an-older-version"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(data)).toBe(true);

    const outside = await get('bytes=10000-');
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */10000');
    expect(outside.json()).toEqual({ detail: 'The requested range is outside the file.' });
  });

  it('answers a HEAD with the download’s headers and no body', async () => {
    const data = randomBytes(3 * MB);
    const file = await uploaded(app.clientA.token, 'head.pdf', data);
    const head = await app.fetch(`/vault/files/${file.id}`, { method: 'HEAD', token: app.clientA.token });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(data.length));
    expect(head.headers.get('etag')).toBe(`"${sha256(data)}"`);
    expect(head.headers.get('x-content-type-options')).toBe('nosniff');
    expect(head.body.length).toBe(0);
    const ranged = await app.fetch(`/vault/files/${file.id}`, {
      method: 'HEAD',
      token: app.clientA.token,
      headers: { range: 'bytes=0-99' },
    });
    expect([ranged.status, ranged.headers.get('content-range'), ranged.headers.get('content-length')]).toEqual([
      206,
      `bytes 0-99/${data.length}`,
      '100',
    ]);
    // The file is still whole for a GET after.
    expect(sha256((await app.fetch(`/vault/files/${file.id}`, { token: app.clientA.token })).body)).toBe(file.sha256);
  });

  it('keeps a non-ASCII name, and never lets an uploaded page or image script run as ours', async () => {
    const name = 'Résumé – 税务 ✓.html';
    const page = Buffer.from('<!doctype html><script>fetch("/api/vault/files")</script>');
    const file = await uploaded(app.clientA.token, name, page, 'text/html');
    expect(file.file_path).toBe(name);
    const download = await app.fetch(`/vault/files/${file.id}`, { token: app.clientA.token });
    const disposition = download.headers.get('content-disposition')!;
    expect(disposition.startsWith('attachment; filename="R')).toBe(true);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1])).toBe(name);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(download.body.equals(page)).toBe(true);

    const svg = await uploaded(app.clientA.token, 'logo.svg', Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml');
    const image = await app.fetch(`/vault/files/${svg.id}`, { token: app.clientA.token });
    expect(image.headers.get('content-type')).toBe('application/octet-stream');
    expect(image.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('keeps the double quotes of a name a browser sent escaped (FormData sends " as %22)', async () => {
    const form = new FormData();
    form.append('file', new Blob([randomBytes(100)], { type: 'application/pdf' }), 'Invoice "final".pdf');
    const reply = await fetch(`${app.baseUrl}/api/vault/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.clientA.token}` },
      body: form,
    });
    expect(reply.status).toBe(201);
    const { file } = (await reply.json()) as VaultUploadReply;
    expect(file.file_path).toBe('Invoice "final".pdf');
    const list = await app.fetch('/vault/files', { token: app.clientA.token });
    expect(list.json<VaultListReply>().files.find((listed) => listed.id === file.id)?.file_path).toBe(
      'Invoice "final".pdf',
    );

    // A line break comes back from its escape (%0A) too, and is refused as before.
    const broken = new FormData();
    broken.append('file', new Blob([randomBytes(100)]), 'Invoice\nfinal.pdf');
    const refused = await fetch(`${app.baseUrl}/api/vault/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.clientA.token}` },
      body: broken,
    });
    expect([refused.status, await refused.json()]).toEqual([
      400,
      { detail: 'A file name cannot contain control characters.' },
    ]);
  });

  /** Nothing of a refused upload anywhere: no object, no unfinished write, no row, no staff mail. */
  async function expectNothingStored(client: { email: string; userId: string }) {
    expect(await app.storedObjects(`vault/${client.userId}/`)).toEqual([]);
    expect(await app.storedObjects(`.~meta/vault/${client.userId}/`)).toEqual([]);
    expect(await app.leftovers()).toEqual([]);
    expect(await app.sql('SELECT id FROM documents.vault_files WHERE owner_id = $1', [client.userId])).toEqual([]);
    await app.settled();
    expect((await app.mailSubjects(app.staffEmail)).filter((subject) => subject.includes(client.email))).toEqual([]);
  }

  it('refuses a 201 MB upload streamed without a length with 413, and leaves no object and no row', async () => {
    const client = await app.newClient('big');
    const reply = await app.streamUpload('/vault/files', client.token, 201 * MB);
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ detail: FILE_TOO_LARGE });
    await expectNothingStored(client);

    // The same client can upload right after, on the same app.
    expect((await upload(client.token, 'small.pdf', randomBytes(10))).status).toBe(201);
  });

  it('takes a file of exactly 200 MB', async () => {
    const client = await app.newClient('limit');
    const reply = await app.streamUpload('/vault/files', client.token, MAX_UPLOAD_BYTES, 'exactly-200.bin');
    expect(reply.status).toBe(201);
    expect((reply.body as unknown as VaultUploadReply).file.size).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses an upload that declares more than the limit before reading it', async () => {
    const url = new URL(`${app.baseUrl}/api/vault/files`);
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${app.clientA.token}`,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(MAX_UPLOAD_BYTES + 2 * MB),
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      // Only the start of the promised body is ever sent.
      request.write('--x\r\n');
    });
    expect(status.status).toBe(413);
    expect(JSON.parse(status.body)).toEqual({ detail: FILE_TOO_LARGE });
  });

  it.each([
    ['a program behind a document’s name', '2024 W-2 corrected.pdf.exe', '.exe'],
    ['upper case', 'Receipt.LNK', '.lnk'],
    ['a trailing dot Windows strips', 'setup.msi.', '.msi'],
    ['trailing dots and spaces', 'update.Hta . .', '.hta'],
    ['a trailing space', 'helper.js ', '.js'],
    ['a screen saver', 'photos.scr', '.scr'],
  ])('refuses %s by its type with a 415, storing nothing and telling no one', async (_label, filename, extension) => {
    const client = await app.newClient('program-name');
    const reply = await upload(client.token, filename, Buffer.from('%PDF-1.7 a harmless start'));
    expect([reply.status, reply.json()]).toEqual([
      415,
      {
        detail: `Programs and scripts (${extension}) cannot be uploaded. Please send documents, images or spreadsheets.`,
      },
    ]);
    await expectNothingStored(client);
  });

  it.each([
    ['a Windows program (PE)', 'invoice.pdf', WINDOWS_PROGRAM_HEAD],
    ['a Linux program (ELF)', 'scan.jpg', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1])],
    ...['feedface', 'cefaedfe', 'feedfacf', 'cffaedfe', 'cafebabe', 'bebafeca', 'cafebabf', 'bfbafeca'].map(
      (magic) => [`a macOS program (${magic})`, 'statement.csv', Buffer.from(magic, 'hex')] as [string, string, Buffer],
    ),
  ])(
    'refuses %s under an innocent name by its first bytes, after 6 MB were streamed, storing nothing',
    async (_label, filename, head) => {
      const client = await app.newClient('program-bytes');
      // Past S3's 5 MB part: whatever was sent before the answer, no object and no multipart upload stay.
      const reply = await upload(client.token, filename, Buffer.concat([head, randomBytes(6 * MB)]));
      expect([reply.status, reply.json()]).toEqual([
        415,
        {
          detail:
            'This file is a program, whatever its name, and programs cannot be uploaded. Please send documents, images or spreadsheets.',
        },
      ]);
      await expectNothingStored(client);
      // The same client's documents go through, a blocked name within a name and a short file included.
      expect((await upload(client.token, 'exe-summary.js.pdf', Buffer.from('%PDF-1.7'))).status).toBe(201);
      expect((await upload(client.token, 'M.txt', Buffer.from('M'))).status).toBe(201);
      // "MZ" alone is a text's first letters, not a program.
      expect((await upload(client.token, 'clients.csv', Buffer.from('MZ Holdings LLC,2024,1099-NEC\n'))).status).toBe(
        201,
      );
    },
  );

  it('records the owner’s upload and delete in the audit log: who, which file, its size, when', async () => {
    const client = await app.newClient('audited');
    const since = Date.now();
    const file = await uploaded(client.token, '1099-INT.pdf', randomBytes(4321));
    expect((await app.fetch(`/vault/files/${file.id}`, { method: 'DELETE', token: client.token })).status).toBe(200);
    await app.settled();
    const entries = await app.sql<{ action: string; actor_id: string; actor_email: string; at: Date; details: object }>(
      `SELECT action, actor_id, actor_email, at, details FROM identity.audit_log WHERE target = $1 ORDER BY at`,
      [`file:${file.id}`],
    );
    const details = { owner_id: client.userId, owner_email: client.email, file_name: '1099-INT.pdf', size: 4321 };
    expect(entries).toEqual([
      {
        action: 'vault.file_uploaded',
        actor_id: client.userId,
        actor_email: client.email,
        at: expect.any(Date),
        details,
      },
      {
        action: 'vault.file_deleted',
        actor_id: client.userId,
        actor_email: client.email,
        at: expect.any(Date),
        details,
      },
    ]);
    expect(entries[0].at.getTime()).toBeGreaterThanOrEqual(since - 1000);
  });

  it.each([
    ['a path climbing out', '../../etc/passwd', 'A file name cannot contain "/" or "\\": give the folder separately.'],
    ['a Windows path', '..\\..\\boot.ini', 'A file name cannot contain "/" or "\\": give the folder separately.'],
    ['an absolute path', '/etc/passwd', 'A file name cannot contain "/" or "\\": give the folder separately.'],
    ['".."', '..', 'A file name cannot be "." or "..".'],
    ['a right-to-left override', 'invoice\u202efdp.exe', 'A file name cannot contain control characters.'],
    ['a tab', 'tab\there.pdf', 'A file name cannot contain control characters.'],
    [
      'a name of 256 bytes',
      'x'.repeat(256),
      'The file name is too long: at most 255 bytes (255 plain letters, fewer accented or non-Latin ones).',
    ],
    ['a blank name', '   ', 'The file has no name. Please choose a file to upload.'],
  ])('refuses %s as a file name with a 400, storing nothing', async (_label, filename, detail) => {
    const client = await app.newClient('names');
    const reply = await upload(client.token, filename, randomBytes(1000));
    expect(reply.status).toBe(400);
    expect(reply.json()).toEqual({ detail });
    expect(await app.storedObjects(`vault/${client.userId}/`)).toEqual([]);
    expect(await app.sql('SELECT id FROM documents.vault_files WHERE owner_id = $1', [client.userId])).toEqual([]);
  });

  it('refuses what is not one non-empty file, with a detail', async () => {
    const { token } = app.clientB;
    const notMultipart = await app.fetch('/vault/files', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"file":"x"}'),
    });
    expect(notMultipart.status).toBe(415);
    expect(notMultipart.json()).toEqual({ detail: 'Send the file as multipart/form-data, in a field named "file".' });

    const noFile = await app.upload('/vault/files', token, []);
    expect([noFile.status, noFile.json()]).toEqual([400, { detail: 'Choose a file to upload.' }]);

    const empty = await upload(token, 'empty.pdf', Buffer.alloc(0));
    expect([empty.status, empty.json()]).toEqual([
      400,
      { detail: 'The file is empty. Please choose a file with content.' },
    ]);

    const two = await app.upload('/vault/files', token, [
      { name: 'file', filename: 'a.pdf', data: randomBytes(10) },
      { name: 'file', filename: 'b.pdf', data: randomBytes(10) },
    ]);
    expect([two.status, two.json()]).toEqual([400, { detail: 'Upload one file at a time.' }]);

    const otherField = await app.upload('/vault/files', token, [
      { name: 'document', filename: 'a.pdf', data: randomBytes(10) },
    ]);
    expect(otherField.status).toBe(400);
    const folder = await app.upload('/vault/files', token, [
      { name: 'folder', value: 'x' },
      { name: 'file', filename: 'a.pdf', data: randomBytes(10) },
    ]);
    expect(folder.status).toBe(400);

    const cut = await app.fetch('/vault/files', {
      method: 'POST',
      token,
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      body: Buffer.from('--zz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nabc'),
    });
    expect(cut.status).toBe(400);

    expect((await app.fetch('/vault/files', { token })).json<VaultListReply>().files).toEqual([]);
    expect(await app.storedObjects(`vault/${app.clientB.userId}/`)).toEqual([]);
  });

  it('serves a download that started before its file was deleted to the end, and 404s the ones after', async () => {
    const data = randomBytes(8 * MB);
    const file = await uploaded(app.clientA.token, 'large-scan.pdf', data);
    const url = `${app.baseUrl}/api/vault/files/${file.id}`;
    const headers = { authorization: `Bearer ${app.clientA.token}` };

    // A download under way: headers read, the body not yet.
    const started = await fetch(url, { headers });
    expect(started.status).toBe(200);
    const reader = started.body!.getReader();
    const firstChunk = await reader.read();

    // Deletes and downloads at once: each download is whole or a 404, never cut or a 500.
    const racing = await Promise.all([
      app.fetch(`/vault/files/${file.id}`, { method: 'DELETE', token: app.clientA.token }),
      ...Array.from({ length: 4 }, () => app.fetch(`/vault/files/${file.id}`, { token: app.clientA.token })),
      app.fetch(`/vault/files/${file.id}`, { method: 'DELETE', token: app.clientA.token }),
    ]);
    const deletes = [racing[0], racing[5]].map((reply) => reply.status).sort();
    expect(deletes[0]).toBe(200);
    expect([200, 404]).toContain(deletes[1]);
    for (const reply of racing.slice(1, 5)) {
      if (reply.status === 200) expect(sha256(reply.body)).toBe(file.sha256);
      else expect([reply.status, reply.json()]).toEqual([404, { detail: 'File not found.' }]);
    }

    const chunks = [Buffer.from(firstChunk.value ?? [])];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
    }
    expect(sha256(Buffer.concat(chunks))).toBe(file.sha256);

    expect((await app.fetch(`/vault/files/${file.id}`, { token: app.clientA.token })).status).toBe(404);
    expect(await app.storedObjects(`vault/${app.clientA.userId}/${file.id}`)).toEqual([]);
  });

  it('asks an unverified account to verify first', async () => {
    const email = `unverified-${Date.now()}@example.com`;
    await app.call('POST', '/auth/register', {
      json: {
        email,
        password: 'S3cure!pass',
        confirmPassword: 'S3cure!pass',
        first_name: 'U',
        last_name: 'V',
        username: email,
      },
    });
    const session = await app.call<{ access_token: string }>('POST', '/auth/login', {
      form: { username: email, password: 'S3cure!pass' },
    });
    const reply = await upload(session.body.access_token, 'w2.pdf', randomBytes(10));
    expect(reply.status).toBe(403);
    expect(reply.json()).toEqual({ detail: 'Please verify your email address to use your documents.' });
  });
});
