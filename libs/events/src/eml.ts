/**
 * A small, dependency-free reader of RFC 822 / MIME messages as written by the local
 * mail drop (nodemailer's MailComposer): unfolded headers with RFC 2047 encoded words,
 * nested multiparts, base64 / quoted-printable / 7bit / 8bit bodies, declared charsets.
 * It reads our own development mail, it is not a hardened parser for hostile input.
 */

export interface EmlHeader {
  /** As written (case kept). */
  name: string;
  /** Unfolded and decoded. */
  value: string;
}

export interface EmlAttachment {
  filename?: string;
  contentType: string;
  size: number;
}

export interface ParsedEml {
  headers: EmlHeader[];
  subject: string;
  from: string;
  /** Bare addresses of the To header, in order. */
  to: string[];
  /** Without angle brackets. */
  messageId?: string;
  date?: Date;
  /** Line breaks as \n. */
  text?: string;
  /** Line breaks as \n. */
  html?: string;
  attachments: EmlAttachment[];
}

interface Part {
  headers: EmlHeader[];
  /** Raw body, one character per byte (latin1). */
  body: string;
}

const ENCODED_WORD = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g;

/** Parses a whole message (a Buffer read from a .eml file, or its text). */
export function parseEml(source: Buffer | string): ParsedEml {
  const raw = typeof source === 'string' ? Buffer.from(source, 'utf8').toString('latin1') : source.toString('latin1');
  const root = splitPart(raw);
  const result: ParsedEml = {
    headers: root.headers,
    subject: headerValue(root.headers, 'subject') ?? '',
    from: headerValue(root.headers, 'from') ?? '',
    to: parseAddresses(headerValue(root.headers, 'to') ?? ''),
    attachments: [],
  };
  const messageId = headerValue(root.headers, 'message-id');
  if (messageId) result.messageId = messageId.trim().replace(/^<|>$/g, '');
  const date = headerValue(root.headers, 'date');
  if (date && !Number.isNaN(Date.parse(date))) result.date = new Date(date);
  collect(root, result);
  return result;
}

/** The first header of that name (case-insensitive), decoded. */
export function headerValue(headers: EmlHeader[], name: string): string | undefined {
  const wanted = name.toLowerCase();
  return headers.find((header) => header.name.toLowerCase() === wanted)?.value;
}

/** `a@x.com, "Doe, Jane" <jane@y.com>` → ['a@x.com', 'jane@y.com']. */
export function parseAddresses(value: string): string[] {
  const addresses: string[] = [];
  let current = '';
  let quoted = false;
  let angle = false;
  const flush = () => {
    const entry = current.trim();
    current = '';
    if (!entry) return;
    const bracketed = /<([^<>]*)>\s*$/.exec(entry);
    const address = (bracketed ? bracketed[1] : entry.replace(/^[^:]*:\s*/, '').replace(/;$/, '')).trim();
    if (address.includes('@')) addresses.push(address);
  };
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index];
    if (char === '\\' && quoted) {
      current += char + (value[index + 1] ?? '');
      index += 1;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '<') angle = true;
    else if (!quoted && char === '>') angle = false;
    if (char === ',' && !quoted && !angle) flush();
    else current += char;
  }
  flush();
  return addresses;
}

/** Links a reader could follow: the HTML part's hrefs, then URLs in the text part; unique. */
export function extractLinks(mail: Pick<ParsedEml, 'text' | 'html'>): string[] {
  const links: string[] = [];
  for (const match of (mail.html ?? '').matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    links.push(decodeEntities(match[1] ?? match[2] ?? '').trim());
  }
  for (const match of (mail.text ?? '').matchAll(/\bhttps?:\/\/[^\s<>"]+/gi)) {
    links.push(match[0].replace(/[.,;:!?)\]'}]+$/, ''));
  }
  return [...new Set(links.filter((link) => /^(https?:|mailto:)/i.test(link)))];
}

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (entity, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? entity;
  });
}

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: EmlHeader[] = [];
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.push({ name: line.slice(0, colon).trim(), value: decodeHeader(line.slice(colon + 1).trim()) });
  }
  return { headers, body };
}

