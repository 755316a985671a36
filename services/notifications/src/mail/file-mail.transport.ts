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

  private readonly dir: string;
  /** Made on the first message, and again if it has gone since (a cleaned data directory). */
  private dirMade: Promise<unknown> | undefined;

  constructor(config: Pick<AppConfig, 'dataDir'>) {
    this.dir = mailDropDir(config.dataDir);
  }

  async send(message: OutgoingMail): Promise<{ id: string }> {
    const now = new Date();
    const raw = await composeMime(message, now);
    const name = mailFileName(now, message.messageId);
    const path = join(this.dir, name);
    // Written aside and renamed, so a reader never sees half a message.
    const partial = join(this.dir, `.${name}.${process.pid}.partial`);
    await this.madeDir();
    try {
      await writeFile(partial, raw, { mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.dirMade = undefined;
      await this.madeDir();
      await writeFile(partial, raw, { mode: 0o600 });
    }
    await rename(partial, path);
    this.logger.log(`mail to=${recipientList(message.to)} subject=${JSON.stringify(message.subject)} file=${path}`);
    return { id: name };
  }

  private madeDir(): Promise<unknown> {
    this.dirMade ??= mkdir(this.dir, { recursive: true }).catch((error: unknown) => {
      this.dirMade = undefined;
      throw error;
    });
    return this.dirMade;
  }
}
