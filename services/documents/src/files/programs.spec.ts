import { UnsupportedMediaTypeException } from '@nestjs/common';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkFileType, programKind, ProgramSniffer } from './programs';

async function sniff(chunks: Buffer[]): Promise<Buffer> {
  const received: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => received.push(chunk));
  await pipeline(Readable.from(chunks), new ProgramSniffer(), sink);
  return Buffer.concat(received);
}

const hex = (text: string) => Buffer.from(text, 'hex');

/** A DOS header whose e_lfanew (at 0x3c) names `at`, and "PE\0\0" there, or `signature` instead. */
function dosHeader(at: number, signature = 'PE\0\0'): Buffer {
  const head = Buffer.alloc(Math.max(at + 4, 0x40));
  head.write('MZ', 0, 'latin1');
  head.writeUInt32LE(at, 0x3c);
  head.write(signature, at, 'latin1');
  return head;
}

describe('programKind', () => {
  it.each([
    ['a PE header at 0x40', 0x40],
    ['a PE header at 0x80', 0x80],
    ['a PE header at 0xf00', 0xf00],
  ])('knows a Windows program by %s', (_label, at) => {
    expect(programKind(dosHeader(at))).toBe('Windows');
  });

  it('does not take a file that merely starts with MZ for a Windows program', () => {
    expect(programKind(Buffer.from(`MZ Holdings LLC,2024,1099-NEC,${'x'.repeat(200)}`))).toBeNull();
    expect(programKind(dosHeader(0x80, 'NE\0\0'))).toBeNull();
    expect(programKind(Buffer.from('MZ\x90\x00', 'latin1'))).toBeNull();
  });

  it.each([
    ['7f454c46', 'Linux'],
    ['feedface', 'macOS'],
    ['cefaedfe', 'macOS'],
    ['feedfacf', 'macOS'],
    ['cffaedfe', 'macOS'],
    ['cafebabe', 'macOS'],
    ['bebafeca', 'macOS'],
    ['cafebabf', 'macOS'],
    ['bfbafeca', 'macOS'],
  ])('knows %s as a program (%s)', (head, kind) => {
    expect(programKind(hex(`${head}0000`))).toBe(kind);
  });

  it.each([
    ['a PDF', '255044462d312e37'],
    ['a PNG', '89504e470d0a1a0a'],
    ['a ZIP (office documents)', '504b0304'],
    ['a lone M', '4d'],
    ['nothing', ''],
  ])('lets %s through', (_label, head) => {
    expect(programKind(hex(head))).toBeNull();
  });
});

describe('ProgramSniffer', () => {
  it('fails with a 415 on a program, however its first bytes are cut', async () => {
    const refusal = sniff([hex('7f'), hex('45'), hex('4c'), hex('46'), Buffer.alloc(100)]);
    await expect(refusal).rejects.toBeInstanceOf(UnsupportedMediaTypeException);
    await expect(refusal).rejects.toMatchObject({
      response: {
        detail:
          'This file is a program, whatever its name, and programs cannot be uploaded. Please send documents, images or spreadsheets.',
      },
    });
    const windows = dosHeader(0x80);
    await expect(
      sniff([windows.subarray(0, 1), windows.subarray(1, 0x81), windows.subarray(0x81)]),
    ).rejects.toBeInstanceOf(UnsupportedMediaTypeException);
  });

  it('passes every byte of anything else on, in order, short files included', async () => {
    const data = Buffer.from('%PDF-1.7 and the rest of the document');
    expect((await sniff([data.subarray(0, 1), data.subarray(1, 3), data.subarray(3)])).equals(data)).toBe(true);
    expect((await sniff([Buffer.from('ok')])).toString()).toBe('ok');
    expect((await sniff([])).length).toBe(0);
    const longer = Buffer.concat([Buffer.from('MZ Holdings LLC,2024\n'), Buffer.alloc(10_000, 'a')]);
    expect((await sniff([longer.subarray(0, 5000), longer.subarray(5000)])).equals(longer)).toBe(true);
  });
});

describe('checkFileType', () => {
  it('refuses a blocked type with a 415 naming it, and takes the rest', () => {
    expect(() => checkFileType('2024 W-2 corrected.pdf.EXE. ')).toThrow(
      new UnsupportedMediaTypeException({
        detail: 'Programs and scripts (.exe) cannot be uploaded. Please send documents, images or spreadsheets.',
      }),
    );
    expect(() => checkFileType('return.pdf')).not.toThrow();
  });
});
