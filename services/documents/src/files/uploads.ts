import {
  BadRequestException,
  HttpException,
  Logger,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { MAX_UPLOAD_BYTES } from '@portal/contracts';
import { decodeMultipartFileName } from '@portal/http';
import { FileStorage, FileTooLargeError, StorageKeyError, StoredFile } from '@portal/storage';
import type { FastifyRequest } from 'fastify';
import { pipeline, type Readable } from 'node:stream';
import { MESSAGES } from '../common/messages';
import { normalizeFileName } from './file-names';
import { checkFileType, ProgramSniffer } from './programs';

/** Room for the multipart framing (boundaries, part headers, a folder field) around a file of the limit. */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
const FIELD_MAX_BYTES = 4096;

export interface ReceivedUpload {
  stored: StoredFile;
  /** The name the file was uploaded with, checked (normalizeFileName). */
  fileName: string;
  /** The text fields sent besides the file (only those the route names). */
  fields: Record<string, string>;
}

export interface ReceiveOptions {
  /** Where the bytes go: made by the server (ids), never taken from the request. */
  key: string;
  /** Text fields the route takes besides `file`. */
  fields?: readonly string[];
  /** Checks before a byte is read (a rate limit); a refusal is answered like any other. */
  precheck?: () => Promise<void>;
  /** Checks the fields sent before the file, before its bytes are stored (throws to refuse). */
  beforeFile?: (fields: Record<string, string>) => void;
  /** Aborted when the upload has had its time (UploadSlots): it stops as if the client had gone, answered with the reason. */
  signal: AbortSignal;
}

const logger = new Logger('Uploads');

// busboy's own errors carry no code; these are the request's fault (malformed or cut short).
const MALFORMED =
  /^(Unexpected end of (form|multipart data)|Part terminated early|Malformed part header|Multipart: Boundary not found)/;

/** The answer to a failed upload: the client's mistakes are 4xx with a detail; anything else stays a 500. */
function refusal(error: unknown): unknown {
  if (error instanceof HttpException) return error;
  if (error instanceof FileTooLargeError) return new PayloadTooLargeException({ detail: MESSAGES.fileTooLarge });
  if (error instanceof StorageKeyError) return new BadRequestException({ detail: error.message });
  const code = (error as { code?: unknown } | undefined)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeException({ detail: MESSAGES.fileTooLarge });
    case 'FST_FILES_LIMIT':
      return new BadRequestException({ detail: MESSAGES.oneFile });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new BadRequestException({ detail: MESSAGES.tooManyFields });
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new BadRequestException({ detail: MESSAGES.malformed });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new UnsupportedMediaTypeException({ detail: MESSAGES.notMultipart });
    case 'FST_MP_PREMATURE_CLOSE':
    case 'ECONNRESET':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return new BadRequestException({ detail: MESSAGES.interrupted });
  }
  if (code === undefined && error instanceof Error && MALFORMED.test(error.message)) {
    return new BadRequestException({ detail: MESSAGES.malformed });
  }
  return error;
}

/**
 * Streams the one file of a multipart request into storage at `options.key`, with the 200 MB
 * limit enforced while the bytes arrive (the storage's byte meter stops the write at the first
 * byte over it). Any failure leaves nothing behind: the storage removes a partial write itself,
 * and a file already stored is deleted when a later part is refused (an empty file, a stray
 * field). Programs are refused (415), vault and libraries alike: by the name's type before a byte is
 * stored, and by the first bytes whatever the name, which fails the write like the limit does.
 * The file name is checked before a byte is stored; the multipart `filename` is read as
 * sent (preservePath), so '../x' is refused, not silently shortened, with only the browsers'
 * escapes of `"`, CR and LF undone (a CR or LF is then refused as a control character).
 */
