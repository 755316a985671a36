import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '@portal/config';
import { mailDropDir, mailFileName } from '@portal/events';
import { MailTransport, OutgoingMail, recipientList } from './mail-transport';
import { composeMime } from './mime';

/**
 * Development transport: every message becomes `<DATA_DIR>/mail/<timestamp>-<id>.eml`,
 * readable in the dev mail viewer (/dev/mail) and by the test harness.
 */
export class FileMailTransport implements MailTransport {
  private readonly logger = new Logger('Mail');

  constructor(private readonly config: Pick<AppConfig, 'dataDir'>) {}

  async send(message: OutgoingMail): Promise<{ id: string }> {
    const now = new Date();
    const raw = await composeMime(message, now);
    const dir = mailDropDir(this.config.dataDir);
    await mkdir(dir, { recursive: true });
    const name = mailFileName(now, message.messageId);
    const path = join(dir, name);
    // Written aside and renamed, so a reader never sees half a message.
    const partial = join(dir, `.${name}.${process.pid}.partial`);
    await writeFile(partial, raw, { mode: 0o600 });
    await rename(partial, path);
    this.logger.log(`mail to=${recipientList(message.to)} subject=${JSON.stringify(message.subject)} file=${path}`);
    return { id: name };
  }
}
