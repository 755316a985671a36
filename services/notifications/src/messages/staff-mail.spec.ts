import { renderTemplate } from '../mail/templates/templates';

const options = { brand: 'Harbor Tax & Accounting', supportEmail: 'support@example.com', timeZone: 'America/New_York' };

describe('staff-message mail', () => {
  it('names the sender, lists the details, quotes the message and replies to the sender', () => {
    const mail = renderTemplate(
      {
        template: 'staff-message',
        to: 'staff@example.com',
        data: {
          name: 'Jane Doe',
          email: 'jane@example.com',
          phone: '+1 919 555 0142',
          subject: 'LLC question',
          type: 'contact_form',
          source: 'website_contact_page',
          message: 'Hello,\nCan you form my LLC?\n\nThanks',
        },
      },
      options,
    );
    expect(mail.subject).toBe('Contact form message from Jane Doe: LLC question');
    expect(mail.replyTo).toBe('jane@example.com');
    expect(mail.text).toBe(
      [
        'Jane Doe sent a message through the website. Reply to this e-mail to answer them at jane@example.com.',
        'From: Jane Doe <jane@example.com>\nPhone: +1 919 555 0142\nSubject: LLC question\nType: contact_form\nSource: website_contact_page',
        'Message:',
        'Hello,\nCan you form my LLC?\n\nThanks',
      ].join('\n\n'),
    );
    expect(mail.html).toContain('Can you form my LLC?');
    expect(mail.html).toContain('From: Jane Doe &lt;jane@example.com&gt;');
  });

  it('leaves out what was not given and names the kind of message', () => {
    const mail = renderTemplate(
      {
        template: 'staff-message',
        to: 'staff@example.com',
        data: { name: 'Sam', email: 'sam@example.com', type: 'book_call', message: 'Call me Tuesday.' },
      },
      options,
    );
    expect(mail.subject).toBe('Call request from Sam');
    expect(mail.text).not.toContain('Phone:');
    expect(mail.text).not.toContain('Subject:');
    expect(
      renderTemplate(
        { template: 'staff-message', to: 's@x.co', data: { name: 'A', email: 'a@x.co', message: 'm' } },
        options,
      ).subject,
    ).toBe('Message from A');
  });

  it('keeps what people typed out of the headers and the markup', () => {
    const mail = renderTemplate(
      {
        template: 'staff-message',
        to: 'staff@example.com',
        data: {
          name: 'Eve\r\nBcc: victim@example.com',
          email: 'eve@example.com',
          subject: '<img src=x onerror=alert(1)>',
          message: '<script>alert(1)</script>',
        },
      },
      options,
    );
    expect(mail.subject).toBe('Message from Eve Bcc: victim@example.com: <img src=x onerror=alert(1)>');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toMatch(/<script|<img/);
  });
});
