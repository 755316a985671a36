import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from 'pg';
import { listMailFiles, mailDropDir, parseMail } from '@portal/events';
import { Call, newIp, type ReadMail, uniqueEmail, useTestApp, waitForMail } from '@portal/testing';

const STAFF_EMAIL = 'staff-inbox@example.com';
const UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';
const RESUBSCRIBE_PATH = '/api/newsletter/resubscribe';
const SUBSCRIBED = { message: 'Successfully subscribed!' };
const WELCOME = "You're subscribed to the Harbor Tax & Accounting newsletter";
const CONFIRM = 'Confirm your newsletter subscription';

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
  /** Presses the button of the page a mailed link opens (the form posts to the same address). */
  const press = (link: URL) => fetch(`${app.gateway.baseUrl}${link.pathname}${link.search}`, { method: 'POST' });

  const welcomeJobs = async (email: string) =>
    (
      await sql.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM notifications.outbox
         WHERE payload->>'template' = 'newsletter-welcome' AND lower(payload->>'to') = lower($1)`,
        [email],
      )
    ).rows[0].count;

  /** The subjects of the mails written to `email` once nothing is on its way, sorted. */
  const subjects = async (email: string) => {
    await app.settled();
    const found: string[] = [];
    for (const file of await listMailFiles(app.dataDir)) {
      const mail = await parseMail(await readFile(join(mailDropDir(app.dataDir), file)));
      if (mail.to.some((to) => to.toLowerCase() === email.toLowerCase())) found.push(mail.subject);
    }
    return found.sort();
  };

  const subscription = async (email: string) =>
    (
      await sql.query<{ email: string; source: string; status: string; unsubscribe_token_hash: string }>(
        `SELECT email, source, status, unsubscribe_token_hash FROM notifications.newsletter_subscriptions
         WHERE lower(email) = lower($1)`,
        [email],
      )
    ).rows;

  const linkTo = (path: string, mail: ReadMail) => {
    const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === path);
    expect(link).toBeDefined();
    return link!;
  };

  async function welcomeLink(email: string, since: Date): Promise<URL> {
    const mail = await waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 });
    expect(mail.subject).toBe(WELCOME);
    return linkTo(UNSUBSCRIBE_PATH, mail);
  }

  /** Subscribes `email`, which unsubscribed: the link of the mail that asks to confirm. */
  async function confirmationLink(email: string): Promise<URL> {
    const since = new Date();
    const reply = await call('POST', '/newsletter/subscribe/', { json: { email, source: 'cta-landing' } });
    expect([reply.status, reply.body]).toEqual([201, SUBSCRIBED]);
    const mail = await waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 });
    expect(mail.subject).toBe(CONFIRM);
    return linkTo(RESUBSCRIBE_PATH, mail);
  }

  /** Presses the button of a confirmation link's page: the new welcome mail's unsubscribe link. */
  async function confirm(email: string, link: URL): Promise<URL> {
    const since = new Date();
    const pressed = await press(link);
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('<h1>You are subscribed again</h1>');
    return welcomeLink(email, since);
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

      const page = await press(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(await page.text()).toContain('<h1>You have been unsubscribed</h1>');
      expect((await subscription(email))[0].status).toBe('unsubscribed');

      // Pressing or opening it again (a second click) says the same.
      const again = await press(link);
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
      expect(await subjects(email)).toEqual([WELCOME]);
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

    it('welcomes again (with a new link) an address that had unsubscribed, once it confirms', async () => {
      const email = uniqueEmail('back');
      const since = new Date();
      await call('POST', '/newsletter/subscribe/', { json: { email, source: 'website_footer' } });
      const oldLink = await welcomeLink(email, since);
      expect((await press(oldLink)).status).toBe(200);

      const newLink = await confirm(email, await confirmationLink(email));
      expect(newLink.searchParams.get('token')).not.toBe(oldLink.searchParams.get('token'));
      // The source stays the first subscribe's: the one that asked for the link may have been anyone's.
      expect((await subscription(email))[0]).toMatchObject({ status: 'subscribed', source: 'website_footer' });
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

  describe('subscribing again after an unsubscribe', () => {
    /** Subscribes `email` for the first time and unsubscribes it from its welcome mail's link. */
    async function unsubscribed(email: string): Promise<void> {
      const since = new Date();
      await call('POST', '/newsletter/subscribe/', { json: { email, source: 'website_footer' } });
      expect((await press(await welcomeLink(email, since))).status).toBe(200);
    }

    /** What SES feedback leaves (see ses-feedback): the address suppressed, its subscription ended. */
    async function suppress(email: string, reason: 'complaint' | 'bounce'): Promise<void> {
      const since = new Date();
      await call('POST', '/newsletter/subscribe/', { json: { email, source: 'website_footer' } });
      await welcomeLink(email, since);
      await sql.query(
        `WITH suppressed AS (
           INSERT INTO notifications.mail_suppressions (address, reason, first_seen_at, last_seen_at, sns_message_id)
           VALUES (lower($1), $2, now(), now(), 'test'))
         UPDATE notifications.newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = now()
          WHERE lower(email) = lower($1)`,
        [email, reason],
      );
    }

    const suppression = async (email: string) =>
      (
        await sql.query<{ reason: string }>(
          `SELECT reason FROM notifications.mail_suppressions WHERE address = lower($1)`,
          [email],
        )
      ).rows;

    it('leaves the address unsubscribed and mails it a link to confirm, once a day, answering as ever', async () => {
      const email = uniqueEmail('comeback');
      await unsubscribed(email);
      await confirmationLink(email);
      expect((await subscription(email))[0].status).toBe('unsubscribed');
      expect(await welcomeJobs(email)).toBe(1);

      // The same day: the same answer, no second mail.
      const again = await call('POST', '/newsletter/subscribe/', { json: { email: email.toUpperCase() } });
      expect([again.status, again.body]).toEqual([201, SUBSCRIBED]);
      expect(await subjects(email)).toEqual([CONFIRM, WELCOME]);
      expect((await subscription(email))[0].status).toBe('unsubscribed');
    });

    it("subscribes again from the link's button only, once: the welcome mail and a new unsubscribe link", async () => {
      const email = uniqueEmail('confirmer');
      await unsubscribed(email);
      const link = await confirmationLink(email);

      // Opening the link (as mail scanners do) only shows the button.
      const opened = await follow(link);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const page = await opened.text();
      expect(page).toContain(`<h1>${CONFIRM}</h1>`);
      expect(page).toContain(`<form method="post" action="?token=${link.searchParams.get('token')}">`);
      expect((await subscription(email))[0].status).toBe('unsubscribed');

      const unsubscribeLink = await confirm(email, link);
      const [row] = await subscription(email);
      expect(row.status).toBe('subscribed');
      expect(row.unsubscribe_token_hash).toBe(
        createHash('sha256').update(unsubscribeLink.searchParams.get('token')!).digest('hex'),
      );
      for (const again of [await press(link), await follow(link)]) {
        expect(again.status).toBe(404);
        expect(await again.text()).toContain('<h1>This link is invalid or expired</h1>');
      }
    });

    it('a link older than a week no longer works; a day later a new subscribe mails a new one', async () => {
      const email = uniqueEmail('late-confirmer');
      await unsubscribed(email);
      const late = await confirmationLink(email);
      await sql.query(
        `UPDATE notifications.newsletter_subscriptions SET resubscribe_requested_at = now() - interval '8 days'
          WHERE lower(email) = lower($1)`,
        [email],
      );
      expect((await follow(late)).status).toBe(404);
      expect((await press(late)).status).toBe(404);
      expect((await subscription(email))[0].status).toBe('unsubscribed');

      const fresh = await confirmationLink(email);
      expect(fresh.href).not.toBe(late.href);
      await confirm(email, fresh);
      expect((await subscription(email))[0].status).toBe('subscribed');
    });

    it("reaches an address that complained, and confirming lifts the complaint's suppression", async () => {
      const email = uniqueEmail('complainer');
      await suppress(email, 'complaint');
      await confirm(email, await confirmationLink(email));
      expect((await subscription(email))[0].status).toBe('subscribed');
      expect(await suppression(email)).toEqual([]);
    });

    it('mails nothing to an address that bounced for good, and keeps it suppressed', async () => {
      const email = uniqueEmail('bouncer');
      await suppress(email, 'bounce');
      const again = await call('POST', '/newsletter/subscribe/', { json: { email } });
      expect([again.status, again.body]).toEqual([201, SUBSCRIBED]);
      expect(await subjects(email)).toEqual([WELCOME]);
      expect((await subscription(email))[0].status).toBe('unsubscribed');
      expect(await suppression(email)).toEqual([{ reason: 'bounce' }]);
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
      expect.arrayContaining([
        '/api/newsletter/subscribe',
        '/api/newsletter/unsubscribe',
        '/api/newsletter/resubscribe',
        '/api/messages',
      ]),
    );
  });
});
