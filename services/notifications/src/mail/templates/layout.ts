import escapeHtml from 'escape-html';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Where replies go (the sender of a contact message, say); From stays ours. */
  replyTo?: string;
  /** The List-Unsubscribe link of a subscription's mails (see MailMessage). */
  unsubscribeUrl?: string;
}

export interface MailLayoutOptions {
  brand: string;
  supportEmail: string;
  /** The firm's time zone (FIRM_TIME_ZONE): the day a mail names is the day there. */
  timeZone: string;
}

/**
 * The one HTML frame of every mail: inline styles only (mail clients drop <style>),
 * a single call-to-action button, and the plain link repeated for clients that block it.
 */
export function layout(
  options: MailLayoutOptions,
  body: { paragraphs: string[]; action?: { label: string; url: string }; after?: string[] },
): string {
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(text)}</p>`;
  const action = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#0f766e;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(body.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#4b5563">If the button does not work, open this link: <a href="${escapeHtml(body.action.url)}" style="color:#0f766e">${escapeHtml(body.action.url)}</a></p>`
    : '';
  return [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">',
    '<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">',
    `<tr><td><p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#0b1f3a">${escapeHtml(options.brand)}</p>`,
    ...body.paragraphs.map(paragraph),
    action,
    ...(body.after ?? []).map(paragraph),
    `<p style="margin:24px 0 0;font-size:13px;color:#6b7280">Questions? Write to ${escapeHtml(options.supportEmail)}.</p>`,
    '</td></tr></table></td></tr></table></body></html>',
  ].join('');
}

/** `Hello Ada,` for an account's first name, `Hello,` without one. */
export const greeting = (firstName: string) => (firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,');

/** One line for a header: what people typed may hold line breaks and runs of spaces. */
export const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * A subscription's mail (a newsletter's, a reminder's): its unsubscribe link as the text's last line, as a
 * small link under the HTML card, and as the List-Unsubscribe header mail clients offer as a button.
 */
export function withUnsubscribeLink(
  mail: Omit<RenderedMail, 'unsubscribeUrl'>,
  label: string,
  url: string,
): RenderedMail {
  const footer =
    `<p style="margin:16px 0 0;text-align:center;font-size:12px;color:#6b7280">` +
    `<a href="${escapeHtml(url)}" style="color:#6b7280">${escapeHtml(label)}</a></p>`;
  return {
    ...mail,
    text: `${mail.text}\n\nUnsubscribe: ${url}`,
    html: mail.html.replace('</body>', `${footer}</body>`),
    unsubscribeUrl: url,
  };
}

/**
 * What a sign-up of an address that unsubscribed gets instead of a list's welcome: `about` (why it gets this),
 * the link to confirm (`subject` is its button too), how long it works, and `ifIgnored`. Transactional, with no
 * unsubscribe link: it reaches an address that complained about list mail, whose owner asks for it again here.
 */
export function resubscribeMail(
  options: MailLayoutOptions,
  data: { link: string; expiresInDays: number },
  texts: { subject: string; about: string; ifIgnored: string },
): RenderedMail {
  const after = [`The link works once and expires in ${data.expiresInDays} days.`, texts.ifIgnored];
  return {
    subject: texts.subject,
    text: [texts.about, `${texts.subject}: ${data.link}`, ...after].join('\n\n'),
    html: layout(options, { paragraphs: [texts.about], action: { label: texts.subject, url: data.link }, after }),
  };
}
