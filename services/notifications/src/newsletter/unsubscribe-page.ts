import type { AppConfig } from '@portal/config';
import type { FastifyReply } from 'fastify';
import escapeHtml from 'escape-html';

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

function page(options: UnsubscribePageOptions, title: string, paragraphs: string[], form = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(`${title} · ${options.brand}`)}</title><style>${STYLE}</style></head>
<body><main><p class="brand">${escapeHtml(options.brand)}</p><h1>${escapeHtml(title)}</h1>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
${form}<p><a href="${escapeHtml(`${options.appUrl}/`)}">Back to the website</a></p></main></body></html>`;
}

/**
 * The page a mailed link opens (an unsubscribe link, a resubscribe link): a button that posts the token
 * back to the same address. Opening the link changes nothing, because mail scanners and link previews
 * open every link of a message (corporate gateways do so for each mail they deliver) and would act for
 * people who never clicked.
 */
function confirmPage(
  options: UnsubscribePageOptions,
  title: string,
  paragraph: string,
  token: string,
  button = 'Unsubscribe',
): string {
  const action = `?${new URLSearchParams({ token }).toString()}`;
  const form =
    `<form method="post" action="${escapeHtml(action)}"><p><button type="submit" style="padding:10px 18px;` +
    `border:0;border-radius:8px;background:#0f766e;color:#ffffff;font-size:16px;font-weight:600;cursor:pointer">` +
    `${escapeHtml(button)}</button></p></form>\n`;
  return page(options, title, [paragraph], form);
}

/** The newsletter welcome mail's link, before the button is pressed. */
export function confirmUnsubscribePage(options: UnsubscribePageOptions, token: string): string {
  return confirmPage(
    options,
    'Unsubscribe from our newsletter?',
    'Press the button to stop receiving our newsletter at this address.',
    token,
  );
}

/** A deadline mail's link, before the button is pressed. */
export function confirmDeadlineAlertsUnsubscribePage(options: UnsubscribePageOptions, token: string): string {
  return confirmPage(
    options,
    'Unsubscribe from deadline reminders?',
    'Press the button to stop receiving tax and compliance deadline reminders at this address.',
    token,
  );
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

/** The pages of a mailed link: with its button, once its work is done, and for a token that is not ours. */
export interface LinkPages {
  confirm: (options: UnsubscribePageOptions, token: string) => string;
  done: UnsubscribePage;
  invalid: UnsubscribePage;
}

/**
 * The pages of a resubscribe link (see SubscriptionList) of a list: `title` of the one with the button; `what`
 * its mails are, `each` one of them, `signUpAgain` where to ask for a new link, as sentences take them.
 */
function resubscribePages(list: { title: string; what: string; each: string; signUpAgain: string }): LinkPages {
  return {
    confirm: (options, token) =>
      confirmPage(
        options,
        list.title,
        `Press the button to receive ${list.what} at this address again.`,
        token,
        'Confirm',
      ),
    done: (options) =>
      page(options, 'You are subscribed again', [
        `You will receive ${list.what} at this address again; a welcome e-mail is on its way.`,
        `Every ${list.each} carries a link to unsubscribe.`,
      ]),
    // Not ours, used already or expired: it says nothing about any address.
    invalid: (options) =>
      page(options, 'This link is invalid or expired', [
        'It may be incomplete, used already, or older than a week.',
        `${list.signUpAgain}: we will e-mail you a new link.`,
      ]),
  };
}

export const NEWSLETTER_RESUBSCRIBE_PAGES = resubscribePages({
  title: 'Confirm your newsletter subscription',
  what: 'our newsletter',
  each: 'newsletter',
  signUpAgain: 'To receive our newsletter, subscribe again from the footer of our website',
});

export const DEADLINE_ALERTS_RESUBSCRIBE_PAGES = resubscribePages({
  title: 'Confirm your deadline reminders',
  what: 'tax and compliance deadline reminders',
  each: 'reminder',
  signUpAgain: 'To receive deadline reminders, sign up again on our Deadline Alerts page',
});

/**
 * Which of its pages a mailed link's token opens: the one with the button ('ask'), the one saying its work
 * is done ('done'), or the one saying the link is not valid (null).
 */
export type LinkPage = 'ask' | 'done' | null;

/**
 * What an unsubscribe token is: one of a current subscription ('subscribed': the link asks for the
 * button; 'unsubscribed': already done), or not ours (null).
 */
export type UnsubscribeLinkState = 'subscribed' | 'unsubscribed' | null;

/**
 * The answer to a mailed link (a GET, so a page, not JSON) or to its page's button (a POST): `pages.confirm`
 * or `pages.done` with 200, `pages.invalid` with 404 for a token that is not ours. Never cached.
 */
export function answerLinkPage(
  reply: FastifyReply,
  config: Pick<AppConfig, 'BRAND_NAME' | 'appUrl' | 'SUPPORT_EMAIL'>,
  link: { token: unknown; page: LinkPage },
  pages: LinkPages,
): string {
  const options = { brand: config.BRAND_NAME, appUrl: config.appUrl, supportEmail: config.SUPPORT_EMAIL };
  void reply
    .status(link.page ? 200 : 404)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store');
  if (link.page === 'ask' && typeof link.token === 'string') return pages.confirm(options, link.token);
  return link.page ? pages.done(options) : pages.invalid(options);
}

/**
 * The answer to an unsubscribe link or to its button (a POST, also the one-click unsubscribe of RFC 8058):
 * the button for a token whose subscription is on, `pages.done` for one that is off (just now or before).
 */
export function answerUnsubscribeLink(
  reply: FastifyReply,
  config: Pick<AppConfig, 'BRAND_NAME' | 'appUrl' | 'SUPPORT_EMAIL'>,
  link: { token: unknown; state: UnsubscribeLinkState },
  pages: LinkPages,
): string {
  const page = link.state === 'subscribed' ? 'ask' : link.state && 'done';
  return answerLinkPage(reply, config, { token: link.token, page }, pages);
}
