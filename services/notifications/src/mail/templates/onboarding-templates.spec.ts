import { extractLinks } from '@portal/events';
// Onboarding's mails, rendered here with the data onboarding queues.
import { formatUtc, renderTemplate } from './templates';

const options = { brand: 'Harbor Tax & Accounting', supportEmail: 'support@example.com', timeZone: 'America/New_York' };

describe('onboarding mails', () => {
  it('write the submission time for people, in UTC', () => {
    expect(formatUtc('2026-11-22T14:00:00.000Z')).toBe('Sunday, 22 November 2026 at 14:00 UTC');
    expect(formatUtc('2027-01-05T23:59:00-01:00')).toBe('Wednesday, 6 January 2027 at 00:59 UTC');
    expect(() => formatUtc('soon')).toThrow('not a date');
  });

  it('invite: who it is from, what to do, the link, the code and when it expires', () => {
    const link = 'https://portal.example.com/new-client?code=K7M2-QX9D-4TRB-HF3W';
    const mail = renderTemplate(
      {
        template: 'invite-code',
        to: 'client@example.com',
        data: {
          link,
          code: 'K7M2-QX9D-4TRB-HF3W',
          expiresAt: '2026-11-24T14:00:00.000Z',
          formTitle: 'Bookkeeping Client Onboarding Questionnaire',
        },
      },
      options,
    );
    expect(mail.subject).toBe('Complete your Bookkeeping Client Onboarding Questionnaire for Harbor Tax & Accounting');
    expect(mail.text).toContain(
      'Harbor Tax & Accounting invites you to fill in the Bookkeeping Client Onboarding Questionnaire',
    );
    expect(mail.text).toContain(`Open the questionnaire: ${link}`);
    expect(mail.text).toContain('Your invite code is K7M2-QX9D-4TRB-HF3W.');
    expect(mail.text).toContain('The invitation expires on 24 November 2026 at 9:00 AM EST (America/New_York).');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Harbor Tax &amp; Accounting invites you');
    expect(extractLinks(mail)).toEqual([link]);
  });

  it('invite: names the inviter when given', () => {
    const mail = renderTemplate(
      {
        template: 'invite-code',
        to: 'client@example.com',
        data: {
          inviterName: 'Dana\nLee',
          link: 'https://p.example/new-nonprofit-llc?code=A',
          code: 'A',
          expiresAt: '2026-11-24T14:00:00Z',
          formTitle: 'Non-Profit LLC Formation Questionnaire',
        },
      },
      options,
    );
    expect(mail.text).toContain('Dana Lee at Harbor Tax & Accounting invites you');
  });

  it('submission: every answer as label and value, escaped, with Reply-To the client', () => {
    const mail = renderTemplate(
      {
        template: 'onboarding-submission',
        to: 'staff@example.com',
        data: {
          formTitle: 'Bookkeeping Client Onboarding Questionnaire',
          code: 'K7M2-QX9D-4TRB-HF3W',
          clientName: '<b>Acme</b>\r\nBcc: x@evil.example',
          submittedAt: '2026-11-22T09:05:00Z',
          answers: [
            { label: 'Company name', value: '<b>Acme</b>' },
            { label: 'Number of bank accounts', value: '3\n4' },
            { label: 'Report email', value: 'owner@acme.example' },
          ],
          replyTo: 'owner@acme.example',
        },
      },
      options,
    );
    expect(mail.subject).toBe('New Bookkeeping Client Onboarding Questionnaire: <b>Acme</b> Bcc: x@evil.example');
    expect(mail.replyTo).toBe('owner@acme.example');
    expect(mail.text).toContain('with invite code K7M2-QX9D-4TRB-HF3W on Sunday, 22 November 2026 at 09:05 UTC.');
    expect(mail.text).toContain('Reply to this e-mail to write to them at owner@acme.example.');
    expect(mail.text).toContain(
      'Company name: <b>Acme</b>\nNumber of bank accounts: 3 4\nReport email: owner@acme.example',
    );
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Company name: &lt;b&gt;Acme&lt;/b&gt;');
  });

  it('submission: no Reply-To when the answers hold no e-mail', () => {
    const mail = renderTemplate(
      {
        template: 'onboarding-submission',
        to: 'staff@example.com',
        data: {
          formTitle: 'Non-Profit LLC Formation Questionnaire',
          code: 'K7M2-QX9D-4TRB-HF3W',
          clientName: 'Helping Hands LLC',
          submittedAt: '2026-11-22T09:05:00Z',
          answers: [{ label: 'EIN', value: 'Not given' }],
        },
      },
      options,
    );
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).not.toContain('Reply to this e-mail');
    expect(mail.text).toContain('EIN: Not given');
  });
});
