// RFC 8187 attr-char: what may stand unencoded in `filename*`.
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/** `filename*` value: UTF-8, every byte outside attr-char percent-encoded (RFC 8187). */
function extValue(name: string): string {
  let encoded = '';
  for (const char of name) {
    if (ATTR_CHAR.test(char)) encoded += char;
    else
      for (const byte of Buffer.from(char, 'utf8')) encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return `UTF-8''${encoded}`;
}

/**
 * The plain `filename` for clients that do not read `filename*`: printable ASCII only, with the
 * characters a quoted string or a lax parser could misread (quote, backslash, percent) and
 * everything else replaced by '_'.
 */
function asciiFallback(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\%]/gu, '_');
}

/**
 * `Content-Disposition: attachment` for a download (RFC 6266): always saved, never shown as a page,
 * with the name as uploaded (non-ASCII kept through `filename*`) and an ASCII fallback.
 */
export function contentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=${extValue(fileName)}`;
}
