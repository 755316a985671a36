import { extractLinks } from '@portal/events';
import { formatDay, formatDayList, formatSize } from './intake-templates';
import { renderTemplate } from './templates';

const options = { brand: 'Harbor Tax & Accounting', supportEmail: 'support@example.com', timeZone: 'America/New_York' };

describe('intake mails', () => {
  it('write dates, sizes and lists of days for people', () => {
    expect(formatDay('2026-12-15')).toBe('Tuesday, December 15, 2026');
    expect(() => formatDay('soon')).toThrow('not a date');
    expect(formatSize(523)).toBe('523 bytes');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatDayList([30, 7, 1])).toBe('30 days, 7 days and 1 day');
    expect(formatDayList([14])).toBe('14 days');
  });

  it('job application: names applicant and position, links the inbox, never attaches the resume', () => {
    const inboxLink = 'https://portal.example.com/admin?tab=inbox';
    const mail = renderTemplate(
      {
        template: 'staff-job-application',
        to: 'staff@example.com',
        data: {
          name: 'Jane Doe',
          email: 'jane@example.com',
          phone: '+1 919 555 0142',
          linkedin: 'https://www.linkedin.com/in/janedoe',
          position: 'CPA (Remote, US)',
          message: 'Ten years in public accounting.\nAvailable in January.',
          resumeFileName: 'Jane Doe CV.pdf',
          resumeBytes: 48_213,
          inboxLink,
        },
      },
      options,
    );
    expect(mail.subject).toBe('Job application from Jane Doe: CPA (Remote, US)');
    expect(mail.replyTo).toBe('jane@example.com');
    expect(mail.text).toContain('Jane Doe applied for CPA (Remote, US) through the careers page.');
    expect(mail.text).toContain('LinkedIn: https://www.linkedin.com/in/janedoe');
    expect(mail.text).toContain('Resume: Jane Doe CV.pdf (47.1 KB). It is not attached');
    expect(mail.text).toContain('Available in January.');
    expect(extractLinks(mail)).toContain(inboxLink);
  });

  it('deadline welcome: the days before, the calendar and the unsubscribe link', () => {
    const link = 'https://portal.example.com/api/deadline-alerts/unsubscribe?token=abc';
    const mail = renderTemplate(
      { template: 'deadline-alerts-welcome', to: 'a@b.co', data: { unsubscribeLink: link, daysBefore: [30, 7, 1] } },
      options,
    );
    expect(mail.subject).toBe("You're subscribed to deadline reminders from Harbor Tax & Accounting");
    expect(mail.text).toContain('We will e-mail you 30 days, 7 days and 1 day before each deadline');
    expect(mail.text).toContain(`Unsubscribe: ${link}`);
    expect(mail.unsubscribeUrl).toBe(link);
    expect(extractLinks(mail)).toEqual(['https://portal.example.com/filings', link]);
  });

  it('resubscribe: the confirmation link, its expiry, and no unsubscribe link (it is not list mail)', () => {
    const link = 'https://portal.example.com/api/deadline-alerts/resubscribe?token=abc';
    const mail = renderTemplate(
      { template: 'deadline-alerts-resubscribe', to: 'a@b.co', data: { link, expiresInDays: 7 } },
      options,
    );
    expect(mail.subject).toBe('Confirm your deadline reminders');
    expect(mail.text).toContain(
      'This address was signed up for tax and compliance deadline reminders from Harbor Tax & Accounting.',
    );
    expect(mail.text).toContain(`Confirm your deadline reminders: ${link}`);
    expect(mail.text).toContain('The link works once and expires in 7 days.');
    expect(mail.unsubscribeUrl).toBeUndefined();
    expect(extractLinks(mail)).toEqual([link]);
  });

  it('reminder: the filing, its deadline, its page and the unsubscribe link', () => {
    const data = {
      formName: 'Annual Report',
      officialName: 'Annual Report (Secretary of State)',
      deadline: '2027-04-15',
      daysLeft: 7,
      filingLink: 'https://portal.example.com/filings/annual-report',
      unsubscribeLink: 'https://portal.example.com/api/deadline-alerts/unsubscribe?token=xyz',
    };
    const mail = renderTemplate({ template: 'deadline-reminder', to: 'a@b.co', data }, options);
    expect(mail.subject).toBe('Reminder: Annual Report is due in 7 days (Thursday, April 15, 2027)');
    expect(mail.text).toContain(
      'Annual Report is due in 7 days, on Thursday, April 15, 2027.\n\nFiled as: Annual Report (Secretary of State).',
    );
    expect(extractLinks(mail)).toEqual([data.filingLink, data.unsubscribeLink]);
    expect(mail.unsubscribeUrl).toBe(data.unsubscribeLink);
    const tomorrow = renderTemplate(
      { template: 'deadline-reminder', to: 'a@b.co', data: { ...data, daysLeft: 1 } },
      options,
    );
    expect(tomorrow.subject).toBe('Reminder: Annual Report is due tomorrow (Thursday, April 15, 2027)');
  });
});
