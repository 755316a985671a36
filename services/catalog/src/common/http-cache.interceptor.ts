import { gzipSync } from 'node:zlib';
import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import {
  acceptsGzip,
  bodyTag,
  CATALOG_CACHE_CONTROL,
  COMPRESS_THRESHOLD_BYTES,
  ifNoneMatchHits,
  strongEtag,
} from './http-cache';

/** Compressed bodies kept, by tag: a handful of lists and items, a few kilobytes each. */
const GZIP_CACHE_ENTRIES = 256;

/**
 * Makes a catalog read cacheable: serializes the body once, tags it with a strong ETag,
 * adds Cache-Control, and answers 304 without a body when the client's copy is current.
 * Catalog bodies repeat until the next deployment, so their gzip bytes are made once per
 * body and kept (the app's compressor leaves a response that is already encoded alone).
 * Errors never get here (the exception filter marks them no-store).
 */
@Injectable()
export class HttpCacheInterceptor implements NestInterceptor {
  private readonly gzipped = new Map<string, Buffer>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<string | Buffer | undefined> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    return next.handle().pipe(
      map((body: unknown) => {
        const json = JSON.stringify(body);
        const tag = bodyTag(json);
        const gzip =
          Buffer.byteLength(json) >= COMPRESS_THRESHOLD_BYTES && acceptsGzip(request.headers['accept-encoding']);
        // Vary on the 304 too: caches keep one copy per coding.
        void reply
          .header('cache-control', CATALOG_CACHE_CONTROL)
          .header('etag', strongEtag(tag, gzip ? 'gzip' : 'identity'))
          .header('vary', 'accept-encoding');
        if (ifNoneMatchHits(request.headers['if-none-match'], tag)) {
          void reply.status(HttpStatus.NOT_MODIFIED);
          return undefined;
        }
        void reply.header('content-type', 'application/json; charset=utf-8');
        if (!gzip) return json; // Sent as is: Fastify does not serialize a string again.
        void reply.header('content-encoding', 'gzip');
        return this.gzip(tag, json);
      }),
    );
  }

  private gzip(tag: string, json: string): Buffer {
    let bytes = this.gzipped.get(tag);
    if (!bytes) {
      bytes = gzipSync(json);
      if (this.gzipped.size >= GZIP_CACHE_ENTRIES) this.gzipped.delete(this.gzipped.keys().next().value!);
      this.gzipped.set(tag, bytes);
    }
    return bytes;
  }
}
