import { Readable } from 'node:stream';

export interface Peeked {
  /** The first bytes (at least `size` unless the stream ended sooner). */
  head: Buffer;
  /** The stream ended within `head`: it is the whole file. */
  complete: boolean;
  /** Every byte of the source, `head` included, for whoever stores it. */
  stream: Readable;
}

/**
 * Reads the first `size` bytes of `source` without losing them: the returned stream yields them again,
 * then the rest. Closing the returned stream early destroys the source.
 */
export async function peek(source: Readable, size: number): Promise<Peeked> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let complete = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      complete = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  let drained = complete;
  async function* all(): AsyncGenerator<Buffer> {
    if (head.length) yield head;
    while (!drained) {
      const next = await iterator.next();
      if (next.done) drained = true;
      else yield next.value;
    }
  }
  const stream = Readable.from(all(), { objectMode: false });
  // Closed before the end (a failed store): the source must not wait for a reader forever.
  stream.once('close', () => {
    if (!drained) source.destroy();
  });
  return { head, complete, stream };
}
