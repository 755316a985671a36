import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { extractLinks, parseMail } from './mail-reader';

function compose(options: Mail.Options): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    new MailComposer(options).compile().build((error, raw) => (error ? reject(error) : resolve(raw))),
  );
}

describe('parseMail', () => {
  it('reads back what nodemailer composes: encoded headers, both parts, attachments', async () => {
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

    const mail = await parseMail(raw);
    expect(mail).toEqual({
      subject,
      from: '"Portal" <no-reply@portal.test>',
      to: ['a@x.test', 'jane@y.test', 'zoe@z.test'],
      replyTo: ['support@portal.test'],
      messageId: 'job-1@portal.test',
      date: new Date('2026-11-22T02:09:57.000Z'),
      text,
      html: '<p>Ümlauts <a href="https://portal.test/verify?t=1&amp;u=2">verify</a></p>',
      attachments: [{ filename: 'résumé 2026.pdf', contentType: 'application/pdf', size: 3000 }],
    });
    expect(extractLinks(mail)).toEqual(['https://portal.test/verify?t=1&u=2', 'https://portal.test/a?b=1&c=2']);
  });

  it('leaves out what the message does not have (no HTML part, no Reply-To, no Message-ID)', async () => {
    const mail = await parseMail('From: a@x.test\r\nTo: Group: b@y.test, c@y.test;\r\nSubject: Hi\r\n\r\nbody\r\n');
    expect(mail).toEqual({
      subject: 'Hi',
      from: 'a@x.test',
      to: ['b@y.test', 'c@y.test'],
      replyTo: [],
      text: 'body\n',
      attachments: [],
    });
  });
});

describe('extractLinks', () => {
  it('decodes entities in hrefs, trims trailing punctuation of text URLs, keeps web and mail links once', () => {
    expect(
      extractLinks({
        html: `<a href="https://x.test/?a=1&#38;b=2">a</a> <a href='mailto:s@x.test'>m</a> <a href="javascript:alert(1)">j</a> <a href="/relative">r</a>`,
        text: 'See https://x.test/?a=1&b=2, or (https://y.test/path).',
      }),
    ).toEqual(['https://x.test/?a=1&b=2', 'mailto:s@x.test', 'https://y.test/path']);
  });
});
