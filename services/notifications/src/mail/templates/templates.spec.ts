import { extractLinks } from '@portal/events';
import { renderTemplate } from './templates';

const options = { brand: 'Harbor Tax & Accounting', supportEmail: 'support@example.com', timeZone: 'America/New_York' };

describe('mail templates', () => {
  it('renders the verification mail with the link and the code in text and HTML', () => {
    const link = 'https://portal.example.com/verify-email?email=a%40b.co&token=tok_123';
    const mail = renderTemplate(
      { template: 'verify-email', to: 'a@b.co', data: { firstName: 'Ada', link, code: 'tok_123', expiresInHours: 24 } },
      options,
    );
    expect(mail.subject).toBe('Verify your e-mail address for Harbor Tax & Accounting');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain(`Verify your e-mail address: ${link}`);
    expect(mail.text).toContain('verification code on the verification page: tok_123');
    expect(mail.text).toContain('expire in 24 hours');
    // In an attribute `&` is written &amp; (the browser, and extractLinks, read it back as `&`).
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(extractLinks(mail)).toEqual([link]);
    expect(mail.html).toContain('Harbor Tax &amp; Accounting');
  });

  it('renders the reset mail and escapes what people typed', () => {
    const mail = renderTemplate(
      {
        template: 'reset-password',
        to: 'a@b.co',
        data: {
          firstName: '<script>x</script>',
          link: 'https://p.example/reset-password?token=t',
          expiresInMinutes: 60,
        },
      },
      options,
    );
    expect(mail.subject).toBe('Reset your Harbor Tax & Accounting password');
    expect(mail.text).toContain('Choose a new password: https://p.example/reset-password?token=t');
    expect(mail.text).toContain('expires in 60 minutes');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});
