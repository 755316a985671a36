import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteMeter } from './byte-meter';
import { FileTooLargeError, formatBytes } from './errors';

async function drain(meter: ByteMeter, chunks: Buffer[]): Promise<void> {
  const sink = new PassThrough();
  sink.resume();
  await pipeline(Readable.from(chunks), meter, sink);
}

describe('ByteMeter', () => {
  it('counts and hashes what passes, up to exactly the limit', async () => {
    const digests: string[] = [];
    const meter = new ByteMeter(10, (sha256) => digests.push(sha256));
    await drain(meter, [Buffer.from('01234'), Buffer.from('56789')]);
    const expected = createHash('sha256').update('0123456789').digest('hex');
    expect(meter.bytes).toBe(10);
    expect(meter.sha256).toBe(expected);
    expect(digests).toEqual([expected]);
  });

  it('hashes an empty input', async () => {
    const meter = new ByteMeter(0);
    await drain(meter, []);
    expect(meter.bytes).toBe(0);
    expect(meter.sha256).toBe(createHash('sha256').digest('hex'));
  });

  it('fails with FileTooLargeError at the first byte past the limit, and reads no further', async () => {
    let pulled = 0;
    async function* source() {
      for (let index = 0; index < 1000; index++) {
        pulled++;
        yield Buffer.from('0123');
      }
    }
    const meter = new ByteMeter(10);
    const sink = new PassThrough();
    sink.resume();
    await expect(pipeline(Readable.from(source()), meter, sink)).rejects.toThrow(new FileTooLargeError(10));
    // Readable.from reads ahead at most its highWaterMark (16 chunks).
    expect(pulled).toBeLessThan(100);
    expect(() => meter.sha256).toThrow('has not ended');
  });

  it('refuses a limit that is not a whole number of bytes', () => {
    expect(() => new ByteMeter(-1)).toThrow(TypeError);
    expect(() => new ByteMeter(1.5)).toThrow(TypeError);
  });
});

describe('FileTooLargeError', () => {
  it('says the limit in the units people read', () => {
    expect(new FileTooLargeError(209715200)).toMatchObject({
      limit: 209715200,
      message: 'The file is larger than the limit of 200 MB.',
      name: 'FileTooLargeError',
    });
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(500)).toBe('500 bytes');
  });
});
