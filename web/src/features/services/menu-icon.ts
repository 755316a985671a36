/**
 * Menu icons arrive as inline SVG markup from the catalog. It is inserted as HTML, so only a plain line
 * drawing passes, checked against what is allowed rather than against what is known to be bad: one <svg>
 * of basic shapes (the seeded icons use path and circle), presentation and geometry attributes with
 * plain values, no text but in title and desc. Anything else (a script, a handler, a link, a <meta>, a
 * comment, an entity, a url(...) reference) gets the default marker. The markup is returned as it came,
 * so what passes must parse the same in the browser as here: every tag is matched and closed.
 */
const ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'rect',
  'line',
  'polyline',
  'polygon',
  'title',
  'desc',
]);
/** Elements whose content may be text (a name for the drawing), not markup. */
const TEXT_ELEMENTS = new Set(['title', 'desc']);
const ATTRIBUTES = new Set([
  // The drawing
  'd',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'points',
  'width',
  'height',
  'viewbox',
  'transform',
  // How it is painted
  'fill',
  'fill-rule',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'clip-rule',
  'opacity',
  // Hidden from assistive technology (the menu item's text names it)
  'aria-hidden',
  'focusable',
]);
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
// Numbers, words, colours (#abc), commas, dots, signs, the parentheses of a transform: no url(...), no '&'.
const PLAIN_VALUE = /^[\w\t\n\f\r #.,+%()-]*$/;
// HTML's own whitespace: the browser must split the markup where this does (not at a no-break space).
const SPACE = '[\\t\\n\\f\\r ]';
/** name="value" or name='value'; capturing the name and the value for ATTRIBUTE, not within TAG. */
const attributeSource = (capture: boolean) => {
  const group = capture ? '(' : '(?:';
  return `${SPACE}+${group}[^\\t\\n\\f\\r =/>]+)${SPACE}*=${SPACE}*(?:"${group}[^"]*)"|'${group}[^']*)')`;
};
const TAG = new RegExp(`<(/?)([a-zA-Z][\\w-]*)((?:${attributeSource(false)})*)${SPACE}*(/?)>`, 'y');
const ATTRIBUTE = new RegExp(attributeSource(true), 'g');
const BLANK = new RegExp(`^${SPACE}*$`);
const MAX_LENGTH = 20_000;

export function safeSvgIcon(markup: string | null | undefined): string | null {
  const svg = markup?.trim() ?? '';
  if (svg.length > MAX_LENGTH) return null;
  return isPlainDrawing(svg) ? svg : null;
}

/** One <svg> element, first and last, of allowed elements and attributes, every tag closed in order. */
function isPlainDrawing(svg: string): boolean {
  const open: string[] = [];
  let position = 0;
  for (;;) {
    const tagStart = svg.indexOf('<', position);
    const text = svg.slice(position, tagStart === -1 ? svg.length : tagStart);
    if (tagStart === -1 || !isAllowedText(text, open.at(-1))) return false;
    TAG.lastIndex = tagStart;
    const tag = TAG.exec(svg);
    if (!tag) return false;
    position = TAG.lastIndex;
    const [, closing, rawName, attributes, selfClosing] = tag;
    const name = rawName.toLowerCase();
    if (!ELEMENTS.has(name)) return false;
    if (closing) {
      if (attributes || selfClosing || open.pop() !== name) return false;
      if (open.length === 0) return position === svg.length;
      continue;
    }
    // The <svg> is the outermost element, and the only one.
    if ((name === 'svg') !== (open.length === 0) || !areAllowedAttributes(attributes)) return false;
    if (!selfClosing) open.push(name);
    else if (open.length === 0) return false;
  }
}

function isAllowedText(text: string, element: string | undefined): boolean {
  if (BLANK.test(text)) return true;
  return element !== undefined && TEXT_ELEMENTS.has(element) && !/[<>&]/.test(text);
}

// A url(#id) would be plain characters, and refers to some other element of the page: not a drawing's.
const isPlainValue = (value: string) => PLAIN_VALUE.test(value) && !/url\s*\(/i.test(value);

function areAllowedAttributes(attributes: string): boolean {
  for (const [, rawName, doubleQuoted, singleQuoted] of attributes.matchAll(ATTRIBUTE)) {
    const name = rawName.toLowerCase();
    const value = doubleQuoted ?? singleQuoted ?? '';
    if (name === 'xmlns' ? value !== SVG_NAMESPACE : !ATTRIBUTES.has(name) || !isPlainValue(value)) return false;
  }
  return true;
}
