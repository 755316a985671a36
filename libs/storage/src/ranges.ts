import { RangeNotSatisfiableError } from './errors';
import { ByteRange, DEFAULT_CONTENT_TYPE } from './file-storage';

function assertOffset(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`range.${what} must be a whole number of bytes, not ${value}`);
  }
}

/** Checks the shape of a range before any I/O (a programming error is a TypeError). */
export function assertRange(range: ByteRange): void {
  if ('suffix' in range) return assertOffset(range.suffix, 'suffix');
  assertOffset(range.start, 'start');
  if (range.end !== undefined) assertOffset(range.end, 'end');
}

/**
 * The inclusive bytes a range selects in a file of `size` bytes, as HTTP defines them
 * (RFC 9110 §14.1.2): an end past the file is clipped, a suffix longer than the file is
 * the whole file; nothing to serve (start past the end, end before start, an empty
 * suffix, an empty file) is a RangeNotSatisfiableError.
 */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  assertRange(range);
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) throw new RangeNotSatisfiableError(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (range.start >= size || end < range.start) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end };
}

/** The HTTP Range header value of a range (S3 takes the same syntax). */
export function rangeHeader(range: ByteRange): string {
  if ('suffix' in range) return `bytes=-${range.suffix}`;
  return `bytes=${range.start}-${range.end ?? ''}`;
}

// type "/" subtype, then any parameters; printable ASCII only (it becomes an HTTP header).
const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(;[ -~]*)?$/;

/** The content type to store: the given one when it is a well-formed media type, else the default. */
export function storedContentType(contentType: string | undefined): string {
  const value = contentType?.trim();
  return value && value.length <= 255 && MEDIA_TYPE.test(value) ? value : DEFAULT_CONTENT_TYPE;
}
