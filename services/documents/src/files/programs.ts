import { UnsupportedMediaTypeException } from '@nestjs/common';
import { blockedExtension, PROGRAM_CONTENT_REFUSED, PROGRAM_REFUSED } from '@portal/contracts';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * The first bytes of the programs a desktop runs, whatever the file is called: Windows (PE and
 * its DOS "MZ" header), Linux (ELF) and macOS (Mach-O 32 and 64 bits in either byte order, and
 * the universal "fat" binaries, 32 and 64 bits, in either byte order).
 */
const SIGNATURES: ReadonlyArray<{ kind: string; magic: Buffer }> = [
  { kind: 'Windows', magic: Buffer.from('MZ', 'latin1') },
  { kind: 'Linux', magic: Buffer.from([0x7f, 0x45, 0x4c, 0x46]) },
  ...['feedface', 'cefaedfe', 'feedfacf', 'cffaedfe', 'cafebabe', 'bebafeca', 'cafebabf', 'bfbafeca'].map((hex) => ({
    kind: 'macOS',
    magic: Buffer.from(hex, 'hex'),
  })),
];

/** Bytes read before deciding: the longest signature. */
const SNIFF_BYTES = Math.max(...SIGNATURES.map(({ magic }) => magic.length));

/** Which kind of program the file's first bytes are ('Windows', 'Linux', 'macOS'), or null. */
export function programKind(head: Buffer): string | null {
  return SIGNATURES.find(({ magic }) => head.subarray(0, magic.length).equals(magic))?.kind ?? null;
}

/** Refuses (415) a name of a blocked type, before a byte is stored. */
export function checkFileType(fileName: string): void {
  const extension = blockedExtension(fileName);
  if (extension) throw new UnsupportedMediaTypeException({ detail: PROGRAM_REFUSED(extension) });
}

/**
 * Passes an upload's bytes through once its first SNIFF_BYTES are known not to be a program's
 * (held back until then, however the chunks are cut); a program fails the stream with a 415, so
 * the storage's write fails and removes what it wrote, as for a file over the limit.
 */
export class ProgramSniffer extends Transform {
  /** The refusal, once the first bytes were a program's. */
  refusal?: UnsupportedMediaTypeException;
  private head: Buffer[] = [];
  private held = 0;
  private decided = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.decided) return callback(null, chunk);
    this.head.push(chunk);
    this.held += chunk.length;
    if (this.held < SNIFF_BYTES) return callback();
    this.decide(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.decided) return callback();
    this.decide(callback);
  }

  private decide(callback: TransformCallback): void {
    this.decided = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    if (programKind(head)) {
      this.refusal = new UnsupportedMediaTypeException({ detail: PROGRAM_CONTENT_REFUSED });
      return callback(this.refusal);
    }
    callback(null, head);
  }
}
