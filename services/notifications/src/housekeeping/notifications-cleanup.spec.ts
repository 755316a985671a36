import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { AppConfig } from '@portal/config';
import { LocalFileStorage } from '@portal/storage';
import type { DataSource } from 'typeorm';
import { OrphanedResumesCleanup } from './notifications-cleanup';

describe('OrphanedResumesCleanup', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-resumes-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('removes the résumés older than a day that no application points to, and nothing else', async () => {
    const files = new LocalFileStorage(join(dataDir, 'files'));
    const now = new Date('2026-11-27T04:15:00Z');
    const twoDaysAgo = new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000);
    for (const key of ['resumes/applied', 'resumes/orphan', 'resumes/uploading', 'vault/u1/f1']) {
      await files.put(key, Readable.from([Buffer.from('%PDF-1.7')]), { maxBytes: 100 });
      if (key !== 'resumes/uploading') await utimes(join(dataDir, 'files', key), twoDaysAgo, twoDaysAgo);
    }
    const asked: unknown[] = [];
    const dataSource = {
      query: async (_sql: string, [keys]: [string[]]) => {
        asked.push(keys);
        return keys.filter((key) => key === 'resumes/applied').map((key) => ({ key }));
      },
    } as unknown as DataSource;
    const cleanup = new OrphanedResumesCleanup(dataSource, { STORAGE_DRIVER: 'local', dataDir } as AppConfig);

    expect(await cleanup.run(new Date(0), now)).toBe(1);
    expect(asked).toEqual([['resumes/applied', 'resumes/orphan']]);
    const left = (await files.list('', { recursive: true })).files.map((file) => file.key).sort();
    expect(left).toEqual(['resumes/applied', 'resumes/uploading', 'vault/u1/f1']);
    await cleanup.onModuleDestroy();
  });
});
