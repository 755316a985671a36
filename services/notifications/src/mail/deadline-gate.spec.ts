import type { TemplateMail } from '@portal/events';
import { deadlinePassed } from './deadline-gate';

/** A reminder of a deadline on 15 April 2031: the gate reads the template and the deadline only. */
const reminder = {
  template: 'deadline-reminder',
  to: 'client@example.com',
  data: { deadline: '2031-04-15' },
} as TemplateMail;

describe('deadlinePassed', () => {
  it('stops a reminder once its deadline is over where the firm is, not in UTC', () => {
    // 16 April in UTC, still the 15th in New York: the deadline is today there.
    expect(deadlinePassed(reminder, 'America/New_York', new Date('2031-04-16T03:59:00Z'))).toBeNull();
    expect(deadlinePassed(reminder, 'America/New_York', new Date('2031-04-16T04:00:00Z'))).toBe(
      'its deadline, 2031-04-15, has passed',
    );
    expect(deadlinePassed(reminder, 'America/New_York', new Date('2031-05-15T12:00:00Z'))).not.toBeNull();
  });

  it('lets a reminder before its deadline go, and any other mail', () => {
    expect(deadlinePassed(reminder, 'America/New_York', new Date('2031-04-14T12:00:00Z'))).toBeNull();
    const reset: TemplateMail = {
      template: 'reset-password',
      to: 'client@example.com',
      data: { firstName: 'Ann', link: 'https://portal.test/reset-password?token=t', expiresInMinutes: 60 },
    };
    expect(deadlinePassed(reset, 'America/New_York', new Date('2040-01-01T00:00:00Z'))).toBeNull();
  });
});
