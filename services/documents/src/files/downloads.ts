import { HttpException, HttpStatus, NotFoundException } from '@nestjs/common';
import { FileDownload, FileNotFoundError, FileStorage, RangeNotSatisfiableError } from '@portal/storage';
import { create as attachment } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { MESSAGES } from '../common/messages';
import { ifRangeMatches, parseRangeHeader } from './range-header';

/** A stored file as a download names it. */
export interface DownloadTarget {
  key: string;
  /** The name it is saved as. */
  fileName: string;
  contentType: string;
  sha256: string;
  lastModified: Date;
}

/**
 * Types a browser runs as a page or a script of the origin that serves them (HTML, XML with its
 * stylesheets, SVG, JavaScript): sent as opaque bytes, on top of `attachment` and the sandbox.
 */
const ACTIVE_TYPE =
  /^(text\/(html|xml|xsl|javascript|ecmascript|x-javascript)|application\/(xhtml\+xml|xml|xslt\+xml|javascript|ecmascript|x-javascript)|image\/svg\+xml|multipart\/)|\+xml\b/i;

/** The Content-Type a download is sent with: the stored one, unless a browser could run it. */
export function downloadContentType(stored: string): string {
  return ACTIVE_TYPE.test(stored) ? 'application/octet-stream' : stored;
}

/**
 * Headers of every download: saved, never shown (`attachment`), never sniffed into something
 * runnable, and under a policy that gives a document opened anyway no script, no resource and an
 * opaque origin (`sandbox`), so an uploaded HTML or SVG file never acts as a page of ours.
 */
export const DOWNLOAD_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'private, no-store',
} as const;

/**
 * Streams a stored file (never buffered) with its Content-Length, an RFC 6266 attachment name and
 * byte ranges: `Range: bytes=...` answers 206 with Content-Range (If-Range honoured against the
 * SHA-256 ETag), a range outside the file 416. A file gone from storage (deleted meanwhile) is a 404.
 * A HEAD gets the same headers and no byte is read from storage. `onGet` runs for a GET of an object
 * that exists, before a byte of it goes out (a record of the access: a HEAD or a missing file reads
 * nothing); if it fails, nothing is sent but its error.
 */
export async function sendDownload(
  storage: FileStorage,
  request: FastifyRequest,
  reply: FastifyReply,
  target: DownloadTarget,
  onGet?: () => Promise<void>,
): Promise<void> {
  const etag = `"${target.sha256}"`;
  const asked = parseRangeHeader(request.headers.range);
  const range =
    asked && ifRangeMatches(String(request.headers['if-range'] ?? ''), etag, target.lastModified) ? asked : undefined;
  let download: FileDownload;
  try {
    download = await storage.get(target.key, range ? { range } : {});
  } catch (error) {
    if (error instanceof FileNotFoundError) throw new NotFoundException({ detail: MESSAGES.fileNotFound });
    if (error instanceof RangeNotSatisfiableError) {
      void reply.header('content-range', `bytes */${error.size}`);
      throw new HttpException(
        { detail: 'The requested range is outside the file.' },
        HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
      );
    }
    throw error;
  }
  if (request.method === 'GET' && onGet) {
    try {
      await onGet();
    } catch (error) {
      download.stream.destroy();
      throw error;
    }
  }
  void reply.status(download.range ? HttpStatus.PARTIAL_CONTENT : HttpStatus.OK).headers({
    ...DOWNLOAD_SECURITY_HEADERS,
    'content-type': downloadContentType(target.contentType),
    'content-length': String(download.contentLength),
    'content-disposition': attachment(target.fileName),
    'accept-ranges': 'bytes',
    etag,
    'last-modified': target.lastModified.toUTCString(),
    ...(download.range
      ? { 'content-range': `bytes ${download.range.start}-${download.range.end}/${download.size}` }
      : {}),
  });
  if (request.method === 'HEAD') {
    // Fastify would read a HEAD's stream to its end and drop it: the whole object from storage for
    // an answer of headers. An empty stream keeps the Content-Length set above (a missing body would not).
    download.stream.destroy();
    void reply.send(Readable.from([]));
    return;
  }
  // Not awaited: the reply settles when the client has it all (or goes away), long after this handler.
  void reply.send(download.stream);
}
