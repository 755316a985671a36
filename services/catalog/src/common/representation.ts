import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  bodyTag,
  CATALOG_CACHE_CONTROL,
  Coding,
  COMPRESS_THRESHOLD_BYTES,
  ifNoneMatchHits,
  preferredCoding,
  strongEtag,
} from './http-cache';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const JSON_TYPE = 'application/json; charset=utf-8';

/** Accept-Encoding values seen (browsers send a handful), with the coding each gets. */
const CODING_CACHE_ENTRIES = 64;
const codingCache = new Map<string, Coding>();

function codingFor(header: string | undefined): Coding {
  if (header === undefined) return 'identity';
  let coding = codingCache.get(header);
  if (coding === undefined) {
    coding = preferredCoding(header);
    if (codingCache.size >= CODING_CACHE_ENTRIES) codingCache.clear();
    codingCache.set(header, coding);
  }
  return coding;
}

interface Variant {
  bytes: Buffer;
  etag: string;
  coding: Coding;
}

/**
 * One catalog answer, made before any request asks for it: the JSON bytes, their strong
 * ETag, and (from 1 KiB on) their gzip and brotli bytes under their own tags. Serving it
 * is lookups and header writes only — no serialization, hashing or compression per
 * request — and a 304 writes no body at all.
 *
 * The JSON and its tag are what the catalog answered before it was kept in memory, so
 * clients holding an ETag keep revalidating it. gzip keeps zlib's default level (the same
 * bytes under the same tag as before); brotli, new, runs at its best quality: it is paid
 * once per catalog change, in libuv's thread pool rather than on the event loop.
 */
export class Representation {
  private constructor(
    readonly tag: string,
    private readonly variants: Record<Coding, Variant>,
  ) {}

  static async of(body: unknown): Promise<Representation> {
    const json = JSON.stringify(body);
    const tag = bodyTag(json);
    const bytes = Buffer.from(json, 'utf8');
    const identity: Variant = { bytes, etag: strongEtag(tag), coding: 'identity' };
    if (bytes.length < COMPRESS_THRESHOLD_BYTES) {
      return new Representation(tag, { identity, gzip: identity, br: identity });
    }
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(bytes),
      brotliAsync(bytes, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    ]);
    return new Representation(tag, {
      identity,
      gzip: { bytes: gzipped, etag: strongEtag(tag, 'gzip'), coding: 'gzip' },
      br: { bytes: brotli, etag: strongEtag(tag, 'br'), coding: 'br' },
    });
  }

  /** The bytes (and tag) a client with this Accept-Encoding gets. */
  variant(acceptEncoding: string | undefined): Variant {
    return this.variants[codingFor(acceptEncoding)];
  }

  /** Whether If-None-Match names this body in any coding (then the answer is 304). */
  matches(ifNoneMatch: string | undefined): boolean {
    if (ifNoneMatch === undefined) return false;
    const { identity, gzip, br } = this.variants;
    // A browser sends back exactly the tag it was given: one comparison. Lists, W/ and * are parsed.
    if (ifNoneMatch === identity.etag || ifNoneMatch === gzip.etag || ifNoneMatch === br.etag) return true;
    return ifNoneMatchHits(ifNoneMatch, this.tag);
  }

  /** Answers a GET: 304 when the client's copy is current, else the bytes in the coding it prefers. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const variant = this.variant(request.headers['accept-encoding']);
    // Vary on the 304 too: caches keep one copy per coding.
    void reply
      .header('cache-control', CATALOG_CACHE_CONTROL)
      .header('etag', variant.etag)
      .header('vary', 'accept-encoding');
    if (this.matches(request.headers['if-none-match'])) return reply.code(304).send();
    void reply.header('content-type', JSON_TYPE);
    if (variant.coding !== 'identity') void reply.header('content-encoding', variant.coding);
    return reply.send(variant.bytes);
  }
}
