import { createHash } from 'node:crypto';

/** Catalog content changes rarely: a minute of caching, then revalidation by ETag. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=60';

/** Bodies smaller than this go out as they are (compressing them saves nothing; libs/http uses the same). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The opaque part of the strong ETag of a body: the same bytes always get the same tag. */
export function bodyTag(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 27);
}

/** The content codings a catalog body is kept in. */
export type Coding = 'identity' | 'gzip' | 'br';

/**
 * The ETag of one representation. Strong validators differ per content coding (RFC 9110
 * 8.8.3), so the gzip and brotli bytes of a body carry `-gzip` and `-br` after the body's tag.
 */
export function strongEtag(tag: string, encoding: Coding = 'identity'): string {
  return encoding === 'identity' ? `"${tag}"` : `"${tag}-${encoding}"`;
}

/**
 * Whether an If-None-Match header names the current body (RFC 9110 13.1.2: weak
 * comparison, a list of tags or `*`), in any of its codings: then the answer is 304.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const current = new Set([strongEtag(tag), strongEtag(tag, 'gzip'), strongEtag(tag, 'br')]);
  return value.split(',').some((candidate) => current.has(candidate.trim().replace(/^W\//, '')));
}

/**
 * The coding to send for an Accept-Encoding header: brotli or gzip when listed (or `*`) with
 * a non-zero q, the higher q winning and brotli (the smaller) on a tie; identity otherwise.
 */
export function preferredCoding(header: string | string[] | undefined): Coding {
  if (header === undefined) return 'identity';
  const codings = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)).find(Boolean);
    codings.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const any = codings.get('*');
  const br = codings.get('br') ?? any ?? 0;
  const gzip = codings.get('gzip') ?? codings.get('x-gzip') ?? any ?? 0;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}
