import { extractLinks } from '@portal/events';
import { renderTemplate } from '../mail/templates/templates';

const options = { brand: 'Harbor Tax & Accounting', supportEmail: 'support@example.com', timeZone: 'America/New_York' };
const link = 'https://portal.example.com/api/newsletter/unsubscribe?token=tok_ABC-123';

describe('newsletter-welcome mail', () => {
  const mail = renderTemplate(
    { template: 'newsletter-welcome', to: 'jane@example.com', data: { unsubscribeLink: link } },
    options,
  );

  it('welcomes, and carries the unsubscribe link in text, HTML and the List-Unsubscribe header', () => {
    expect(mail.subject).toBe("You're subscribed to the Harbor Tax & Accounting newsletter");
    expect(mail.text).toContain('Thank you for subscribing.');
    expect(mail.text).toContain(`Unsubscribe: ${link}`);
    expect(mail.html).toContain(`<a href="${link}" style="color:#6b7280">Unsubscribe</a>`);
    expect(extractLinks(mail)).toEqual(['https://portal.example.com', link]);
    expect(mail.replyTo).toBeUndefined();
    expect(mail.unsubscribeUrl).toBe(link);
  });

  it('escapes the link in HTML', () => {
    const odd = renderTemplate(
      {
        template: 'newsletter-welcome',
        to: 'a@b.co',
        data: { unsubscribeLink: 'https://p.example/u?token=a"><script>x</script>' },
      },
      options,
    );
    expect(odd.html).not.toContain('<script>');
    expect(odd.html).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('newsletter-resubscribe mail', () => {
  it('the confirmation link, its expiry, and no unsubscribe link (it is not list mail)', () => {
    const confirm = 'https://portal.example.com/api/newsletter/resubscribe?token=abc';
    const mail = renderTemplate(
      { template: 'newsletter-resubscribe', to: 'a@b.co', data: { link: confirm, expiresInDays: 7 } },
      options,
    );
    expect(mail.subject).toBe('Confirm your newsletter subscription');
    expect(mail.text).toContain('This address was signed up for the Harbor Tax & Accounting newsletter.');
    expect(mail.text).toContain(`Confirm your newsletter subscription: ${confirm}`);
    expect(mail.text).toContain('The link works once and expires in 7 days.');
    expect(mail.unsubscribeUrl).toBeUndefined();
    expect(extractLinks(mail)).toEqual([confirm]);
  });
});
