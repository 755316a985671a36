/**
 * Menu icons arrive as inline SVG markup from the catalog. It is inserted as HTML, so only a plain
 * drawing passes: one <svg> element with no scripts, event handlers, links, embedded documents or
 * external references. Anything else gets the default marker (the CSP forbids inline scripts anyway;
 * this keeps a bad catalog entry from even trying).
 */
const FORBIDDEN_ELEMENT = /<\s*\/?\s*(script|foreignobject|iframe|object|embed|style|a|image|use|animate\w*|set)\b/i;
const EVENT_HANDLER = /[\s/"']on[a-z]+\s*=/i;
const LINK_ATTRIBUTE = /[\s/"'](xlink:)?href\s*=/i;
const EXTERNAL_URL = /url\(\s*['"]?(?!#)/i;

export function safeSvgIcon(markup: string | null | undefined): string | null {
  const svg = markup?.trim() ?? '';
  if (!/^<svg[\s>]/i.test(svg) || !/<\/svg>$/i.test(svg) || svg.length > 20_000) return null;
  if ((svg.match(/<svg[\s>]/gi) ?? []).length !== 1) return null;
  if (FORBIDDEN_ELEMENT.test(svg) || EVENT_HANDLER.test(svg) || LINK_ATTRIBUTE.test(svg) || EXTERNAL_URL.test(svg)) {
    return null;
  }
  if (/javascript:|<!--|<!\[CDATA\[|<\?/i.test(svg)) return null;
  return svg;
}
