import { parseMail } from '@portal/events';
import { composeMime, textToHtml } from './mime';

describe('textToHtml', () => {
  it('escapes, keeps paragraphs and line breaks, and links URLs without trailing punctuation', () => {
    expect(textToHtml('Hi <b>&\n"you"\n\nSee https://x.test/a?b=1&c=<2>.\n')).toContain(
      '<p>Hi &lt;b&gt;&amp;<br>\n&quot;you&quot;</p>\n' +
        '<p>See <a href="https://x.test/a?b=1&amp;c=">https://x.test/a?b=1&amp;c=</a>&lt;2&gt;.</p>',
    );
  });

  it('never lets text become markup', () => {
    const html = textToHtml('<script>alert(1)</script> javascript:alert(1) "><img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
  });
});

describe('composeMime', () => {
  it('writes multipart/alternative with the given Message-ID and a generated HTML part', async () => {
    const raw = await composeMime({
      from: 'Portal <no-reply@portal.test>',
      to: 'client@example.com',
      replyTo: 'support@portal.test',
      subject: 'Welcome',
      text: 'Hello\n\nhttps://portal.test/',
      messageId: 'job-9@portal.test',
    });
    const mail = await parseMail(raw);
    expect(raw.toString()).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(mail.messageId).toBe('job-9@portal.test');
    expect(mail.text).toBe('Hello\n\nhttps://portal.test/');
    expect(mail.html).toContain('<p><a href="https://portal.test/">https://portal.test/</a></p>');
    expect(mail.replyTo).toEqual(['support@portal.test']);
  });

  it("carries a subscription's unsubscribe link as List-Unsubscribe with its one-click POST, and no other mail does", async () => {
    const message = { from: 'a@portal.test', to: 'b@x.test', subject: 'S', text: 'T', messageId: 'm@portal.test' };
    const url = 'https://portal.test/api/deadline-alerts/unsubscribe?token=t-1';
    const raw = await composeMime({ ...message, unsubscribeUrl: url });
    expect(raw.toString()).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/portal\.test\/api\/deadline-alerts\/unsubscribe\?token=t-1>\r$/m,
    );
    expect((await parseMail(raw)).unsubscribe).toEqual({ url, oneClick: true });
    expect((await parseMail(await composeMime(message))).unsubscribe).toBeUndefined();
  });

  it('keeps an HTML part the producer wrote', async () => {
    const raw = await composeMime({
      from: 'a@portal.test',
      to: ['b@x.test', 'c@x.test'],
      subject: 'S',
      text: 'T',
      html: '<h1>H</h1>',
      messageId: 'm@portal.test',
    });
    expect(await parseMail(raw)).toMatchObject({ html: '<h1>H</h1>', text: 'T', to: ['b@x.test', 'c@x.test'] });
  });

  it('keeps text in any script intact (quoted-printable throughout)', async () => {
    const text = 'Здравствуйте, Ана — 你好\n\nΣας ευχαριστούμε: https://portal.test/ü';
    const raw = await composeMime({
      from: 'Portal <no-reply@portal.test>',
      to: 'client@example.com',
      subject: 'Добро пожаловать 👋',
      text,
      messageId: 'm2@portal.test',
    });
    expect(raw.toString()).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
    expect(raw.toString()).not.toMatch(/^Content-Transfer-Encoding: base64$/m);
    expect(await parseMail(raw)).toMatchObject({ subject: 'Добро пожаловать 👋', text });
  });
});
