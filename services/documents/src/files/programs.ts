import { UnsupportedMediaTypeException } from '@nestjs/common';
import { blockedExtension, PROGRAM_CONTENT_REFUSED, PROGRAM_REFUSED } from '@portal/contracts';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * The first bytes of the programs a desktop runs, whatever the file is called: Linux (ELF) and macOS
 * (Mach-O 32 and 64 bits in either byte order, and the universal "fat" binaries, 32 and 64 bits, in
 * either byte order). Windows programs are told by their PE header (windowsProgram).
 */
const SIGNATURES: ReadonlyArray<{ kind: string; magic: Buffer }> = [
  { kind: 'Linux', magic: Buffer.from([0x7f, 0x45, 0x4c, 0x46]) },
  ...['feedface', 'cefaedfe', 'feedfacf', 'cffaedfe', 'cafebabe', 'bebafeca', 'cafebabf', 'bfbafeca'].map((hex) => ({
    kind: 'macOS',
    magic: Buffer.from(hex, 'hex'),
  })),
];

/**
 * Bytes read before deciding: enough for a PE header where linkers put it (its offset is commonly
 * 0x40 to 0x200). A header placed further in is not looked for: such a file is let through.
 */
const SNIFF_BYTES = 4096;

const DOS_MAGIC = Buffer.from('MZ', 'latin1');
const PE_MAGIC = Buffer.from('PE\0\0', 'latin1');
/** Where a DOS header keeps the offset of the PE header (e_lfanew, 32 bits little-endian). */
const PE_OFFSET_AT = 0x3c;

/**
 * A Windows program (an .exe, .dll, .scr…): "MZ", and "PE\0\0" at the offset the DOS header names.
 * "MZ" alone is not enough: a text file may begin with those letters (a CSV of "MZ Holdings" rows).
 */
function windowsProgram(head: Buffer): boolean {
  if (head.length < PE_OFFSET_AT + 4 || !head.subarray(0, 2).equals(DOS_MAGIC)) return false;
  const pe = head.readUInt32LE(PE_OFFSET_AT);
  return pe + PE_MAGIC.length <= head.length && head.subarray(pe, pe + PE_MAGIC.length).equals(PE_MAGIC);
}

/** Which kind of program the file's first bytes are ('Windows', 'Linux', 'macOS'), or null. */
export function programKind(head: Buffer): string | null {
  if (windowsProgram(head)) return 'Windows';
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
