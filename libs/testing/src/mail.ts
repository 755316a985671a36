import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractLinks, listMailFiles, MailContent, mailDropDir, mailFileDate, parseMail } from '@portal/events';

export interface ReadMail extends MailContent {
  /** File name in `<dataDir>/mail`. */
  file: string;
  /** Hrefs of the HTML part, then URLs of the text part. */
  links: string[];
}

export interface MailQuery {
  /** Only messages written at or after this time. */
  since?: Date;
}

/**
 * The messages to `to` (case-insensitive) that the file transport wrote under `dataDir`, newest
 * first, parsed, for as long as `keep` says to go on (by default: all of them).
 */
export async function readMails(
  dataDir: string,
  to: string,
  query: MailQuery = {},
  keep: (mail: ReadMail) => boolean = () => true,
): Promise<ReadMail[]> {
  const wanted = to.trim().toLowerCase();
  const found: ReadMail[] = [];
  for (const file of await listMailFiles(dataDir)) {
    if (query.since && (mailFileDate(file)?.getTime() ?? 0) < query.since.getTime()) break;
    const mail = await parseMail(await readFile(join(mailDropDir(dataDir), file)));
    if (mail.to.some((address) => address.toLowerCase() === wanted)) {
      found.push({ ...mail, file, links: extractLinks(mail) });
      if (!keep(found[found.length - 1])) break;
    }
  }
  return found;
}

/**
 * The newest message to `to` (case-insensitive) that the file transport wrote under
 * `dataDir`, parsed; undefined when there is none.
 */
export async function readLastMail(dataDir: string, to: string, query: MailQuery = {}): Promise<ReadMail | undefined> {
  return (await readMails(dataDir, to, query, () => false))[0];
}

/** Waits for a message to `to` (see readLastMail) and fails with a clear message on timeout. */
export async function waitForMail(
  dataDir: string,
  to: string,
  options: MailQuery & { timeoutMs?: number } = {},
): Promise<ReadMail> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await readLastMail(dataDir, to, options);
    if (mail) return mail;
    if (Date.now() > deadline) {
      const files = await listMailFiles(dataDir);
      throw new Error(
        `No mail to ${to} within ${timeoutMs} ms in ${mailDropDir(dataDir)} (${files.length} message(s) there)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
