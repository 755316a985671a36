/**
 * `attachment` with the file's name, readable by every browser: an ASCII fallback in `filename` (quotes,
 * backslashes and anything outside printable ASCII replaced) and the exact name, percent-encoded, in
 * `filename*` (RFC 6266 / RFC 8187). Nothing of the name can end the header or add another.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
