import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ForwardedBody } from './forwarded-body';

/** A client's request as ForwardedBody reads it: a stream that knows whether all of it arrived. */
function clientRequest() {
  const request = new PassThrough() as PassThrough & { complete: boolean };
  request.complete = false;
  return request;
}

async function readAll(body: ForwardedBody): Promise<string> {
  let text = '';
  for await (const chunk of body) text += String(chunk);
  return text;
}

describe('ForwardedBody', () => {
  it('reads the request only once it is read, and ends with it', async () => {
    const request = clientRequest();
    const body = new ForwardedBody(request);
    request.write('part one, ');
    expect(request.listenerCount('data')).toBe(0);
    const text = readAll(body);
    request.complete = true;
    request.end('part two');
    expect(await text).toBe('part one, part two');
  });

  it('leaves the request whole when it is destroyed, reading it no further', () => {
    const request = clientRequest();
    const body = new ForwardedBody(request);
    body.resume();
    body.destroy();
    expect(request.destroyed).toBe(false);
    expect(request.listenerCount('data')).toBe(0);
  });

  it('hands the rest of the request back on release, neither ending nor destroying itself', async () => {
    const request = clientRequest();
    const body = new ForwardedBody(request);
    const seen: string[] = [];
    body.on('data', (chunk: Buffer) => seen.push(String(chunk)));
    request.write('head');
    await new Promise(setImmediate);
    body.release();
    request.write('rest');
    await new Promise(setImmediate);
    expect(seen).toEqual(['head']);
    expect(request.listenerCount('data')).toBe(0);
    expect([body.readableEnded, body.destroyed]).toEqual([false, false]);
  });

  it('fails as cut short when the client goes before the whole body arrived', async () => {
    const request = clientRequest();
    const body = new ForwardedBody(request);
    body.resume();
    request.write('half');
    request.destroy();
    await expect(finished(body)).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
});
