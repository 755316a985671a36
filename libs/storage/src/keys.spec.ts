import { StorageKeyError } from './errors';
import { assertStorageKey, normalizeFolder, storageKey, storagePrefix } from './keys';

describe('normalizeFolder', () => {
  it.each([
    ['Taxes/2024', 'Taxes/2024'],
    ['  Taxes//2024/ ', 'Taxes/2024'],
    ['/Taxes/2024/', 'Taxes/2024'],
    ['///Taxes////2024///', 'Taxes/2024'],
    [' Taxes / 2024 ', 'Taxes/2024'],
    ['\tReceipts\n', 'Receipts'],
    ['Cafe\u0301', 'Caf\u00e9'],
    ['..hidden/a..b/...', '..hidden/a..b/...'],
    ['Résumés/📄 2024', 'Résumés/📄 2024'],
    ['x'.repeat(255), 'x'.repeat(255)],
    ['é'.repeat(127), 'é'.repeat(127)],
  ])('makes %j into %j', (input, expected) => {
    expect(normalizeFolder(input)).toBe(expected);
    expect(normalizeFolder(expected)).toBe(expected);
  });

  it('gives the top folder as "" only when allowed', () => {
    expect(normalizeFolder('', { allowRoot: true })).toBe('');
    expect(normalizeFolder(' / // ', { allowRoot: true })).toBe('');
    expect(() => normalizeFolder('')).toThrow(new StorageKeyError('Enter a folder name.'));
    expect(() => normalizeFolder('  ')).toThrow(new StorageKeyError('Enter a folder name.'));
    expect(() => normalizeFolder('//')).toThrow(new StorageKeyError('Enter a folder name.'));
  });

  it.each([
    ['..', 'A folder name cannot be "." or "..".'],
    ['.', 'A folder name cannot be "." or "..".'],
    ['a/../b', 'A folder name cannot be "." or "..".'],
    ['../../etc', 'A folder name cannot be "." or "..".'],
    ['./a', 'A folder name cannot be "." or "..".'],
    ['a/ .. /b', 'A folder name cannot be "." or "..".'],
    ['a\\b', 'A folder name cannot contain a backslash (\\); use / between folders.'],
    ['..\\..\\windows', 'A folder name cannot contain a backslash (\\); use / between folders.'],
    ['C:/Users/me', 'Give a folder inside your files, not an absolute path such as "C:/…".'],
    ['c:', 'Give a folder inside your files, not an absolute path such as "C:/…".'],
    ['a\u0000b', 'A folder name cannot contain control characters.'],
    ['a\u0007b', 'A folder name cannot contain control characters.'],
    ['a\u007fb', 'A folder name cannot contain control characters.'],
    ['a\u0085b', 'A folder name cannot contain control characters.'],
    ['a/b\nc', 'A folder name cannot contain control characters.'],
    ['invoice\u202efdp.exe', 'A folder name cannot contain control characters.'],
    ['a\u2028b', 'A folder name cannot contain control characters.'],
    ['.~meta', 'A folder name cannot start with ".~" (reserved).'],
    ['a/.~tmp.1', 'A folder name cannot start with ".~" (reserved).'],
    ['bad\ud800half', 'A folder name contains invalid Unicode text.'],
    [
      'x'.repeat(256),
      'A folder name is too long: at most 255 bytes (255 plain letters, fewer accented or non-Latin ones).',
    ],
    [
      'é'.repeat(128),
      'A folder name is too long: at most 255 bytes (255 plain letters, fewer accented or non-Latin ones).',
    ],
    [Array(5).fill('x'.repeat(250)).join('/'), 'The folder path is too long: at most 1024 bytes.'],
  ])('refuses %j', (input, message) => {
    expect(() => normalizeFolder(input)).toThrow(new StorageKeyError(message));
  });

  it('refuses what is not text', () => {
    expect(() => normalizeFolder(42)).toThrow(new StorageKeyError('A folder name must be text.'));
    expect(() => normalizeFolder(undefined)).toThrow(StorageKeyError);
    expect(() => normalizeFolder(['a'])).toThrow(StorageKeyError);
  });
});

describe('storageKey', () => {
  it('joins server-side parts, a folder of several names included', () => {
    expect(storageKey('vault', 42, 'Taxes/2024', '3f2a.pdf')).toBe('vault/42/Taxes/2024/3f2a.pdf');
    expect(storageKey('public', 'logo.svg')).toBe('public/logo.svg');
    expect(storageKey('forms', 'Cafe\u0301.pdf')).toBe('forms/Caf\u00e9.pdf');
  });

  it.each([
    [[], 'A storage key needs at least one name.'],
    [['vault', ''], 'A storage key segment cannot be empty.'],
    [['vault', 'a//b'], 'A storage key segment cannot be empty.'],
    [['vault', 'a/'], 'A storage key segment cannot be empty.'],
    [['vault', '../x'], 'A storage key segment cannot be "." or "..".'],
    [['/etc', 'passwd'], 'A storage key cannot be an absolute path.'],
    [['vault', 'a\\b'], 'A storage key segment cannot contain a backslash (\\); use / between folders.'],
    [['vault', 'a\u0000'], 'A storage key segment cannot contain control characters.'],
    [['vault', '.~meta'], 'A storage key segment cannot start with ".~" (reserved).'],
    [['vault', -1], 'A storage key segment must be a whole number or text, not -1.'],
    [['vault', 1.5], 'A storage key segment must be a whole number or text, not 1.5.'],
    [['vault', NaN], 'A storage key segment must be a whole number or text, not NaN.'],
    [Array(5).fill('a'.repeat(250)), 'A storage key is too long: at most 1024 bytes.'],
  ] as Array<[Array<string | number>, string]>)('refuses %j', (parts, message) => {
    expect(() => storageKey(...parts)).toThrow(new StorageKeyError(message));
  });
});

describe('assertStorageKey', () => {
  it('accepts exactly the keys storageKey builds', () => {
    expect(() => assertStorageKey('vault/42/a.pdf')).not.toThrow();
    expect(() => assertStorageKey('')).toThrow(new StorageKeyError('A storage key cannot be empty.'));
    expect(() => assertStorageKey('/vault')).toThrow(new StorageKeyError('A storage key cannot be an absolute path.'));
    expect(() => assertStorageKey('vault/')).toThrow(StorageKeyError);
    expect(() => assertStorageKey('Cafe\u0301')).toThrow(
      new StorageKeyError('A storage key must be in Unicode NFC form.'),
    );
  });
});

describe('storagePrefix', () => {
  it('takes a folder key with or without a trailing slash', () => {
    expect(storagePrefix('')).toBe('');
    expect(storagePrefix('vault/42')).toBe('vault/42');
    expect(storagePrefix('vault/42/')).toBe('vault/42');
    expect(() => storagePrefix('/')).toThrow(StorageKeyError);
    expect(() => storagePrefix('../')).toThrow(StorageKeyError);
    expect(() => storagePrefix('vault//')).toThrow(StorageKeyError);
  });
});
