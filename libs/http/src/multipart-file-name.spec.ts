import { decodeMultipartFileName } from './multipart-file-name';

describe('decodeMultipartFileName', () => {
  it('reads back the escapes browsers send for ", CR and LF', () => {
    expect(decodeMultipartFileName('Invoice %22final%22.pdf')).toBe('Invoice "final".pdf');
    expect(decodeMultipartFileName('line%0Dbreak%0A.pdf')).toBe('line\rbreak\n.pdf');
    expect(decodeMultipartFileName('%22%22%22')).toBe('"""');
  });

  // Browsers escape nothing else, "%" included: any other "%" is part of the name as typed.
  it('keeps every other "%" and character as sent', () => {
    const names = [
      'W-2 2024.pdf',
      'Résumé – 税务 ✓.pdf',
      '100%25 paid.pdf',
      '%41%2F..%2Fx.pdf',
      'lower %0d%0a.pdf',
      '%2 %',
    ];
    for (const name of names) expect(decodeMultipartFileName(name)).toBe(name);
  });

  it('leaves no name as none', () => {
    expect(decodeMultipartFileName(undefined)).toBeUndefined();
  });
});
