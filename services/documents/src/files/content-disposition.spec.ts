import { contentDisposition } from './content-disposition';

/** What a browser recovers from `filename*` (RFC 8187 decoding). */
function decodedName(header: string): string {
  const match = /filename\*=UTF-8''([^;]+)$/.exec(header);
  if (!match) throw new Error(`no filename* in ${header}`);
  return decodeURIComponent(match[1]);
}

describe('contentDisposition', () => {
  it('names a plain file twice, as attachment', () => {
    expect(contentDisposition('W-2 2024.pdf')).toBe(
      `attachment; filename="W-2 2024.pdf"; filename*=UTF-8''W-2%202024.pdf`,
    );
  });

  it.each(['Résumé – 2024.pdf', '税务表格.pdf', '📄 ID scan.png', 'a"b\\c%41;d.txt', "it's (final)*.docx"])(
    'keeps %j exactly through filename*',
    (name) => {
      const header = contentDisposition(name);
      expect(decodedName(header)).toBe(name);
      // Only RFC 8187 attr-chars and percent escapes in the extended value.
      expect(header.split("UTF-8''")[1]).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    },
  );

  it('gives an ASCII fallback without quotes, backslashes or percent signs to misread', () => {
    expect(contentDisposition('Résumé.pdf')).toMatch(/^attachment; filename="R_sum_.pdf"; /);
    expect(contentDisposition('a"b\\c%41.txt')).toMatch(/^attachment; filename="a_b_c_41.txt"; /);
    expect(contentDisposition('📄.png')).toMatch(/^attachment; filename="_.png"; /);
  });
});
