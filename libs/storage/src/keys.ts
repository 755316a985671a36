import { StorageKeyError } from './errors';

/** Longest name between two slashes, in UTF-8 bytes (the NAME_MAX of common file systems). */
export const MAX_SEGMENT_BYTES = 255;
/** Longest key, in UTF-8 bytes (S3's limit). */
export const MAX_KEY_BYTES = 1024;
/**
 * Names starting with this are the local adapter's own (temporary files, metadata);
 * no key may contain one, so they can never collide with a stored file.
 */
export const RESERVED_PREFIX = '.~';

// C0 and C1 controls, NUL and DEL included (\p{Cc}), line and paragraph separators, and
// the bidirectional overrides that make a name display differently from what it is.
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
// A Windows drive ("C:", "c:/taxes"): an absolute path from someone's own computer.
const DRIVE = /^[A-Za-z]:(\/|$)/;

interface Wording {
  /** "A folder name", "A storage key segment" */
  name: string;
  /** "The folder path", "A storage key" */
  whole: string;
}

const FOLDER: Wording = { name: 'A folder name', whole: 'The folder path' };
const KEY: Wording = { name: 'A storage key segment', whole: 'A storage key' };

function checkSegment(segment: string, words: Wording): void {
  if (segment === '') throw new StorageKeyError(`${words.name} cannot be empty.`);
  if (segment === '.' || segment === '..') throw new StorageKeyError(`${words.name} cannot be "." or "..".`);
  if (FORBIDDEN.test(segment)) throw new StorageKeyError(`${words.name} cannot contain control characters.`);
  if (segment.includes('\\')) {
    throw new StorageKeyError(`${words.name} cannot contain a backslash (\\); use / between folders.`);
  }
  if (segment.startsWith(RESERVED_PREFIX)) {
    throw new StorageKeyError(`${words.name} cannot start with "${RESERVED_PREFIX}" (reserved).`);
  }
  if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
    throw new StorageKeyError(
      `${words.name} is too long: at most ${MAX_SEGMENT_BYTES} bytes (${MAX_SEGMENT_BYTES} plain letters, fewer accented or non-Latin ones).`,
    );
  }
}

function checkWhole(key: string, words: Wording): void {
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) {
    throw new StorageKeyError(`${words.whole} is too long: at most ${MAX_KEY_BYTES} bytes.`);
  }
}

// With the u flag a paired surrogate is one code point; only a lone half matches \p{Cs}.
const LONE_SURROGATE = /\p{Cs}/u;

function checkText(value: string, words: Wording): void {
  if (LONE_SURROGATE.test(value)) throw new StorageKeyError(`${words.name} contains invalid Unicode text.`);
}

/**
 * A folder path typed by a person, made safe to put inside a key: Unicode NFC, trimmed
 * (the whole and each name), repeated slashes collapsed, leading and trailing slashes
 * dropped (a folder is always relative to the area it is in). Refuses, with a message
 * fit for a 400 `detail`: "." and ".." names, backslashes, Windows drive paths, control
 * characters, names over 255 bytes, paths over 1024 bytes, names starting with ".~",
 * and an empty path unless `allowRoot` (then '' means the top folder).
 */
export function normalizeFolder(input: unknown, options: { allowRoot?: boolean } = {}): string {
  if (typeof input !== 'string') throw new StorageKeyError('A folder name must be text.');
  checkText(input, FOLDER);
  const text = input.normalize('NFC').trim();
  if (DRIVE.test(text)) {
    throw new StorageKeyError('Give a folder inside your files, not an absolute path such as "C:/…".');
  }
  const segments = text
    .split('/')
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
  if (segments.length === 0) {
    if (options.allowRoot) return '';
    throw new StorageKeyError('Enter a folder name.');
  }
  for (const segment of segments) checkSegment(segment, FOLDER);
  const folder = segments.join('/');
  checkWhole(folder, FOLDER);
  return folder;
}

/**
 * Builds a key from server-side parts: `storageKey('vault', userId, folder, fileId)`.
 * A part may hold several names (a folder from normalizeFolder); every name is checked,
 * none may be empty (leave the folder out at the top level), and nothing is silently
 * repaired except Unicode NFC. Throws StorageKeyError.
 */
export function storageKey(...parts: Array<string | number>): string {
  if (parts.length === 0) throw new StorageKeyError('A storage key needs at least one name.');
  const names: string[] = [];
  for (const part of parts) {
    if (typeof part === 'number') {
      if (!Number.isSafeInteger(part) || part < 0) {
        throw new StorageKeyError(`${KEY.name} must be a whole number or text, not ${part}.`);
      }
      names.push(String(part));
      continue;
    }
    if (typeof part !== 'string') throw new StorageKeyError(`${KEY.name} must be text.`);
    checkText(part, KEY);
    if (part.startsWith('/')) throw new StorageKeyError('A storage key cannot be an absolute path.');
    for (const name of part.normalize('NFC').split('/')) {
      checkSegment(name, KEY);
      names.push(name);
    }
  }
  const key = names.join('/');
  checkWhole(key, KEY);
  return key;
}

/** Throws StorageKeyError unless `key` is exactly what storageKey() would have built. */
export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || key === '') throw new StorageKeyError('A storage key cannot be empty.');
  if (storageKey(key) !== key) throw new StorageKeyError('A storage key must be in Unicode NFC form.');
}

/** A listing prefix: '' (everything) or a folder key, with or without one trailing slash. */
export function storagePrefix(prefix: string): string {
  if (prefix.startsWith('/')) throw new StorageKeyError('A storage key cannot be an absolute path.');
  const folder = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (folder !== '') assertStorageKey(folder);
  return folder;
}
