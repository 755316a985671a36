import { createHash } from 'node:crypto';
import { Transform, TransformCallback } from 'node:stream';
import { FileTooLargeError } from './errors';

/**
 * Passes bytes through while counting and hashing them; the chunk that would go past
 * `maxBytes` is not passed on: the stream fails with FileTooLargeError instead, so a
 * pipeline stops reading its source at once. Both adapters put one in front of the write.
 */
export class ByteMeter extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');
  private digest?: string;

  /** `onDigest` runs once the input has ended, before this stream emits 'end'. */
  constructor(
    readonly maxBytes: number,
    private readonly onDigest?: (sha256: string) => void,
  ) {
    super();
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
      throw new TypeError(`maxBytes must be a whole number of bytes, not ${maxBytes}`);
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new FileTooLargeError(this.maxBytes));
    this.hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.digest = this.hash.digest('hex');
    this.onDigest?.(this.digest);
    callback();
  }

  /** Hex SHA-256 of everything that passed; only once the input ended. */
  get sha256(): string {
    if (this.digest === undefined) throw new Error('ByteMeter: the stream has not ended yet');
    return this.digest;
  }
}
