import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMailFileName, listMailFiles, mailFileDate, mailFileName } from './mail-drop';

describe('mail drop names', () => {
  const date = new Date('2026-11-22T02:09:57.123Z');

  it('start with a colon-free UTC timestamp and end with the message id', () => {
    expect(mailFileName(date, 'b7c1e2f0-0c4e-4a57-9f39-7a7f2b5f7c11@portal.localhost')).toBe(
      '2026-11-22T02-09-57.123Z-b7c1e2f0-0c4e-4a57-9f39-7a7f2b5f7c11@portal.localhost.eml',
    );
    expect(mailFileName(date, '<a/b\\c d@x>')).toBe('2026-11-22T02-09-57.123Z-a_b_c_d@x.eml');
    expect(mailFileDate(mailFileName(date, 'x@y'))).toEqual(date);
  });

  it('accept only what the drop writes', () => {
    expect(isMailFileName(mailFileName(date, '../../etc/passwd'))).toBe(true); // made harmless: '.._.._etc_passwd'
    expect(mailFileName(date, '../../etc/passwd')).not.toContain('/');
    for (const name of [
      '../secret.eml',
      '..',
      'jwt-secret',
      '2026-11-22T02-09-57.123Z-x@y.eml/raw',
      '2026-11-22T02-09-57.123Z-../x.eml',
      '2026-11-22T02-09-57.123Z-x@y.txt',
      '2026-11-22T02:09:57.123Z-x@y.eml',
      '.2026-11-22T02-09-57.123Z-x@y.eml.123.partial',
      '2026-11-22T02-09-57.123Z-x\0.eml',
    ]) {
      expect([name, isMailFileName(name)]).toEqual([name, false]);
    }
  });

  it('list newest first, ignoring other files, and nothing when the folder is missing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mail-drop-'));
    try {
      expect(await listMailFiles(dataDir)).toEqual([]);
      await mkdir(join(dataDir, 'mail'));
      const older = mailFileName(new Date('2026-01-01T00:00:00.000Z'), 'a@x');
      const newer = mailFileName(new Date('2026-01-02T00:00:00.000Z'), 'b@x');
      for (const name of [older, newer, 'notes.txt', `.${newer}.1.partial`]) {
        await writeFile(join(dataDir, 'mail', name), '');
      }
      expect(await listMailFiles(dataDir)).toEqual([newer, older]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
