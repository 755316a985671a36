import type { ByteRange } from '@portal/storage';

const SINGLE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

function offset(digits: string): number | undefined {
  if (digits === '') return undefined;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : NaN;
}

/**
 * The one byte range a `Range` header asks for (RFC 9110 §14.2), or undefined to send the whole
 * file: no header, another unit, several ranges (we do not send multipart/byteranges) and malformed
 * ones are ignored, as the RFC allows. Whether the range fits the file is the storage's answer (416).
 */
export function parseRangeHeader(header: string | undefined): ByteRange | undefined {
  if (typeof header !== 'string') return undefined;
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return undefined;
  const start = offset(match[1]);
  const end = offset(match[2]);
  if (Number.isNaN(start) || Number.isNaN(end)) return undefined;
  if (start === undefined) return end === undefined ? undefined : { suffix: end };
  if (end === undefined) return { start };
  return end < start ? undefined : { start, end };
}

/**
 * Whether a ranged request still asks for this version of the file (RFC 9110 §13.1.5): without
 * If-Range, yes; with one, only when it names this version's strong ETag or its exact
 * Last-Modified date; otherwise the whole (changed) file is sent.
 */
export function ifRangeMatches(ifRange: string | undefined, etag: string, lastModified: Date): boolean {
  if (typeof ifRange !== 'string' || ifRange.trim() === '') return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(lastModified.getTime() / 1000);
}
