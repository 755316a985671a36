import type { AppConfig } from '@portal/config';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../mail/templates/layout';

export interface UnsubscribePageOptions {
  brand: string;
  appUrl: string;
  supportEmail: string;
}

const STYLE = `
  body { margin: 0; padding: 48px 16px; background: #f3f4f6; font-family: -apple-system, Segoe UI, Helvetica, Arial, sans-serif; color: #1f2937; }
  main { max-width: 520px; margin: 0 auto; background: #ffffff; border-radius: 12px; padding: 32px; }
  .brand { margin: 0 0 24px; font-weight: 700; color: #0b1f3a; }
  h1 { margin: 0 0 16px; font-size: 24px; line-height: 32px; }
  p { margin: 0 0 16px; line-height: 24px; }
  a { color: #0f766e; }`;

function page(options: UnsubscribePageOptions, title: string, paragraphs: string[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(`${title} · ${options.brand}`)}</title><style>${STYLE}</style></head>
<body><main><p class="brand">${escapeHtml(options.brand)}</p><h1>${escapeHtml(title)}</h1>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
<p><a href="${escapeHtml(`${options.appUrl}/`)}">Back to the website</a></p></main></body></html>`;
}

/** The answer to a working unsubscribe link (also when it is followed again). */
export function unsubscribedPage(options: UnsubscribePageOptions): string {
  return page(options, 'You have been unsubscribed', [
    'You will no longer receive our newsletter at this address.',
    'Changed your mind? You can subscribe again at any time from the footer of our website.',
  ]);
}

/** The answer to a link that is not (or no longer) ours: it says nothing about any address. */
export function invalidUnsubscribeLinkPage(options: UnsubscribePageOptions): string {
  return page(options, 'This unsubscribe link is not valid', [
    'It may be incomplete, or a newer newsletter e-mail has replaced it. Use the link in the latest newsletter you received.',
    `Still receiving e-mails you do not want? Write to ${options.supportEmail} and we will remove your address.`,
  ]);
}

/** The answer to a deadline reminder's unsubscribe link (also when it is followed again). */
export function deadlineAlertsUnsubscribedPage(options: UnsubscribePageOptions): string {
  return page(options, 'You have been unsubscribed', [
    'You will no longer receive tax and compliance deadline reminders at this address.',
    'Changed your mind? You can sign up again at any time on our Deadline Alerts page.',
  ]);
}

/** A deadline-alert link that is not (or no longer) ours: it says nothing about any address. */
export function invalidDeadlineAlertsLinkPage(options: UnsubscribePageOptions): string {
  return page(options, 'This unsubscribe link is not valid', [
    'It may be incomplete, or you have signed up again since it was sent. Use the link in the latest deadline reminder you received.',
    `Still receiving e-mails you do not want? Write to ${options.supportEmail} and we will remove your address.`,
  ]);
}

type UnsubscribePage = (options: UnsubscribePageOptions) => string;

/**
 * The answer to an unsubscribe link (a GET from a mail, so a page, not JSON): `pages.done` with 200
 * when the token unsubscribed someone, `pages.invalid` with 404 otherwise; never cached.
 */
export function answerUnsubscribeLink(
  reply: FastifyReply,
  config: Pick<AppConfig, 'BRAND_NAME' | 'appUrl' | 'SUPPORT_EMAIL'>,
  done: boolean,
  pages: { done: UnsubscribePage; invalid: UnsubscribePage },
): string {
  const options = { brand: config.BRAND_NAME, appUrl: config.appUrl, supportEmail: config.SUPPORT_EMAIL };
  void reply
    .status(done ? 200 : 404)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store');
  return done ? pages.done(options) : pages.invalid(options);
}
