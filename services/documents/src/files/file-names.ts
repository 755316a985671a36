import { BadRequestException } from '@nestjs/common';
import { normalizeFolder, StorageKeyError } from '@portal/storage';

/** Longest file name, in UTF-8 bytes (the NAME_MAX of common file systems, so a download can be saved). */
export const MAX_NAME_BYTES = 255;
/** Longest library path (folder and name), in UTF-8 bytes. */
export const MAX_PATH_BYTES = 1024;

// C0 and C1 controls (NUL and DEL included), line and paragraph separators, and the bidirectional
// overrides that make a name display differently from what it is ('invoice\u202efdp.exe').
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
// With the u flag a paired surrogate is one code point; only a lone half matches \p{Cs}.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The name of an uploaded file (the multipart `filename`, read with its path preserved so that a
 * path is refused rather than silently cut): Unicode NFC, trimmed. Refuses, with a message fit for
 * a 400 `detail` (StorageKeyError): no name, slashes or backslashes (a path, "../x" included), "."
 * and "..", control and bidirectional-override characters, invalid Unicode, over 255 bytes.
 * The name is never part of a storage key; it is what the client sees and downloads as.
 */
export function normalizeFileName(input: unknown): string {
  if (typeof input !== 'string') throw new StorageKeyError('The file has no name. Please choose a file to upload.');
  if (LONE_SURROGATE.test(input)) throw new StorageKeyError('The file name contains invalid Unicode text.');
  const name = input.normalize('NFC').trim();
  if (name === '') throw new StorageKeyError('The file has no name. Please choose a file to upload.');
  if (name.includes('/') || name.includes('\\')) {
    throw new StorageKeyError('A file name cannot contain "/" or "\\": give the folder separately.');
  }
  if (name === '.' || name === '..') throw new StorageKeyError('A file name cannot be "." or "..".');
  if (FORBIDDEN.test(name)) throw new StorageKeyError('A file name cannot contain control characters.');
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) {
    throw new StorageKeyError(
      `The file name is too long: at most ${MAX_NAME_BYTES} bytes (${MAX_NAME_BYTES} plain letters, fewer accented or non-Latin ones).`,
    );
  }
  return name;
}

/** A library path: the normalised folder (none when absent or blank) and the file name. */
export function libraryPath(folder: unknown, fileName: string): string {
  const normalized = folder === undefined || folder === null ? '' : normalizeFolder(folder, { allowRoot: true });
  const path = normalized ? `${normalized}/${fileName}` : fileName;
  checkPathLength(path);
  return path;
}

/**
 * The library path named in a URL (`GET /files/forms/{path}`, one trailing slash allowed): each
 * folder name and the file name checked as when uploaded, so '../x', '.', control characters and
 * the like are refused with a 400 and never looked up.
 */
export function parseLibraryPath(param: unknown): string {
  if (typeof param !== 'string') throw new StorageKeyError('Name a file.');
  const text = param.endsWith('/') ? param.slice(0, -1) : param;
  const slash = text.lastIndexOf('/');
  const name = normalizeFileName(text.slice(slash + 1));
  return libraryPath(slash === -1 ? '' : text.slice(0, slash), name);
}

/** A folder to list (`?prefix=`): '' for the top. */
export function parsePrefix(prefix: unknown): string {
  if (prefix === undefined || prefix === null) return '';
  return normalizeFolder(prefix, { allowRoot: true });
}

function checkPathLength(path: string): void {
  if (Buffer.byteLength(path) > MAX_PATH_BYTES) {
    throw new StorageKeyError(`The file path is too long: at most ${MAX_PATH_BYTES} bytes.`);
  }
}

/** Runs a name check; a refused name is the caller's mistake: 400 with the reason as `detail`. */
export function checkedName<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof StorageKeyError) throw new BadRequestException({ detail: error.message });
    throw error;
  }
}
