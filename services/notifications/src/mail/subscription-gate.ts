import type { MailTemplateName, MailTemplates, TemplateMail } from '@portal/events';
import type { DataSource } from 'typeorm';
import { deadlineLinkState } from '../deadline-alerts/deadline-alerts.service';
import { newsletterLinkState } from '../newsletter/newsletter.service';
import type { UnsubscribeLinkState } from '../newsletter/unsubscribe-page';

type Queryable = Pick<DataSource, 'query'>;

/** The templates whose mails go to a subscription: they carry its unsubscribe link. */
export type SubscriptionTemplate = {
  [T in MailTemplateName]: MailTemplates[T] extends { unsubscribeLink: string } ? T : never;
}[MailTemplateName];

/**
 * Each subscription mail's list, and how the state of the subscription its link's token belongs to is read.
 * A Record over every template with an unsubscribe link, so a new one cannot be left out.
 */
const SUBSCRIPTION_MAILS: Record<
  SubscriptionTemplate,
  { list: string; state: (db: Queryable, token: unknown) => Promise<UnsubscribeLinkState> }
> = {
  'newsletter-welcome': { list: 'the newsletter', state: newsletterLinkState },
  'deadline-alerts-welcome': { list: 'deadline reminders', state: deadlineLinkState },
  'deadline-reminder': { list: 'deadline reminders', state: deadlineLinkState },
};

export function isSubscriptionMail(
  mail: TemplateMail,
): mail is Extract<TemplateMail, { template: SubscriptionTemplate }> {
  return Object.hasOwn(SUBSCRIPTION_MAILS, mail.template);
}

/** The `token` of an unsubscribe link, or null when the link is not one (a redacted job's '[redacted]'). */
export function unsubscribeToken(link: string): string | null {
  try {
    return new URL(link).searchParams.get('token');
  } catch {
    return null;
  }
}

/**
 * Why a mail to a subscription must not be sent now, or null when it may be (or is not such a mail).
 * Read just before sending: a mail may wait in the queue for hours (an outage, SES throttling, retries),
 * and the person may have unsubscribed meanwhile. A link whose token is no longer the subscription's (the
 * person unsubscribed and subscribed again since: the new welcome mail has the link that works) is not sent
 * either: its unsubscribe link would not work.
 */
export async function subscriptionEnded(db: Queryable, mail: TemplateMail): Promise<string | null> {
  if (!isSubscriptionMail(mail)) return null;
  const { list, state } = SUBSCRIPTION_MAILS[mail.template];
  switch (await state(db, unsubscribeToken(mail.data.unsubscribeLink))) {
    case 'subscribed':
      return null;
    case 'unsubscribed':
      return `the address unsubscribed from ${list}`;
    default:
      return `its unsubscribe link is not the current one of a subscription to ${list}`;
  }
}
