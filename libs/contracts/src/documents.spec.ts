import { BLOCKED_EXTENSIONS, blockedExtension } from './documents';

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
