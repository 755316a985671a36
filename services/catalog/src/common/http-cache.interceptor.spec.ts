import { gunzipSync } from 'node:zlib';
import { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of } from 'rxjs';
import { bodyTag, CATALOG_CACHE_CONTROL, strongEtag } from './http-cache';
import { HttpCacheInterceptor } from './http-cache.interceptor';

function call(interceptor: HttpCacheInterceptor, headers: Record<string, string>, body: unknown) {
  const sent: Record<string, string> = {};
  const reply = {
    statusCode: 200,
    header(name: string, value: string) {
      sent[name] = value;
      return reply;
    },
    status(code: number) {
      reply.statusCode = code;
      return reply;
    },
  };
  const context = {
    switchToHttp: () => ({ getRequest: () => ({ headers }), getResponse: () => reply }),
  } as unknown as ExecutionContext;
  const next: CallHandler = { handle: () => of(body) };
  return { reply, sent, result: lastValueFrom(interceptor.intercept(context, next)) };
}

describe('HttpCacheInterceptor', () => {
  const small = [{ id: 'a', title: 'Books' }];
  const smallJson = JSON.stringify(small);
  const large = Array.from({ length: 40 }, (_, index) => ({ id: index, title: `Service ${index}` }));
  const largeJson = JSON.stringify(large);

  it('sends the body serialized once, with its ETag and Cache-Control', async () => {
    const { reply, sent, result } = call(new HttpCacheInterceptor(), { 'accept-encoding': 'gzip' }, small);
    expect(await result).toBe(smallJson);
    expect(reply.statusCode).toBe(200);
    expect(sent).toEqual({
      'cache-control': CATALOG_CACHE_CONTROL,
      etag: strongEtag(bodyTag(smallJson)),
      vary: 'accept-encoding',
      'content-type': 'application/json; charset=utf-8',
    });
  });

  it('answers 304 without a body when If-None-Match holds the current tag', async () => {
    const { reply, sent, result } = call(
      new HttpCacheInterceptor(),
      { 'if-none-match': strongEtag(bodyTag(smallJson)) },
      small,
    );
    expect(await result).toBeUndefined();
    expect(reply.statusCode).toBe(304);
    expect(sent.etag).toBe(strongEtag(bodyTag(smallJson)));
    expect(sent['content-type']).toBeUndefined();
  });

  it('answers 200 when the client holds an older tag', async () => {
    const { reply, result } = call(new HttpCacheInterceptor(), { 'if-none-match': strongEtag(bodyTag('[]')) }, small);
    expect(await result).toBe(smallJson);
    expect(reply.statusCode).toBe(200);
  });

  it('gzips a large body once for clients that accept it, under the gzip tag', async () => {
    const interceptor = new HttpCacheInterceptor();
    const first = call(interceptor, { 'accept-encoding': 'gzip, deflate, br' }, large);
    const bytes = (await first.result) as Buffer;
    expect(gunzipSync(bytes).toString()).toBe(largeJson);
    expect(first.sent).toMatchObject({ 'content-encoding': 'gzip', etag: strongEtag(bodyTag(largeJson), 'gzip') });
    expect(await call(interceptor, { 'accept-encoding': 'gzip' }, large).result).toBe(bytes);

    const plain = call(interceptor, {}, large);
    expect(await plain.result).toBe(largeJson);
    expect(plain.sent['content-encoding']).toBeUndefined();
    expect(plain.sent.etag).toBe(strongEtag(bodyTag(largeJson)));

    // A copy in either coding revalidates.
    const revalidated = call(
      interceptor,
      { 'accept-encoding': 'gzip', 'if-none-match': strongEtag(bodyTag(largeJson)) },
      large,
    );
    expect(await revalidated.result).toBeUndefined();
    expect(revalidated.reply.statusCode).toBe(304);
  });
});
