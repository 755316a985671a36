import { createHash } from 'node:crypto';

/** Catalog content changes by deployment only: a minute of caching, then revalidation by ETag. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=60';

/** Bodies smaller than this go out as they are (compressing them saves nothing; libs/http uses the same). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The opaque part of the strong ETag of a body: the same bytes always get the same tag. */
export function bodyTag(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 27);
}

/**
 * The ETag of one representation. Strong validators differ per content coding (RFC 9110
 * 8.8.3), so the gzip bytes of a body carry `-gzip` after the body's tag.
 */
export function strongEtag(tag: string, encoding: 'identity' | 'gzip' = 'identity'): string {
  return encoding === 'gzip' ? `"${tag}-gzip"` : `"${tag}"`;
}

/**
 * Whether an If-None-Match header names the current body (RFC 9110 13.1.2: weak
 * comparison, a list of tags or `*`), in any of its codings: then the answer is 304.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const current = new Set([strongEtag(tag), strongEtag(tag, 'gzip')]);
  return value.split(',').some((candidate) => current.has(candidate.trim().replace(/^W\//, '')));
}

/** Whether Accept-Encoding allows gzip (listed, or `*`, with a non-zero q). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const codings = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)).find(Boolean);
    codings.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const gzip = codings.get('gzip') ?? codings.get('x-gzip') ?? codings.get('*');
  return gzip !== undefined && gzip > 0;
}
