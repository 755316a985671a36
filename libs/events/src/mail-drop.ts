import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The local mail drop: in development the notifications service writes each message
 * as `<DATA_DIR>/mail/<timestamp>-<message id>.eml`; the dev mail viewer and the test
 * harness read it back. Names sort chronologically; colons are avoided so the names
 * are valid on every file system and in URLs.
 */
export const MAIL_FILE_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[A-Za-z0-9][A-Za-z0-9._@+-]{0,200}\.eml$/;

export function mailDropDir(dataDir: string): string {
  return join(dataDir, 'mail');
}

/** `2026-11-22T02-09-57.123Z-<message id>.eml`; characters outside [A-Za-z0-9._@+-] become `_`. */
export function mailFileName(date: Date, messageId: string): string {
  const id = messageId
    .replace(/^<|>$/g, '')
    .replace(/[^A-Za-z0-9._@+-]/g, '_')
    .slice(0, 200);
  return `${date.toISOString().replace(/:/g, '-')}-${/^[A-Za-z0-9]/.test(id) ? id : `m${id}`}.eml`;
}

/** True only for names the drop writes: no separators, no traversal, no other files. */
export function isMailFileName(name: string): boolean {
  return MAIL_FILE_PATTERN.test(name);
}

/** When the file was written, from its name. */
export function mailFileDate(name: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2}\.\d{3})Z-/.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : undefined;
}

/** Names of the messages in the drop, newest first; none when the folder does not exist yet. */
export async function listMailFiles(dataDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(mailDropDir(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names.filter(isMailFileName).sort().reverse();
}
