import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailDropDir } from '@portal/events';
import { FileMailTransport } from './file-mail.transport';

const mail = (id: string) => ({
  from: 'Portal <no-reply@portal.test>',
  to: 'client@example.com',
  subject: 'Hello',
  text: 'Hi',
  messageId: `${id}@portal.test`,
});

describe('FileMailTransport', () => {
  let dataDir: string;
  beforeEach(async () => (dataDir = await mkdtemp(join(tmpdir(), 'portal-file-mail-'))));
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('writes each message as one .eml file and nothing half-written', async () => {
    const transport = new FileMailTransport({ dataDir });
    const ids = await Promise.all(['a', 'b', 'c'].map(async (id) => (await transport.send(mail(id))).id));
    expect((await readdir(mailDropDir(dataDir))).sort()).toEqual([...ids].sort());
    expect(ids.every((id) => id.endsWith('@portal.test.eml'))).toBe(true);
  });

  it('makes the mail directory again when it has been removed since the last message', async () => {
    const transport = new FileMailTransport({ dataDir });
    await transport.send(mail('before'));
    await rm(mailDropDir(dataDir), { recursive: true });
    const { id } = await transport.send(mail('after'));
    expect(await readdir(mailDropDir(dataDir))).toEqual([id]);
  });
});
