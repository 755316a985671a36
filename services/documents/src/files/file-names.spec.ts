import { BadRequestException } from '@nestjs/common';
import { StorageKeyError } from '@portal/storage';
import { checkedName, libraryPath, normalizeFileName, parseLibraryPath, parsePrefix } from './file-names';

describe('normalizeFileName', () => {
  it.each([
    ['W-2 2024.pdf', 'W-2 2024.pdf'],
    ['  ID scan.png  ', 'ID scan.png'],
    ['Cafe\u0301 receipts.xlsx', 'Caf\u00e9 receipts.xlsx'],
    ['税务表格.pdf', '税务表格.pdf'],
    ['📄 statement (1).pdf', '📄 statement (1).pdf'],
    ['..hidden', '..hidden'],
    ['x'.repeat(255), 'x'.repeat(255)],
  ])('keeps %j as %j', (input, expected) => {
    expect(normalizeFileName(input)).toBe(expected);
  });

  it.each([
    [undefined, 'The file has no name. Please choose a file to upload.'],
    ['   ', 'The file has no name. Please choose a file to upload.'],
    ['../../etc/passwd', 'A file name cannot contain "/" or "\\": give the folder separately.'],
    ['..\\..\\windows\\win.ini', 'A file name cannot contain "/" or "\\": give the folder separately.'],
    ['/etc/passwd', 'A file name cannot contain "/" or "\\": give the folder separately.'],
    ['C:\\fakepath\\w2.pdf', 'A file name cannot contain "/" or "\\": give the folder separately.'],
    ['..', 'A file name cannot be "." or "..".'],
    ['.', 'A file name cannot be "." or "..".'],
    ['w2\u0000.pdf', 'A file name cannot contain control characters.'],
    ['w2\n.pdf', 'A file name cannot contain control characters.'],
    ['invoice\u202efdp.exe', 'A file name cannot contain control characters.'],
    ['bad\ud800half.pdf', 'The file name contains invalid Unicode text.'],
    [
      'é'.repeat(128),
      'The file name is too long: at most 255 bytes (255 plain letters, fewer accented or non-Latin ones).',
    ],
  ])('refuses %j', (input, message) => {
    expect(() => normalizeFileName(input)).toThrow(new StorageKeyError(message));
  });
});

describe('library paths', () => {
  it('puts the name in the normalised folder, or at the top', () => {
    expect(libraryPath(' Tax forms // 2024 ', 'W-9.pdf')).toBe('Tax forms/2024/W-9.pdf');
    expect(libraryPath('', 'W-9.pdf')).toBe('W-9.pdf');
    expect(libraryPath('  /  ', 'W-9.pdf')).toBe('W-9.pdf');
    expect(libraryPath(undefined, 'W-9.pdf')).toBe('W-9.pdf');
    expect(() => libraryPath('../..', 'x.pdf')).toThrow('A folder name cannot be "." or "..".');
    expect(() => libraryPath(Array(5).fill('d'.repeat(200)).join('/'), 'x'.repeat(100))).toThrow(
      'The file path is too long: at most 1024 bytes.',
    );
  });

  it('reads the path of a URL as an upload would have made it', () => {
    expect(parseLibraryPath('Tax forms/2024/W-9.pdf')).toBe('Tax forms/2024/W-9.pdf');
    expect(parseLibraryPath('Tax forms//W-9.pdf/')).toBe('Tax forms/W-9.pdf');
    expect(parseLibraryPath('W-9.pdf')).toBe('W-9.pdf');
    expect(() => parseLibraryPath('../../etc/passwd')).toThrow('A folder name cannot be "." or "..".');
    expect(() => parseLibraryPath('Tax/..')).toThrow('A file name cannot be "." or "..".');
    expect(() => parseLibraryPath('a\\b/c.pdf')).toThrow('backslash');
  });

  it('lists from the top or a folder', () => {
    expect(parsePrefix(undefined)).toBe('');
    expect(parsePrefix('/Tax forms/')).toBe('Tax forms');
    expect(() => parsePrefix('../')).toThrow(StorageKeyError);
  });

  it('answers a refused name with a 400 and its reason', () => {
    expect(() => checkedName(() => normalizeFileName('..'))).toThrow(BadRequestException);
    try {
      checkedName(() => normalizeFileName('..'));
    } catch (error) {
      expect((error as BadRequestException).getResponse()).toEqual({ detail: 'A file name cannot be "." or "..".' });
    }
    expect(() => checkedName(() => JSON.parse('{'))).toThrow(SyntaxError);
  });
});
