import { BLOCKED_EXTENSIONS, blockedExtension, VAULT_FULL, VAULT_FULL_PREFIX } from './documents';

describe('blockedExtension', () => {
  it.each([
    ['2024 W-2 corrected.pdf.exe', '.exe'],
    ['Receipt.LNK', '.lnk'],
    ['setup.msi.', '.msi'],
    ['update.hta . .', '.hta'],
    ['helper.js ', '.js'],
    ['Tax.Ps1', '.ps1'],
    ['old.ex_', '.ex_'],
  ])('finds the blocked type of %s: %s', (name, extension) => {
    expect(blockedExtension(name)).toBe(extension);
  });

  it.each(['return.pdf', 'IMG_0001.HEIC', 'ledger.qbb', 'books.xlsx', 'exe', '.exe-notes.txt', 'script.js.pdf', 'a.'])(
    'takes %s',
    (name) => {
      expect(blockedExtension(name)).toBeNull();
    },
  );

  it("holds Gmail's whole list, each in lower case with its dot", () => {
    expect(BLOCKED_EXTENSIONS).toHaveLength(53);
    for (const extension of BLOCKED_EXTENSIONS) expect(extension).toMatch(/^\.[a-z0-9_]+$/);
  });
});

describe('VAULT_FULL', () => {
  it('names the quota in GB, or MB under one GB', () => {
    expect(VAULT_FULL(10 * 1024 ** 3)).toBe(
      'Your vault is full (10 GB). Delete files you no longer need, or contact us.',
    );
    expect(VAULT_FULL(2.5 * 1024 ** 3)).toBe(
      'Your vault is full (2.5 GB). Delete files you no longer need, or contact us.',
    );
    expect(VAULT_FULL(1024 ** 2)).toBe('Your vault is full (1 MB). Delete files you no longer need, or contact us.');
    expect(VAULT_FULL(1024 ** 2).startsWith(VAULT_FULL_PREFIX)).toBe(true);
  });
});
