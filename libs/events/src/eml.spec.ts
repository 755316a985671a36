import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { extractLinks, parseAddresses, parseEml } from './eml';

function compose(options: Mail.Options): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    new MailComposer(options).compile().build((error, raw) => (error ? reject(error) : resolve(raw))),
  );
}

describe('parseEml', () => {
  it('reads back what nodemailer composes: folded encoded headers, both parts, attachments', async () => {
    const subject = 'Héllo wörld – a subject long enough to be folded over several encoded words ✓ 日本語';
    const text = `Dear client,\n\nÜmlauts and a long line ${'x'.repeat(120)}\nhttps://portal.test/a?b=1&c=2.\n`;
    const raw = await compose({
      from: 'Portal <no-reply@portal.test>',
      to: ['a@x.test', '"Doe, Jane" <jane@y.test>', { name: 'Zoë', address: 'zoe@z.test' }],
      replyTo: 'support@portal.test',
      subject,
      text,
      html: '<p>Ümlauts <a href="https://portal.test/verify?t=1&amp;u=2">verify</a></p>',
      messageId: '<job-1@portal.test>',
      date: new Date('2026-11-22T02:09:57.000Z'),
      attachments: [{ filename: 'résumé 2026.pdf', content: Buffer.alloc(3000, 7), contentType: 'application/pdf' }],
    });

    const mail = parseEml(raw);
    expect(mail.subject).toBe(subject);
    expect(mail.from).toBe('Portal <no-reply@portal.test>');
    expect(mail.to).toEqual(['a@x.test', 'jane@y.test', 'zoe@z.test']);
    expect(mail.messageId).toBe('job-1@portal.test');
    expect(mail.date).toEqual(new Date('2026-11-22T02:09:57.000Z'));
    expect(mail.text).toBe(text);
    expect(mail.html).toBe('<p>Ümlauts <a href="https://portal.test/verify?t=1&amp;u=2">verify</a></p>');
    expect(mail.attachments).toEqual([{ filename: 'résumé 2026.pdf', contentType: 'application/pdf', size: 3000 }]);
    expect(mail.headers.find((header) => header.name === 'Reply-To')?.value).toBe('support@portal.test');
    expect(extractLinks(mail)).toEqual(['https://portal.test/verify?t=1&u=2', 'https://portal.test/a?b=1&c=2']);
  });

  it('reads a plain single-part message, base64 bodies and other charsets', () => {
    const latin1 = Buffer.from('Grüße', 'latin1').toString('base64');
    const raw = [
      'From: a@x.test',
      'To: b@y.test',
      'Subject: =?ISO-8859-1?Q?Gr=FC=DFe?= and =?UTF-8?B?4pyT?=',
      'Content-Type: text/plain; charset="iso-8859-1"',
      'Content-Transfer-Encoding: base64',
      '',
      latin1,
      '',
    ].join('\r\n');
    const mail = parseEml(raw);
    expect(mail.subject).toBe('Grüße and ✓');
    expect(mail.text).toBe('Grüße');
    expect(mail.html).toBeUndefined();
    expect(mail.attachments).toEqual([]);
  });

  it('joins adjacent encoded words before decoding (a character split across two)', () => {
    // "é" is C3 A9 in UTF-8, here split over two encoded words separated by folding.
    const mail = parseEml('Subject: =?UTF-8?Q?caf=C3?=\r\n =?UTF-8?Q?=A9_au_lait?=\r\n\r\nbody');
    expect(mail.subject).toBe('café au lait');
    expect(mail.text).toBe('body');
  });
});

describe('parseAddresses', () => {
  it('splits on commas outside quotes and angle brackets', () => {
    expect(parseAddresses('"Doe, Jane" <jane@y.test>, bob@x.test,  <c@z.test>, undisclosed-recipients:;')).toEqual([
      'jane@y.test',
      'bob@x.test',
      'c@z.test',
    ]);
  });
});
