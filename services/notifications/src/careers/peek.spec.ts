import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { peek } from './peek';

const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

describe('peek', () => {
  it('gives the first bytes and then every byte again, in order', async () => {
    const peeked = await peek(chunks('%PD', 'F-1.7', ' rest of the file'), 5);
    expect(peeked.head.toString()).toBe('%PDF-1.7'); // whole chunks: at least the 5 bytes asked
    expect(peeked.complete).toBe(false);
    expect(await text(peeked.stream)).toBe('%PDF-1.7 rest of the file');
  });

  it('says when the whole file was shorter than asked', async () => {
    const peeked = await peek(chunks('short'), 4096);
    expect(peeked.head.toString()).toBe('short');
    expect(peeked.complete).toBe(true);
    expect(await text(peeked.stream)).toBe('short');
  });

  it('handles an empty file', async () => {
    const peeked = await peek(Readable.from([]), 10);
    expect(peeked.head.length).toBe(0);
    expect(peeked.complete).toBe(true);
    expect(await text(peeked.stream)).toBe('');
  });

  it('destroys the source when the reader stops early', async () => {
    const source = chunks('aaaa', 'bbbb', 'cccc');
    const peeked = await peek(source, 2);
    peeked.stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });
});