function collect(part: Part, result: ParsedEml): void {
  const contentType = parseHeaderParams(headerValue(part.headers, 'content-type') ?? 'text/plain');
  const type = contentType.value.toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = contentType.params.boundary;
    if (!boundary) return;
    for (const child of splitMultipart(part.body, boundary)) collect(splitPart(child), result);
    return;
  }
  const disposition = parseHeaderParams(headerValue(part.headers, 'content-disposition') ?? '');
  const bytes = decodeTransfer(part.body, headerValue(part.headers, 'content-transfer-encoding') ?? '7bit');
  const isAttachment = disposition.value.toLowerCase() === 'attachment';
  if (!isAttachment && type === 'text/plain' && result.text === undefined) {
    result.text = decodeCharset(bytes, contentType.params.charset).replace(/\r\n/g, '\n');
  } else if (!isAttachment && type === 'text/html' && result.html === undefined) {
    result.html = decodeCharset(bytes, contentType.params.charset).replace(/\r\n/g, '\n');
  } else {
    const filename = disposition.params.filename ?? contentType.params.name;
    result.attachments.push({ ...(filename ? { filename } : {}), contentType: type, size: bytes.length });
  }
}

function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split(/\r?\n/)) {
    if (line.startsWith(delimiter)) {
      const rest = line.slice(delimiter.length);
      if (rest.startsWith('--')) {
        if (current) parts.push(current.join('\r\n'));
        return parts;
      }
      if (rest.trim() === '') {
        if (current) parts.push(current.join('\r\n'));
        current = [];
        continue;
      }
    }
    current?.push(line);
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(decodeQuotedPrintable(body), 'latin1');
    default:
      return Buffer.from(body, 'latin1');
  }
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/[ \t]+(?=\r?\n)/g, '')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeCharset(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Header text (latin1 bytes) → string: raw UTF-8 bytes and RFC 2047 encoded words. */
function decodeHeader(value: string): string {
  const text = decodeCharset(Buffer.from(value, 'latin1'), 'utf-8');
  const tokens: Array<{ charset: string; bytes: Buffer } | string> = [];
  let last = 0;
  for (const match of text.matchAll(ENCODED_WORD)) {
    const between = text.slice(last, match.index);
    // Whitespace between two encoded words is not part of the text (RFC 2047, 6.2).
    if (between && !(/^\s+$/.test(between) && typeof tokens.at(-1) === 'object')) tokens.push(between);
    const [, charsetSpec, encoding, encoded] = match;
    const charset = charsetSpec.split('*')[0].toLowerCase();
    const bytes =
      encoding.toLowerCase() === 'b'
        ? Buffer.from(encoded, 'base64')
        : Buffer.from(decodeQuotedPrintable(encoded.replace(/_/g, ' ')), 'latin1');
    const previous = tokens.at(-1);
    // Adjacent words of one charset are joined first: a character may span two words.
    if (typeof previous === 'object' && previous.charset === charset) {
      previous.bytes = Buffer.concat([previous.bytes, bytes]);
    } else {
      tokens.push({ charset, bytes });
    }
    last = (match.index ?? 0) + match[0].length;
  }
  if (last < text.length) tokens.push(text.slice(last));
  return tokens
    .map((token) => (typeof token === 'string' ? token : decodeCharset(token.bytes, token.charset)))
    .join('');
}

/** `text/plain; charset="utf-8"` → { value: 'text/plain', params: { charset: 'utf-8' } }, with RFC 2231. */
function parseHeaderParams(header: string): { value: string; params: Record<string, string> } {
  const [value, ...rest] = splitParams(header);
  const pieces = new Map<string, { extended: boolean; parts: Map<number, string> }>();
  const params: Record<string, string> = {};
  for (const item of rest) {
    const equals = item.indexOf('=');
    if (equals <= 0) continue;
    const key = item.slice(0, equals).trim().toLowerCase();
    let raw = item.slice(equals + 1).trim();
    if (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) raw = raw.slice(1, -1).replace(/\\(.)/g, '$1');
    const continuation = /^([^*]+)\*(\d+)?(\*)?$/.exec(key);
    if (!continuation) {
      params[key] = raw;
      continue;
    }
    const [, name, index, star] = continuation;
    const entry = pieces.get(name) ?? { extended: false, parts: new Map<number, string>() };
    if (star || index === undefined) entry.extended = true;
    entry.parts.set(Number(index ?? 0), raw);
    pieces.set(name, entry);
  }
  for (const [name, entry] of pieces) {
    const joined = [...entry.parts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, part]) => part)
      .join('');
    if (!entry.extended) {
      params[name] = joined;
      continue;
    }
    const extended = /^([^']*)'[^']*'(.*)$/.exec(joined);
    const charset = extended?.[1] || 'utf-8';
    const encoded = extended ? extended[2] : joined;
    const bytes = Buffer.from(
      encoded.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
    params[name] = decodeCharset(bytes, charset);
  }
  return { value: (value ?? '').trim(), params };
}

function splitParams(header: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < header.length; index += 1) {
    const char = header[index];
    if (char === '\\' && quoted) {
      current += char + (header[index + 1] ?? '');
      index += 1;
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === ';' && !quoted) {
      items.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  items.push(current);
  return items;
}
