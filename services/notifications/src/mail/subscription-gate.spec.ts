import { createHash } from 'node:crypto';
import type { TemplateMail } from '@portal/events';
import { subscriptionEnded, unsubscribeToken } from './subscription-gate';

const TOKEN = 'a'.repeat(43);
const LINK = `https://portal.test/api/deadline-alerts/unsubscribe?token=${TOKEN}`;

/** The notifications database as far as the gate reads it: the status of the row the token's hash finds. */
function database(status: 'subscribed' | 'unsubscribed' | null) {
  const query = jest.fn(async (_sql: string, values: unknown[]) => {
    expect(values).toEqual([createHash('sha256').update(TOKEN).digest('hex')]);
    return status ? [{ status }] : [];
  });
  return { query } as unknown as { query: jest.Mock };
}

const reminder: TemplateMail = {
  template: 'deadline-reminder',
  to: 'client@example.com',
  data: {
    formName: 'Form 1120',
    officialName: 'U.S. Corporation Income Tax Return',
    deadline: '2031-04-15',
    daysLeft: 7,
    filingLink: 'https://portal.test/filings/form-1120',
    unsubscribeLink: LINK,
  },
};

describe('subscriptionEnded', () => {
  it('lets a mail to a subscription that is still on go out', async () => {
    const db = database('subscribed');
    expect(await subscriptionEnded(db, reminder)).toBeNull();
    expect(db.query.mock.calls[0][0]).toContain('FROM deadline_subscriptions');
  });

  it('stops a reminder, and both welcome mails, once their address unsubscribed', async () => {
    expect(await subscriptionEnded(database('unsubscribed'), reminder)).toBe(
      'the address unsubscribed from deadline reminders',
    );
    const welcome: TemplateMail = {
      template: 'deadline-alerts-welcome',
      to: 'client@example.com',
      data: { unsubscribeLink: LINK, daysBefore: [30, 7, 1] },
    };
    expect(await subscriptionEnded(database('unsubscribed'), welcome)).toBe(
      'the address unsubscribed from deadline reminders',
    );
    const newsletter = database('unsubscribed');
    const newsletterWelcome: TemplateMail = {
      template: 'newsletter-welcome',
      to: 'client@example.com',
      data: { unsubscribeLink: `https://portal.test/api/newsletter/unsubscribe?token=${TOKEN}` },
    };
    expect(await subscriptionEnded(newsletter, newsletterWelcome)).toBe('the address unsubscribed from the newsletter');
    expect(newsletter.query.mock.calls[0][0]).toContain('FROM newsletter_subscriptions');
  });

  it('stops a mail whose link is no longer the subscription’s (subscribed again since, with a new link)', async () => {
    expect(await subscriptionEnded(database(null), reminder)).toBe(
      'its unsubscribe link is not the current one of a subscription to deadline reminders',
    );
  });

  it('does not look up mails that are not to a subscription', async () => {
    const db = database('unsubscribed');
    const reset: TemplateMail = {
      template: 'reset-password',
      to: 'client@example.com',
      data: { firstName: 'Jane', link: 'https://portal.test/reset-password?token=x', expiresInMinutes: 60 },
    };
    expect(await subscriptionEnded(db, reset)).toBeNull();
    expect(db.query).not.toHaveBeenCalled();
  });
});

describe('unsubscribeToken', () => {
  it("reads the link's token, and nothing from a redacted link", () => {
    expect(unsubscribeToken(LINK)).toBe(TOKEN);
    expect(unsubscribeToken('[redacted]')).toBeNull();
  });
});
