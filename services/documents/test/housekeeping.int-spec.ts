import type { VaultUploadReply } from '@portal/contracts';
import { HOUSEKEEPING_CRON, HOUSEKEEPING_QUEUES, redisConnectionOptions } from '@portal/events';
import { Job, Queue } from 'bullmq';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DocumentsApp, sha256 } from './documents-fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The documents service's daily clean-up removes stored files that no record points to. */
describe('documents housekeeping', () => {
  const app = new DocumentsApp('local');
  let queue: Queue;

  beforeAll(async () => {
    await app.start();
    queue = new Queue(HOUSEKEEPING_QUEUES.documents, {
      connection: redisConnectionOptions(process.env.REDIS_URL ?? ''),
      prefix: app.app.gateway.env.REDIS_PREFIX,
    });
  });
  afterAll(async () => {
    await queue?.close();
    await app.stop();
  });

  /** Runs the clean-up now, as its schedule would, and answers what it removed. */
  async function cleanUp(): Promise<Record<string, number>> {
    const job = await queue.add('cleanup', {});
    const deadline = Date.now() + 20_000;
    for (;;) {
      const state = await job.getState();
      if (state === 'completed') return (await Job.fromId(queue, job.id!))!.returnvalue as Record<string, number>;
      if (state === 'failed' || Date.now() > deadline) throw new Error(`clean-up job ${state}: ${job.failedReason}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** An object written straight to the storage folder, last modified `daysAgo`. */
  async function placeObject(key: string, daysAgo: number): Promise<void> {
    const path = join(app.dataDir, 'files', ...key.split('/'));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, randomBytes(100));
    const when = new Date(Date.now() - daysAgo * DAY_MS);
    await utimes(path, when, when);
  }

  it('is scheduled daily', async () => {
    const scheduler = await queue.getJobScheduler('documents-cleanup');
    expect([scheduler?.pattern, scheduler?.tz]).toEqual([HOUSEKEEPING_CRON, 'UTC']);
  });

  it('removes objects without a record once a day old, and keeps every file that has one', async () => {
    const data = randomBytes(5000);
    const uploaded = await app.upload('/vault/files', app.clientA.token, [
      { name: 'file', filename: 'kept.pdf', data },
    ]);
    const file = uploaded.json<VaultUploadReply>().file;
    const kept = `vault/${app.clientA.userId}/${file.id}`;
    // The kept file is old too: age alone never removes a file that has its record.
    await utimes(
      join(app.dataDir, 'files', ...kept.split('/')),
      new Date(Date.now() - 3 * DAY_MS),
      new Date(Date.now() - 3 * DAY_MS),
    );
    const orphan = `vault/${app.clientA.userId}/${randomUUID()}`;
    const orphanedLibraryFile = `library/forms/${randomUUID()}`;
    const fresh = `vault/${app.clientB.userId}/${randomUUID()}`;
    await placeObject(orphan, 2);
    await placeObject(orphanedLibraryFile, 2);
    await placeObject(fresh, 0);

    const result = await cleanUp();
    expect(result['stored files without a record']).toBe(2);

    const stored = await app.storedObjects();
    expect(stored).toContain(kept);
    expect(stored).toContain(fresh);
    expect(stored).not.toContain(orphan);
    expect(stored).not.toContain(orphanedLibraryFile);
    const download = await app.fetch(`/vault/files/${file.id}`, { token: app.clientA.token });
    expect(sha256(download.body)).toBe(sha256(data));

    expect((await cleanUp())['stored files without a record']).toBe(0);
  });

  it('removes an upload a crashed process left unfinished once a day old, not one under way', async () => {
    const folder = join(app.dataDir, 'files', 'vault', app.clientB.userId);
    const abandoned = join(folder, `.~tmp.${randomBytes(8).toString('hex')}`);
    const underWay = join(folder, `.~tmp.${randomBytes(8).toString('hex')}`);
    await mkdir(folder, { recursive: true });
    await writeFile(abandoned, randomBytes(100));
    await writeFile(underWay, randomBytes(100));
    const when = new Date(Date.now() - 2 * DAY_MS);
    await utimes(abandoned, when, when);

    expect((await cleanUp())['stored files without a record']).toBe(1);
    expect([existsSync(abandoned), existsSync(underWay)]).toEqual([false, true]);
  });
});
