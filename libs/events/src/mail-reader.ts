import type { AddressObject, ListHeaders } from 'mailparser';

/** What the dev mail viewer and the test harness read of a message. */
export interface MailContent {
  subject: string;
  /** As mailparser writes it: `"Portal" <no-reply@portal.test>`. */
  from: string;
  /** Bare addresses of the To header, in order. */
  to: string[];
  /** Bare addresses of the Reply-To header. */
  replyTo: string[];
  /** Without angle brackets. */
  messageId?: string;
  date?: Date;
  text?: string;
  html?: string;
  attachments: MailAttachment[];
  /** The List-Unsubscribe URL, and whether List-Unsubscribe-Post offers its one-click POST (RFC 8058). */
  unsubscribe?: { url: string; oneClick: boolean };
}

export interface MailAttachment {
  filename?: string;
  contentType: string;
  size: number;
}

/** Parses a whole RFC 822 message (a .eml file of the mail drop, a raw message sent to SES). */
export async function parseMail(raw: Buffer | string): Promise<MailContent> {
  // Loaded on first use: only development and tests read mail back, production never loads it.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(raw, { skipTextToHtml: true, checksumAlgo: false });
  return {
    subject: mail.subject ?? '',
    from: mail.from?.text ?? '',
    to: addresses(mail.to),
    replyTo: addresses(mail.replyTo),
    ...(mail.messageId ? { messageId: mail.messageId.replace(/^<|>$/g, '') } : {}),
    ...(mail.date ? { date: mail.date } : {}),
    ...(mail.text !== undefined ? { text: mail.text } : {}),
    ...(typeof mail.html === 'string' ? { html: mail.html } : {}),
    attachments: mail.attachments.map((attachment) => ({
      ...(attachment.filename ? { filename: attachment.filename } : {}),
      contentType: attachment.contentType,
      size: attachment.size,
    })),
    ...unsubscribeOf(mail.headers.get('list') as ListHeaders | undefined),
  };
}

/** Links a reader could follow: the HTML part's hrefs, then URLs in the text part; unique. */
export function extractLinks(mail: Pick<MailContent, 'text' | 'html'>): string[] {
  const links: string[] = [];
  for (const match of (mail.html ?? '').matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    links.push(decodeEntities(match[1] ?? match[2] ?? '').trim());
  }
  for (const match of (mail.text ?? '').matchAll(/\bhttps?:\/\/[^\s<>"]+/gi)) {
    links.push(match[0].replace(/[.,;:!?)\]'}]+$/, ''));
  }
  return [...new Set(links.filter((link) => /^(https?:|mailto:)/i.test(link)))];
}

/** Group members included, display names left out. */
function addresses(header: AddressObject | AddressObject[] | undefined): string[] {
  return [header ?? []]
    .flat()
    .flatMap((object) => object.value)
    .flatMap((entry) => entry.group ?? [entry])
    .flatMap((entry) => (entry.address ? [entry.address] : []));
}

/** The entities an attribute value of our templates can hold (`&amp;`, `&#38;`, `&#x26;`). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (entity, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? entity;
  });
}

/** List-Unsubscribe's URL, and whether List-Unsubscribe-Post offers the one-click POST (mailparser's `list`). */
function unsubscribeOf(list: ListHeaders | undefined): Pick<MailContent, 'unsubscribe'> {
  const url = list?.unsubscribe?.url;
  if (!url) return {};
  return { unsubscribe: { url, oneClick: list['unsubscribe-post']?.name === 'List-Unsubscribe=One-Click' } };
}