export async function receiveUpload(
  storage: FileStorage,
  request: FastifyRequest,
  options: ReceiveOptions,
): Promise<ReceivedUpload> {
  const allowed = options.fields ?? [];
  let stored: StoredFile | undefined;
  let current: Readable | undefined;
  let sniffer: ProgramSniffer | undefined;
  // @fastify/multipart ends the parsing on an error of the request, as when the client goes: the file
  // being stored fails (the storage removes its partial write) and the parts end with the error.
  const stopParsing = () => request.raw.emit('error', options.signal.reason);
  try {
    assertMultipart(request);
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
      throw new PayloadTooLargeException({ detail: MESSAGES.fileTooLarge });
    }
    await options.precheck?.();
    options.signal.throwIfAborted();

    let fileName: string | undefined;
    const fields: Record<string, string> = {};
    const parts = request.parts({
      preservePath: true,
      limits: {
        // One byte over the limit reaches the storage's meter, which refuses it: a file of exactly
        // the limit is taken, and a truncated file is never mistaken for a complete one.
        fileSize: MAX_UPLOAD_BYTES + 1,
        files: 1,
        fields: allowed.length,
        // Room for a second file, so that it is refused as one (files) rather than as a part too many.
        parts: allowed.length + 2,
        fieldSize: FIELD_MAX_BYTES,
        headerPairs: 20,
      },
    });
    options.signal.addEventListener('abort', stopParsing, { once: true });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!allowed.includes(part.fieldname)) {
          throw new BadRequestException({ detail: MESSAGES.unexpectedField(part.fieldname) });
        }
        if (part.valueTruncated) throw new BadRequestException({ detail: MESSAGES.fieldTooLong(part.fieldname) });
        fields[part.fieldname] = String(part.value);
        continue;
      }
      current = part.file;
      if (part.fieldname !== 'file')
        throw new BadRequestException({ detail: MESSAGES.unexpectedField(part.fieldname) });
      fileName = normalizeFileName(decodeMultipartFileName(part.filename));
      checkFileType(fileName);
      options.beforeFile?.(fields);
      // A source error (the client gone) reaches the write through the sniffer; the sniffer's own
      // refusal is kept aside, whatever error the storage reports for it.
      sniffer = new ProgramSniffer();
      const sniffed = pipeline(part.file, sniffer, () => undefined);
      stored = await storage.put(options.key, sniffed, { maxBytes: MAX_UPLOAD_BYTES, contentType: part.mimetype });
      current = undefined;
    }
    if (!stored || fileName === undefined) throw new BadRequestException({ detail: MESSAGES.noFile });
    if (stored.size === 0) throw new BadRequestException({ detail: MESSAGES.emptyFile });
    return { stored, fileName, fields };
  } catch (error) {
    // An unread file stream would hold the request; destroying it ends the parsing.
    current?.destroy();
    if (stored) await discard(storage, options.key);
    if (sniffer?.refusal) logger.warn(`Refused a program uploaded to ${options.key}`);
    // The answer goes out now (what the client is still sending is read and thrown away after it:
    // the exception filter's keepReadingAfterAnswer).
    throw refusal(options.signal.aborted ? options.signal.reason : (sniffer?.refusal ?? error));
  } finally {
    options.signal.removeEventListener('abort', stopParsing);
  }
}

/** The bytes an upload is to bring: its declared length, the most that is taken at most (or when none is declared). */
export function expectedUploadBytes(request: FastifyRequest): number {
  const declared = Number(request.headers['content-length']);
  const most = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;
  return Number.isFinite(declared) ? Math.min(declared, most) : most;
}

/** Refuses (415) a request that is not an upload: before it is counted as one (UploadSlots), and in receiveUpload. */
export function assertMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeException({ detail: MESSAGES.notMultipart });
}

/** Removes an object that will not get a row; a failure leaves an unreferenced object, logged to be swept. */
export async function discard(storage: FileStorage, key: string): Promise<void> {
  try {
    await storage.delete(key);
  } catch (error) {
    logger.error(`Could not remove the unreferenced object ${key}: ${String(error)}`);
  }
}
