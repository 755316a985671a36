import { setTimeout as sleep } from 'node:timers/promises';
import { UPLOAD_TOO_SLOW } from '@portal/contracts';
import { DocumentsApp, Driver } from './documents-fixtures';

const MB = 1024 * 1024;

/**
 * Uploads that stall or trickle give their slot back, on an app whose connections end after 2 s
 * without a byte and whose uploads may hold a slot 5 s (at a rate so high that every upload here gets
 * just that), once per storage driver.
 */
describe.each<Driver>(['local', 's3'])('slow uploads on %s storage', (driver) => {
  const app = new DocumentsApp(driver, {
    HTTP_IDLE_TIMEOUT_SECONDS: '2',
    DOCUMENTS_UPLOAD_MIN_SECONDS: '5',
    DOCUMENTS_UPLOAD_MIN_BYTES_PER_SECOND: String(1024 * MB),
  });

  beforeAll(() => app.start());
  afterAll(() => app.stop());

  const upload = (token: string) =>
    app.upload('/vault/files', token, [
      { name: 'file', filename: 'after.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.7') },
    ]);

  /** Nothing of the client's uploads is left: no row, no object, no unfinished write (polled: removed after the answer). */
  async function nothingLeft(ownerId: string): Promise<void> {
    for (let attempt = 0; attempt < 100 && (await app.leftovers()).length > 0; attempt += 1) await sleep(50);
    expect(await app.leftovers()).toEqual([]);
    expect(await app.storedObjects(`vault/${ownerId}/`)).toEqual([]);
    expect(await app.sql('SELECT id FROM documents.vault_files WHERE owner_id = $1', [ownerId])).toEqual([]);
  }

  it('closes the connections of uploads that go quiet, before or in their file, and frees their slots', async () => {
    const client = await app.newClient('stalled');
    const ends = await Promise.all([
      app.slowUpload('/vault/files', client.token),
      app.slowUpload('/vault/files', client.token),
      // Past S3's first part: an unfinished multipart upload to abort.
      app.slowUpload('/vault/files', client.token, { sent: 6 * MB }),
    ]);
    // Closed for being idle, not answered (the 408 of a slot held too long would come later).
    expect(ends).toEqual([{}, {}, {}]);
    await nothingLeft(client.userId);
    expect((await upload(client.token)).status).toBe(201);
  });

  it('answers 408 to an upload that trickles past its time, keeping nothing of it', async () => {
    const client = await app.newClient('trickle');
    const answer = await app.slowUpload('/vault/files', client.token, { sent: 6 * MB, trickleMs: 500 });
    expect(answer).toEqual({ status: 408, body: { detail: UPLOAD_TOO_SLOW } });
    expect(answer.body?.detail).toBe(
      'The upload was too slow and was stopped. Please try again on a faster connection.',
    );
    await nothingLeft(client.userId);
    expect((await upload(client.token)).status).toBe(201);
  });
});
