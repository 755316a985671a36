import escapeHtml from 'escape-html';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { OutgoingMail } from './mail-transport';

/**
 * The RFC 822 bytes of a message: multipart/alternative with the text part and an HTML
 * part (generated from the text when the producer gave none). The same bytes go to a
 * file in development and to SES in production.
 */
export function composeMime(message: OutgoingMail, date = new Date()): Promise<Buffer> {
  const composer = new MailComposer({
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html ?? textToHtml(message.text),
    messageId: `<${message.messageId}>`,
    ...(message.unsubscribeUrl
      ? {
          headers: {
            'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
    date,
    // Our text is mostly ASCII: quoted-printable for every part and header word, without
    // nodemailer counting the characters of each value to choose it (a third of its time).
    textEncoding: 'quoted-printable',
  });
  return new Promise((resolve, reject) => {
    composer.compile().build((error, raw) => (error ? reject(error) : resolve(raw)));
  });
}

/** Paragraphs at blank lines, line breaks kept, http(s) URLs as links; everything escaped. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map(linkify).join('<br>\n')}</p>`);
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"></head>',
    '<body style="font-family: -apple-system, Segoe UI, Helvetica, Arial, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2933">',
    ...paragraphs,
    '</body></html>',
  ].join('\n');
}

function linkify(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(/\bhttps?:\/\/[^\s<>"]+/gi)) {
    const url = match[0].replace(/[.,;:!?)\]'}]+$/, '');
    const start = match.index ?? 0;
    html += escapeHtml(line.slice(last, start)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(line.slice(last));
}
