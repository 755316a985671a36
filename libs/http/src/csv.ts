/**
 * CSV as spreadsheets read it (RFC 4180): fields separated by commas, lines by CRLF, a field quoted
 * when it holds a comma, a quote or a line break (quotes doubled). A field that a spreadsheet would run
 * as a formula (starting with = + - @, a tab or a carriage return) is prefixed with an apostrophe: an
 * address typed into a public form must not become a formula in the staff's spreadsheet.
 */

export type CsvValue = string | number | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
