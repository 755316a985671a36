import { TOO_MANY_UPLOADS, UPLOADS_BUSY, VAULT_FULL, type VaultUploadReply } from '@portal/contracts';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DocumentsApp, Driver } from './documents-fixtures';

const MB = 1024 * 1024;
const QUOTA = 2 * MB;

/**
 * The vault quota and the uploads taken at once, on an app with a 2 MB vault and 4 uploads at once
 * (3 per account, the service's constant), once per storage driver.
 */
describe.each<Driver>(['local', 's3'])('upload limits on %s storage', (driver) => {
  const app = new DocumentsApp(driver, { VAULT_QUOTA_BYTES: String(QUOTA), DOCUMENTS_MAX_UPLOADS_IN_FLIGHT: '4' });

  beforeAll(() => app.start());
  afterAll(() => app.stop());

  const upload = (token: string, filename: string, data: Buffer) =>
    app.upload('/vault/files', token, [{ name: 'file', filename, contentType: 'application/pdf', data }]);
  const vaultKeys = async (ownerId: string) => (await app.storedObjects(`vault/${ownerId}/`)).sort();
  const rowKeys = async (ownerId: string) =>
    (
      await app.sql<{ storage_key: string }>('SELECT storage_key FROM documents.vault_files WHERE owner_id = $1', [
        ownerId,
      ])
    )
      .map((row) => row.storage_key)
      .sort();

  /** Waits until `count` writes are under way in the vaults of `owners` (held uploads begun by the server). */
  async function writing(owners: string[], count: number): Promise<void> {
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const under = (await app.leftovers()).filter((write) =>
        owners.some((owner) => write.includes(`vault/${owner}/`)),
      );
      if (under.length === count) return;
      await sleep(50);
    }
    throw new Error(`never ${count} writes under way`);
  }

  /** An upload refused for its name (415) once it is let in, before a byte is stored. */
  const probe = (token: string) => upload(token, 'probe.exe', Buffer.from('x'));

  it('refuses a vault upload past the quota with 413 and its detail, storing nothing; a delete makes room', async () => {
    const client = await app.newClient('quota');
    const first = await upload(client.token, 'return.pdf', randomBytes(1.5 * MB));
    expect(first.status).toBe(201);
    const kept = await vaultKeys(client.userId);

    const refused = await upload(client.token, 'w2.pdf', randomBytes(MB));
    expect([refused.status, refused.json()]).toEqual([413, { detail: VAULT_FULL(QUOTA) }]);
    expect(refused.json().detail).toBe('Your vault is full (2 MB). Delete files you no longer need, or contact us.');
    expect(await vaultKeys(client.userId)).toEqual(kept);
    expect(await app.leftovers()).toEqual([]);

    // Another client's vault is their own.
    expect((await upload(app.clientB.token, 'w2.pdf', randomBytes(MB))).status).toBe(201);

    const id = first.json<VaultUploadReply>().file.id;
    expect((await app.fetch(`/vault/files/${id}`, { method: 'DELETE', token: client.token })).status).toBe(200);
    expect((await upload(client.token, 'w2.pdf', randomBytes(MB))).status).toBe(201);
  });

  it('takes a file that fills exactly the room left, though its request is longer than the file', async () => {
    const client = await app.newClient('quota-exact');
    expect((await upload(client.token, 'return.pdf', randomBytes(1.5 * MB))).status).toBe(201);
    const exact = await upload(client.token, 'schedule-c.pdf', randomBytes(QUOTA - 1.5 * MB));
    expect(exact.status).toBe(201);
    expect((await upload(client.token, 'one-more.pdf', Buffer.from('x'))).status).toBe(413);
  });

  it('checks again with the row: of uploads that declare no length, the one that no longer fits loses its object', async () => {
    const client = await app.newClient('quota-race');
    // Streamed without a Content-Length, neither is refused before its bytes are read.
    const replies = await Promise.all([
      app.streamUpload('/vault/files', client.token, 1.5 * MB, 'a.bin'),
      app.streamUpload('/vault/files', client.token, 1.5 * MB, 'b.bin'),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 413]);
    expect(replies.find((reply) => reply.status === 413)?.body).toEqual({ detail: VAULT_FULL(QUOTA) });
    const keys = await vaultKeys(client.userId);
    expect(keys).toHaveLength(1);
    expect(await rowKeys(client.userId)).toEqual(keys);
    expect(await app.leftovers()).toEqual([]);
  });

  it('does not count library uploads against any quota', async () => {
    const reply = await app.upload('/files/forms/', app.adminToken, [
      { name: 'file', filename: `big-${randomBytes(4).toString('hex')}.pdf`, data: randomBytes(3 * MB) },
    ]);
    expect(reply.status).toBe(201);
  });

  it('frees an upload’s place when it is refused', async () => {
    const client = await app.newClient('refusals');
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await upload(client.token, 'setup.exe', Buffer.from('x'))).status).toBe(415);
    }
    expect((await upload(client.token, 'w9.pdf', Buffer.from('%PDF-1.7'))).status).toBe(201);
  });

  it('takes 3 uploads at once per account (429 beyond) and 4 per process (503 with Retry-After beyond), freed however they end', async () => {
    const a = await app.newClient('parallel-a');
    const b = await app.newClient('parallel-b');
    const c = await app.newClient('parallel-c');
    const held = [0, 1, 2].map((n) => app.heldUpload('/vault/files', a.token, `held-${n}.pdf`));
    await writing([a.userId], 3);
    const tooMany = await probe(a.token);
    expect([tooMany.status, tooMany.json()]).toEqual([429, { detail: TOO_MANY_UPLOADS(3) }]);
    expect(tooMany.json().detail).toBe(
      'You already have 3 uploads under way. Please wait for one of them to finish, then try again.',
    );

    const fourth = app.heldUpload('/vault/files', b.token, 'held-b.pdf');
    await writing([a.userId, b.userId], 4);
    const busy = await probe(c.token);
    expect([busy.status, busy.json()]).toEqual([503, { detail: UPLOADS_BUSY }]);
    expect(busy.headers.get('retry-after')).toBe('60');

    // A client gone frees its place (its partial write removed first): c is let in again.
    const gone = held.pop()!;
    const goneAnswer = gone.answer.catch(() => undefined);
    gone.abandon();
    await writing([a.userId, b.userId], 3);
    let reply = await probe(c.token);
    for (let attempt = 0; reply.status === 503 && attempt < 100; attempt += 1) {
      await sleep(50);
      reply = await probe(c.token);
    }
    expect(reply.status).toBe(415);
    await goneAnswer;

    // The uploads held finish: 6 MB each, past this app's 2 MB quota, each is refused at its row
    // (nothing declared its length before), its object removed; then a's places are free again.
    for (const pending of [...held, fourth]) pending.finish();
    const answers = await Promise.all([...held, fourth].map((pending) => pending.answer));
    expect(answers).toEqual([0, 1, 2].map(() => ({ status: 413, body: { detail: VAULT_FULL(QUOTA) } })));
    expect(await vaultKeys(a.userId)).toEqual([]);
    expect(await app.leftovers()).toEqual([]);
    expect((await upload(a.token, 'after.pdf', Buffer.from('%PDF-1.7'))).status).toBe(201);
  });
});
