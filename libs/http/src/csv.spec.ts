import { csvField, csvLine } from './csv';

describe('csv', () => {
  it('writes plain values as they are, empty for none, dates in ISO 8601', () => {
    expect(csvLine(['jane@example.com', 3, null, undefined, new Date('2026-11-23T10:00:00Z')])).toBe(
      'jane@example.com,3,,,2026-11-23T10:00:00.000Z\r\n',
    );
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('+1 919 555 0142')).toBe("'+1 919 555 0142");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-2)).toBe('-2');
  });
});
