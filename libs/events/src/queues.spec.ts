import { defaultJobOptions, isQueueName, QUEUE_NAMES, QUEUES } from './queues';

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
});
