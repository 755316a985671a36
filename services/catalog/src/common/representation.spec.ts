import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { FastifyInstance } from 'fastify';
import { bodyTag, CATALOG_CACHE_CONTROL, strongEtag } from './http-cache';
import { Representation } from './representation';

describe('Representation', () => {
  const small = [{ id: 'a', title: 'Books' }];
  const smallJson = JSON.stringify(small);
  const large = Array.from({ length: 40 }, (_, index) => ({ id: index, title: `Service ${index}` }));
  const largeJson = JSON.stringify(large);
  let app: FastifyInstance;

  beforeAll(async () => {
    const [smallAnswer, largeAnswer] = await Promise.all([Representation.of(small), Representation.of(large)]);
    app = Fastify();
    app.get('/small', (request, reply) => smallAnswer.send(request, reply));
    app.get('/large', (request, reply) => largeAnswer.send(request, reply));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends the JSON with its strong ETag and Cache-Control, as the catalog always has', async () => {
    const response = await get('/small', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(smallJson);
    expect(response.headers).toMatchObject({
      'cache-control': CATALOG_CACHE_CONTROL,
      etag: strongEtag(bodyTag(smallJson)),
      vary: 'accept-encoding',
      'content-type': 'application/json; charset=utf-8',
    });
    // Under 1 KiB nothing is compressed, whatever the client accepts.
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 without a body (nor a content type) when If-None-Match holds the tag, in any form', async () => {
    const tag = bodyTag(largeJson);
    for (const ifNoneMatch of [
      strongEtag(tag),
      strongEtag(tag, 'gzip'),
      strongEtag(tag, 'br'),
      `W/"${tag}"`,
      `"x", "${tag}"`,
      '*',
    ]) {
      const response = await get('/large', { 'accept-encoding': 'gzip', 'if-none-match': ifNoneMatch });
      expect([ifNoneMatch, response.statusCode, response.body]).toEqual([ifNoneMatch, 304, '']);
      expect(response.headers.etag).toBe(strongEtag(tag, 'gzip'));
      expect(response.headers['cache-control']).toBe(CATALOG_CACHE_CONTROL);
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers['content-type']).toBeUndefined();
    }
  });

  it('answers 200 when the client holds another tag', async () => {
    const response = await get('/small', { 'if-none-match': strongEtag(bodyTag('[]')) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(smallJson);
  });

  it('keeps a large body plain, gzipped (the same bytes as before) and brotli-compressed, each under its own tag', async () => {
    const tag = bodyTag(largeJson);
    const plain = await get('/large', { 'accept-encoding': 'identity' });
    expect(plain.body).toBe(largeJson);
    expect(plain.headers.etag).toBe(strongEtag(tag));
    expect(plain.headers['content-encoding']).toBeUndefined();

    const gzip = await get('/large', { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', etag: strongEtag(tag, 'gzip') });
    expect(gzip.rawPayload).toEqual(gzipSync(largeJson));
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(largeJson);

    const br = await get('/large', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', etag: strongEtag(tag, 'br') });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(largeJson);
    expect(br.rawPayload.length).toBeLessThan(gzip.rawPayload.length);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/large', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers.etag).toBe(strongEtag(bodyTag(largeJson), 'gzip'));
  });
});
