import { defaultJobOptions, isQueueName, jobPriority, LIST_MAIL_PRIORITY, QUEUE_NAMES, QUEUES } from './queues';

describe('queue registry', () => {
  // Names are data in Redis and a contract between services: a rename must fail here.
  it('keeps the shipped queue names', () => {
    expect(QUEUES).toEqual({
      mail: 'mail',
      stripeEvents: 'stripe-events',
      deadlineAlerts: 'deadline-alerts',
      audit: 'audit',
      passwordReset: 'password-reset',
    });
    expect(QUEUE_NAMES).toEqual([
      'mail',
      'stripe-events',
      'deadline-alerts',
      'audit',
      'password-reset',
      'housekeeping-identity',
      'housekeeping-catalog',
      'housekeeping-billing',
      'housekeeping-onboarding',
      'housekeeping-documents',
      'housekeeping-notifications',
    ]);
    expect(isQueueName('mail')).toBe(true);
    expect(isQueueName('mails')).toBe(false);
  });

  it('retries 12 times with exponential backoff and keeps finished jobs as agreed', () => {
    expect(defaultJobOptions()).toEqual({
      attempts: 12,
      backoff: { type: 'exponential', delay: 5000 },
      removeOnComplete: { age: 604800, count: 10000 },
      // 30 days (FAILED_JOB_RETENTION_DAYS): failed jobs hold personal data.
      removeOnFail: { age: 2592000 },
    });
    expect(defaultJobOptions(100).backoff).toEqual({ type: 'exponential', delay: 100 });
  });

  it('puts list mail (with an unsubscribe link) behind the rest of the mail queue, and nothing else', () => {
    const reminder = {
      template: 'deadline-reminder',
      to: 'a@example.com',
      data: {
        formName: 'Form 1120',
        officialName: 'U.S. Corporation Income Tax Return',
        deadline: '2027-04-15',
        daysLeft: 1,
        filingLink: 'https://portal.example/filings/form-1120',
        unsubscribeLink: 'https://portal.example/api/deadline-alerts/unsubscribe?token=t',
      },
    };
    const reset = {
      template: 'reset-password',
      to: 'a@example.com',
      data: { firstName: 'Ann', link: 'https://portal.example/reset-password?token=t', expiresInMinutes: 60 },
    };
    const message = { to: 'a@example.com', subject: 'Hello', text: 'Hello' };
    expect(jobPriority('mail', 'template', reminder)).toBe(LIST_MAIL_PRIORITY);
    expect(jobPriority('mail', 'send', { ...message, unsubscribeUrl: 'https://portal.example/u?token=t' })).toBe(
      LIST_MAIL_PRIORITY,
    );
    expect(jobPriority('mail', 'template', reset)).toBeUndefined();
    expect(jobPriority('mail', 'send', message)).toBeUndefined();
    expect(jobPriority('audit', 'record', { unsubscribeLink: 'x' })).toBeUndefined();
  });
});
