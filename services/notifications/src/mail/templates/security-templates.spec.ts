import { extractLinks, type MailTemplates, redactSecrets, type SecurityNoticeKind } from '@portal/events';
// Identity's security notices, rendered here with the data identity queues.
import { formatTimeIn } from './dates';
import { renderTemplate } from './templates';

const options = { brand: 'Harbor Tax & Accounting', supportEmail: 'support@example.com', timeZone: 'America/New_York' };
const FORGOT = 'https://portal.example.com/forgot-password';

function notice(kind: SecurityNoticeKind, overrides: Partial<MailTemplates['security-notice']> = {}) {
  const data = {
    kind,
    firstName: 'Ada',
    at: '2026-11-23T02:30:00.000Z',
    ip: '203.0.113.7',
    forgotPasswordLink: FORGOT,
    ...overrides,
  };
  return { data, mail: renderTemplate({ template: 'security-notice', to: 'ada@example.com', data }, options) };
}

describe('security notices', () => {
  it("write the time in the firm's time zone, and name the zone", () => {
    // 02:30 UTC on the 23rd is still the evening of the 22nd in New York.
    expect(formatTimeIn('2026-11-23T02:30:00.000Z', 'America/New_York')).toBe(
      '22 November 2026 at 9:30 PM EST (America/New_York)',
    );
    expect(formatTimeIn('2026-07-04T16:05:00.000Z', 'America/Chicago')).toBe(
      '4 July 2026 at 11:05 AM CDT (America/Chicago)',
    );
    expect(formatTimeIn('2026-07-04T16:05:00.000Z', 'UTC')).toBe('4 July 2026 at 4:05 PM UTC');
    expect(() => formatTimeIn('soon', 'UTC')).toThrow('not a date');
  });

  it('password changed: what, when, from where, and what to do if it was not you', () => {
    const { mail } = notice('password-changed');
    expect(mail.subject).toBe('Your Harbor Tax & Accounting password was changed');
    expect(mail.text).toBe(
      [
        'Hello Ada,',
        'The password of your account was changed in the account settings.',
        'When: 22 November 2026 at 9:30 PM EST (America/New_York)\nIP address: 203.0.113.7',
        'If this was you, there is nothing more to do.',
        'If this was not you, reset your password now and write to us at support@example.com.',
        `Reset your password: ${FORGOT}`,
      ].join('\n\n'),
    );
    expect(extractLinks(mail)).toEqual([FORGOT]);
    expect(mail.html).toContain('When: 22 November 2026 at 9:30 PM EST (America/New_York)');
    expect(mail.html).toContain('IP address: 203.0.113.7');
    expect(mail.html).toContain('write to us at support@example.com.');
    expect(mail.html).toContain('Harbor Tax &amp; Accounting');
  });

  it.each<[SecurityNoticeKind, string, string]>([
    [
      'password-reset',
      'Your Harbor Tax & Accounting password was reset',
      'reset with a link sent to this e-mail address',
    ],
    [
      'two-factor-enabled',
      'Two-factor sign-in was turned on for your Harbor Tax & Accounting account',
      'we turn it off once we have checked who you are',
    ],
    [
      'two-factor-disabled',
      'Two-factor sign-in was turned off for your Harbor Tax & Accounting account',
      'signing in now asks for the password only',
    ],
  ])('%s: its own subject and text, the same advice and link', (kind, subject, says) => {
    const { mail } = notice(kind);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(says);
    expect(mail.text).toContain('IP address: 203.0.113.7');
    expect(mail.text).toContain('If this was not you, reset your password now and write to us at support@example.com.');
    expect(extractLinks(mail)).toEqual([FORGOT]);
  });

  it('two-factor reset by staff: says so, and names no address when no request made it', () => {
    const { mail } = notice('two-factor-reset', { ip: null, firstName: '  ' });
    expect(mail.subject).toBe('Our staff turned off two-factor sign-in for your Harbor Tax & Accounting account');
    expect(mail.text).toContain('Hello,\n\nOur staff turned off two-factor sign-in for your account');
    expect(mail.text).toContain('When: 22 November 2026 at 9:30 PM EST (America/New_York)\n\n');
    expect(mail.text).not.toContain('IP address');
    expect(mail.html).not.toContain('IP address');
  });

  it('escapes what the account holds in the HTML', () => {
    const { mail } = notice('password-changed', { firstName: '<b>Ada</b>' });
    expect(mail.text).toContain('Hello <b>Ada</b>,');
    expect(mail.html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Ada');
  });

  it('carries no credential: the job is kept whole once sent', () => {
    const { data } = notice('two-factor-enabled');
    const job = { template: 'security-notice', to: 'ada@example.com', data };
    expect(redactSecrets(job)).toBe(job);
  });

  it('refuses a kind it does not know', () => {
    expect(() => notice('password-stolen' as SecurityNoticeKind)).toThrow('unknown security notice "password-stolen"');
  });
});
