import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from 'pg';
import { listMailFiles, mailDropDir, parseMail } from '@portal/events';
import { Call, newIp, uniqueEmail, useTestApp, waitForMail } from '@portal/testing';

const STAFF_EMAIL = 'staff-inbox@example.com';
const UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

describe('newsletter and messages', () => {
  const app = useTestApp({ STAFF_EMAIL, LOG_LEVEL: 'info' });
  const call: Call = (method, path, options) => app.call(method, path, options);
  let sql: Client;

  beforeAll(async () => {
    sql = new Client({ connectionString: app.db.url });
    // The app's teardown drops the database, which ends this connection too.
    sql.on('error', () => undefined);
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
  });

  /** Follows a mailed link on the app under test (the link's origin is APP_URL's). */
  const follow = (link: URL) => fetch(`${app.gateway.baseUrl}${link.pathname}${link.search}`);
  /** Presses the Unsubscribe button of the page a mailed link opens (the form posts to the same address). */
  const unsubscribeAt = (link: URL) =>
    fetch(`${app.gateway.baseUrl}${link.pathname}${link.search}`, { method: 'POST' });

  const welcomeJobs = async (email: string) =>
    (
      await sql.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM notifications.outbox
         WHERE payload->>'template' = 'newsletter-welcome' AND lower(payload->>'to') = lower($1)`,
        [email],
      )
    ).rows[0].count;

  const mailsTo = async (email: string) => {
    let count = 0;
    for (const file of await listMailFiles(app.dataDir)) {
      const mail = await parseMail(await readFile(join(mailDropDir(app.dataDir), file)));
      if (mail.to.some((to) => to.toLowerCase() === email.toLowerCase())) count += 1;
    }
    return count;
  };

  const subscription = async (email: string) =>
    (
      await sql.query<{ email: string; source: string; status: string; unsubscribe_token_hash: string }>(
        `SELECT email, source, status, unsubscribe_token_hash FROM notifications.newsletter_subscriptions
         WHERE lower(email) = lower($1)`,
        [email],
      )
    ).rows;

  async function welcomeLink(email: string, since: Date): Promise<URL> {
    const mail = await waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 });
    expect(mail.subject).toBe("You're subscribed to the Harbor Tax & Accounting newsletter");
    const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === UNSUBSCRIBE_PATH);
    expect(link).toBeDefined();
    return link!;
  }

  describe('POST /api/newsletter/subscribe/', () => {
    it('subscribes, stores only a hash of the token, and mails a working unsubscribe link', async () => {
      const email = uniqueEmail('news');
      const since = new Date();
      const reply = await call('POST', '/newsletter/subscribe/', { json: { email, source: 'website_footer' } });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({ message: 'Successfully subscribed!' });

      const link = await welcomeLink(email, since);
      expect(link.origin).toBe(`http://localhost:${app.gateway.port}`);
      const token = link.searchParams.get('token')!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await subscription(email);
      expect(row).toMatchObject({ email, source: 'website_footer', status: 'subscribed' });
      expect(row.unsubscribe_token_hash).toBe(createHash('sha256').update(token).digest('hex'));

      // Opening the link (a mail scanner opens every link) shows the button and changes nothing.
      const opened = await follow(link);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('cache-control')).toBe('no-store');
      const form = await opened.text();
      expect(form).toContain('<h1>Unsubscribe from our newsletter?</h1>');
      expect(form).toContain(`<form method="post" action="?token=${token}">`);
      expect((await subscription(email))[0].status).toBe('subscribed');

      const page = await unsubscribeAt(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(await page.text()).toContain('<h1>You have been unsubscribed</h1>');
      expect((await subscription(email))[0].status).toBe('unsubscribed');

      // Pressing or opening it again (a second click) says the same.
      const again = await unsubscribeAt(link);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain('You have been unsubscribed');
      expect(await (await follow(link)).text()).toContain('You have been unsubscribed');
    });

    it('is idempotent per address, whatever its case: the same answer, one row, one welcome mail', async () => {
      const email = uniqueEmail('twice');
      const since = new Date();
      const first = await call('POST', '/newsletter/subscribe/', { json: { email, source: 'website_footer' } });
      await welcomeLink(email, since);
      const second = await call('POST', '/newsletter/subscribe', { json: { email: ` ${email.toUpperCase()} ` } });
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(await subscription(email)).toHaveLength(1);
      expect(await welcomeJobs(email)).toBe(1);
      // Nothing is on its way: a second mail, had one been queued, would have been written.
      await app.settled();
      expect(await mailsTo(email)).toBe(1);
    });

    it('does not send a second welcome to concurrent subscribes of one new address', async () => {
      const email = uniqueEmail('race');
      const replies = await Promise.all(
        Array.from({ length: 5 }, () => call('POST', '/newsletter/subscribe/', { json: { email, source: 'x' } })),
      );
      expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201, 201]);
      expect(await subscription(email)).toHaveLength(1);
      expect(await welcomeJobs(email)).toBe(1);
    });

    it('welcomes again (with a new link) an address that had unsubscribed', async () => {
      const email = uniqueEmail('back');
      let since = new Date();
      await call('POST', '/newsletter/subscribe/', { json: { email, source: 'website_footer' } });
      const oldLink = await welcomeLink(email, since);
      expect((await unsubscribeAt(oldLink)).status).toBe(200);

      since = new Date();
      const again = await call('POST', '/newsletter/subscribe/', { json: { email, source: 'cta-landing' } });
      expect(again.status).toBe(201);
      const newLink = await welcomeLink(email, since);
      expect(newLink.searchParams.get('token')).not.toBe(oldLink.searchParams.get('token'));
      expect((await subscription(email))[0]).toMatchObject({ status: 'subscribed', source: 'cta-landing' });
      expect(await welcomeJobs(email)).toBe(2);
      // The old link was replaced by the new one.
      expect((await follow(oldLink)).status).toBe(404);
      expect((await follow(newLink)).status).toBe(200);
    });

    it('answers an invalid or missing token with a 404 page that names no address', async () => {
      for (const query of ['?token=' + 'A'.repeat(43), '?token=short', '', '?token=a&token=b']) {
        const page = await fetch(`${app.gateway.baseUrl}${UNSUBSCRIBE_PATH}${query}`);
        expect(page.status).toBe(404);
        expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
        const html = await page.text();
        expect(html).toContain('<h1>This unsubscribe link is not valid</h1>');
        expect(html).not.toContain('@example.com');
      }
    });

    it.each([
      ['no e-mail', { source: 'website_footer' }, 'Please enter your email address'],
      ['a malformed e-mail', { email: 'not-an-email', source: 'website_footer' }, 'Please enter a valid email address'],
      [
        'a long source',
        { email: 'a@example.com', source: 'x'.repeat(101) },
        'Source must be at most 100 characters long',
      ],
      ['an unknown field', { email: 'a@example.com', extra: 1 }, 'property extra should not exist'],
    ])('answers 400 with a detail for %s', async (_case, body, detail) => {
      const reply = await call('POST', '/newsletter/subscribe/', { json: body });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ detail });
    });

    it('limits one client address to 10 subscribes an hour', async () => {
      const ip = newIp();
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const reply = await call('POST', '/newsletter/subscribe/', {
          ip,
          json: { email: uniqueEmail(`rl${attempt}`) },
        });
        expect([attempt, reply.status]).toEqual([attempt, 201]);
      }
      const limited = await call('POST', '/newsletter/subscribe/', { ip, json: { email: uniqueEmail('rl11') } });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ detail: expect.stringMatching(/^Too many attempts\. Please try again in /) });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await call('POST', '/newsletter/subscribe/', { json: { email: uniqueEmail('other') } })).status).toBe(
        201,
      );
    });
  });

  describe('POST /api/messages/', () => {
    it('stores the message and mails it to STAFF_EMAIL, replying to the sender', async () => {
      const email = uniqueEmail('contact');
      const text = `Hello,\nI need assistance with Annual Report. (${email})`;
      const since = new Date();
      const reply = await call<{ id: string; message: string }>('POST', '/messages/', {
        json: {
          name: 'Jane Doe',
          email,
          phone: '+1 (919) 555-0142',
          subject: 'Annual report',
          message: text,
          type: 'contact_form',
          source: 'website_contact_page',
        },
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        message: 'Your message has been sent successfully!',
      });

      const { rows } = await sql.query(`SELECT * FROM notifications.messages WHERE id = $1`, [reply.body.id]);
      expect(rows[0]).toMatchObject({
        name: 'Jane Doe',
        email,
        phone: '+1 (919) 555-0142',
        subject: 'Annual report',
        type: 'contact_form',
        source: 'website_contact_page',
        message: text,
      });

      const mail = await waitForMail(app.dataDir, STAFF_EMAIL, { since, timeoutMs: 20_000 });
      expect(mail.subject).toBe('Contact form message from Jane Doe: Annual report');
      expect(mail.text).toContain(text);
      expect(mail.text).toContain(`From: Jane Doe <${email}>`);
      expect(mail.replyTo).toEqual([email]);
    });

    it('stores the modal message (no subject, blank phone) as a general message', async () => {
      const email = uniqueEmail('modal');
      const reply = await call<{ id: string }>('POST', '/messages', {
        json: { name: 'Sam', email, phone: '', message: 'I need assistance with IRS Form 5472.' },
      });
      expect(reply.status).toBe(201);
      const { rows } = await sql.query(
        `SELECT type, phone, subject, source FROM notifications.messages WHERE id = $1`,
        [reply.body.id],
      );
      expect(rows[0]).toEqual({ type: 'general', phone: null, subject: null, source: null });
    });

    it.each([
      ['no name', { email: 'a@example.com', message: 'Hi' }, 'Name is required'],
      ['a malformed e-mail', { name: 'A', email: 'nope', message: 'Hi' }, 'Please enter a valid email address'],
      [
        'a message over 5000 characters',
        { name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) },
        'Message must be at most 5000 characters long',
      ],
      [
        'a name over 200 characters',
        { name: 'x'.repeat(201), email: 'a@example.com', message: 'Hi' },
        'Name must be at most 200 characters long',
      ],
      [
        'an unknown type',
        { name: 'A', email: 'a@example.com', message: 'Hi', type: 'spam' },
        'Type must be one of contact_form, job_application, perk_provider, book_call, general',
      ],
      [
        'a contact-page message without a subject',
        { name: 'A', email: 'a@example.com', message: 'Hi', type: 'contact_form' },
        'Subject is required',
      ],
      [
        'a contact-page message with a blank subject',
        { name: 'A', email: 'a@example.com', message: 'Hi', type: 'contact_form', subject: '   ' },
        'Subject is required',
      ],
      [
        'a source over 100 characters',
        { name: 'A', email: 'a@example.com', message: 'Hi', source: 'x'.repeat(101) },
        'Source must be at most 100 characters long',
      ],
    ])('answers 400 with a detail for %s', async (_case, body, detail) => {
      const reply = await call('POST', '/messages/', { json: body });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ detail });
    });

    it('limits one client address to 10 messages an hour', async () => {
      const ip = newIp();
      const body = { name: 'Rate', email: uniqueEmail('rate'), message: 'Hello' };
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        expect([attempt, (await call('POST', '/messages/', { ip, json: body })).status]).toEqual([attempt, 201]);
      }
      const limited = await call('POST', '/messages/', { ip, json: body });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ detail: expect.stringMatching(/^Too many attempts/) });
    });
  });

  it('documents the routes in OpenAPI', async () => {
    const spec = (await call<{ paths: Record<string, unknown> }>('GET', '/docs/json')).body;
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/newsletter/subscribe', '/api/newsletter/unsubscribe', '/api/messages']),
    );
  });
});
