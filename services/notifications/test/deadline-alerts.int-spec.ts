import { createHash, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { extractLinks, listMailFiles, mailDropDir, parseMail, redisConnectionOptions } from '@portal/events';
import { login, newIp, registerVerified, uniqueEmail, useTestApp, type ReadMail, waitForMail } from '@portal/testing';

const APP_URL = 'http://portal.test';
const ADMIN_EMAIL = 'admin-deadlines@example.com';
const ADMIN_PASSWORD = 'Adm1n!deadlines';
const UNSUBSCRIBE_PATH = '/api/deadline-alerts/unsubscribe';
const RESUBSCRIBE_PATH = '/api/deadline-alerts/resubscribe';
const SUBSCRIBED = { message: "Thanks for subscribing! You'll receive deadline reminders soon." };
const WELCOME = "You're subscribed to deadline reminders from Harbor Tax & Accounting";
const CONFIRM = 'Confirm your deadline reminders';
/** Fires only on February 29: never while these tests run, and still a real schedule to inspect. */
const CRON = '30 2 29 2 *';

/**
 * Filings of the tests' own, years after the seeded ones, so the runs below see only them:
 * Alpha and Beta are due 2031-03-15 (7 days before: 2031-03-08), Gamma 2031-04-07 (30 days before:
 * 2031-03-08; 7 days before: 2031-03-31).
 */
const FILINGS = [
  { slug: 'test-alpha', form_name: 'Test Filing Alpha (TFA)', name: 'Alpha Return (State)', deadline: '2031-03-15' },
  { slug: 'test-beta', form_name: 'Test Filing Beta', name: 'Beta Report', deadline: '2031-03-15' },
  { slug: 'test-gamma', form_name: 'Test Filing Gamma', name: 'Gamma Statement', deadline: '2031-04-07' },
];

describe('deadline alerts', () => {
  const app = useTestApp({ APP_URL, ADMIN_EMAIL, ADMIN_PASSWORD, DEADLINE_ALERTS_CRON: CRON });
  let adminToken: string;

  beforeAll(async () => {
    const admin = await login(app.call, ADMIN_EMAIL, ADMIN_PASSWORD);
    adminToken = admin.body.access_token;
    for (const [index, filing] of FILINGS.entries()) {
      await app.sql(
        `INSERT INTO catalog.filing_forms (slug, form_name, name, short_description, long_description,
                                           filing_frequency, estimated_fee, deadline_date, deadline_kind, position)
         VALUES ($1, $2, $3, 'Test', 'Test', 'Annual', '$10', $4, 'due', $5)`,
        [filing.slug, filing.form_name, filing.name, filing.deadline, 1000 + index],
      );
    }
  });

  /** Follows a mailed link on the app under test (the link's origin is APP_URL's). */
  const follow = (link: URL) => fetch(`${app.gateway.baseUrl}${link.pathname}${link.search}`);
  /** Presses the button of the page a mailed link opens (the form posts to the same address). */
  const press = (link: URL) => fetch(`${app.gateway.baseUrl}${link.pathname}${link.search}`, { method: 'POST' });
  /** Presses the Unsubscribe button of the page a mailed link opens, as a one-click unsubscribe would. */
  const unsubscribeAt = (link: URL) =>
    fetch(`${app.gateway.baseUrl}${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });

  const subscribe = (email: string, ip = newIp()) =>
    app.call('POST', '/deadline-alerts/subscribe/', { json: { email, ip_address: null }, ip });

  const run = (asOf: string) =>
    app.call<{ as_of: string; offsets: number[]; reminders_queued: number }>('POST', '/deadline-alerts/run', {
      token: adminToken,
      json: { as_of: asOf },
    });

  async function mailsTo(email: string): Promise<ReadMail[]> {
    const mails: ReadMail[] = [];
    for (const file of await listMailFiles(app.dataDir)) {
      const mail = await parseMail(await readFile(join(mailDropDir(app.dataDir), file)));
      if (mail.to.some((to) => to.toLowerCase() === email.toLowerCase()))
        mails.push({ ...mail, file, links: extractLinks(mail) });
    }
    return mails;
  }

  /** Reminder subjects mailed to `email`, sorted. */
  async function reminders(email: string): Promise<string[]> {
    await app.settled();
    return (await mailsTo(email))
      .map((mail) => mail.subject)
      .filter((subject) => subject.startsWith('Reminder: '))
      .sort();
  }

  const linkTo = (path: string, mail: ReadMail) =>
    mail.links.map((href) => new URL(href)).find((url) => url.pathname === path)!;
  const unsubscribeLink = (mail: ReadMail) => linkTo(UNSUBSCRIBE_PATH, mail);
  const resubscribeLink = (mail: ReadMail) => linkTo(RESUBSCRIBE_PATH, mail);

  /** Signs up `email`, which unsubscribed, and presses the button of the mail that asks to confirm: the welcome. */
  async function resubscribe(email: string): Promise<ReadMail> {
    let since = new Date();
    expect((await subscribe(email)).body).toEqual(SUBSCRIBED);
    const confirmation = await waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 });
    expect(confirmation.subject).toBe(CONFIRM);
    since = new Date();
    expect((await press(resubscribeLink(confirmation))).status).toBe(200);
    return waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 });
  }

  const subscription = (email: string) =>
    app.sql<{ status: string; ip_address: string; unsubscribe_token_hash: string }>(
      `SELECT status, host(ip_address) AS ip_address, unsubscribe_token_hash FROM notifications.deadline_subscriptions
        WHERE lower(email) = lower($1)`,
      [email],
    );

  describe('sign-up (POST /api/deadline-alerts/subscribe/)', () => {
    it("records the address the request came from, not the body's, and mails a welcome with an unsubscribe link", async () => {
      const email = uniqueEmail('alerts');
      const since = new Date();
      const ip = newIp();
      const reply = await app.call('POST', '/deadline-alerts/subscribe/', {
        json: { email, ip_address: null },
        ip,
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({ message: "Thanks for subscribing! You'll receive deadline reminders soon." });
      const mail = await waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 });
      expect(mail.subject).toBe("You're subscribed to deadline reminders from Harbor Tax & Accounting");
      expect(mail.text).toContain('30 days, 7 days and 1 day before each deadline');
      const link = unsubscribeLink(mail);
      const [row] = await subscription(email);
      expect(row).toEqual({
        status: 'subscribed',
        ip_address: ip,
        unsubscribe_token_hash: createHash('sha256').update(link.searchParams.get('token')!).digest('hex'),
      });
    });

    it('is idempotent per address: subscribing twice leaves one subscriber and one welcome mail', async () => {
      const email = uniqueEmail('twice');
      expect((await subscribe(email)).status).toBe(201);
      const again = await subscribe(` ${email.toUpperCase()} `);
      expect(again.status).toBe(201);
      expect(again.body).toEqual({ message: "Thanks for subscribing! You'll receive deadline reminders soon." });
      expect(await subscription(email)).toHaveLength(1);
      await app.settled();
      expect(await mailsTo(email)).toHaveLength(1);
    });

    it('says what is wrong with the e-mail in the sign-up words', async () => {
      expect((await app.call('POST', '/deadline-alerts/subscribe/', { json: { email: '' } })).body).toEqual({
        detail: 'Please enter your business email',
        errors: ['Please enter your business email'],
      });
      expect((await subscribe('not-an-address')).body.detail).toBe('Please enter a valid email address');
    });

    it('is rate limited per client address', async () => {
      const ip = newIp();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await subscribe(uniqueEmail(`limit${attempt}`), ip)).status).toBe(201);
      }
      const limited = await subscribe(uniqueEmail('limit-over'), ip);
      expect(limited.status).toBe(429);
      expect(limited.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
      expect((await subscribe(uniqueEmail('other-ip'))).status).toBe(201);
    });

    it('counts the IPv6 addresses of one /64 network as one client: a bot cannot rotate through them', async () => {
      // One connection gets a /64 (or more); its 2^64 addresses must not give it 2^64 times the limit.
      const network = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
      for (let host = 1; host <= 10; host += 1) {
        expect((await subscribe(uniqueEmail(`v6-${host}`), `${network}::${host.toString(16)}`)).status).toBe(201);
      }
      expect((await subscribe(uniqueEmail('v6-over'), `${network}:0:0:0:ff`)).status).toBe(429);
      // The next /64 is another client.
      const neighbour = `${network.replace(/:[0-9a-f]+$/, '')}:${(parseInt(network.split(':')[3], 16) ^ 1).toString(16)}`;
      expect((await subscribe(uniqueEmail('v6-other'), `${neighbour}::1`)).status).toBe(201);
    });

    it("unsubscribes from the button of its link's page, for good, until the person subscribes again", async () => {
      const email = uniqueEmail('leaver');
      const since = new Date();
      await subscribe(email);
      const oldLink = unsubscribeLink(await waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 }));

      // Opening the link (as mail scanners do with every link) only shows the button.
      const opened = await follow(oldLink);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await opened.text()).toContain('<h1>Unsubscribe from deadline reminders?</h1>');
      expect((await subscription(email))[0].status).toBe('subscribed');

      const page = await unsubscribeAt(oldLink);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toContain('You will no longer receive tax and compliance deadline reminders');
      expect((await subscription(email))[0].status).toBe('unsubscribed');
      expect((await unsubscribeAt(oldLink)).status).toBe(200);
      const reopened = await follow(oldLink);
      expect(reopened.status).toBe(200);
      expect(await reopened.text()).toContain('<h1>You have been unsubscribed</h1>');

      const newLink = unsubscribeLink(await resubscribe(email));
      expect((await subscription(email))[0].status).toBe('subscribed');
      // The link from before the new sign-up no longer unsubscribes.
      const stale = await unsubscribeAt(oldLink);
      expect(stale.status).toBe(404);
      expect(await stale.text()).toContain('This unsubscribe link is not valid');
      expect((await follow(oldLink)).status).toBe(404);
      expect((await subscription(email))[0].status).toBe('subscribed');
      expect((await unsubscribeAt(newLink)).status).toBe(200);
      expect((await subscription(email))[0].status).toBe('unsubscribed');
      expect((await follow(new URL(`${APP_URL}${UNSUBSCRIBE_PATH}?token=nope`))).status).toBe(404);
      expect((await unsubscribeAt(new URL(`${APP_URL}${UNSUBSCRIBE_PATH}?token=nope`))).status).toBe(404);
    });
  });

  describe('the reminder job', () => {
    const a = uniqueEmail('sub-a');
    const b = uniqueEmail('sub-b');
    const gone = uniqueEmail('sub-gone');

    beforeAll(async () => {
      // A fresh start for the job: the sign-up tests' subscribers leave.
      await app.sql(
        `UPDATE notifications.deadline_subscriptions SET status = 'unsubscribed', unsubscribed_at = now()
          WHERE status = 'subscribed'`,
      );
      for (const email of [a, b, gone]) await subscribe(email);
      const since = new Date(0);
      const welcome = await waitForMail(app.dataDir, gone, { since, timeoutMs: 20_000 });
      expect((await unsubscribeAt(unsubscribeLink(welcome))).status).toBe(200);
    });

    it('is scheduled on the deadline-alerts queue by the worker process, with DEADLINE_ALERTS_CRON in UTC', async () => {
      const queue = new Queue('deadline-alerts', {
        connection: redisConnectionOptions(process.env.REDIS_URL ?? ''),
        prefix: app.gateway.env.REDIS_PREFIX,
      });
      try {
        const scheduler = await queue.getJobScheduler('deadline-alerts-daily');
        expect(scheduler).toMatchObject({ pattern: CRON, tz: 'UTC', name: 'scan' });
      } finally {
        await queue.close();
      }
    });

    it('with as_of sends exactly the due reminders: one per subscriber, filing and offset, none to an unsubscribed address', async () => {
      const reply = await run('2031-03-08');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ as_of: '2031-03-08', offsets: [30, 7, 1], reminders_queued: 6 });
      const expected = [
        'Reminder: Test Filing Alpha (TFA) is due in 7 days (Saturday, March 15, 2031)',
        'Reminder: Test Filing Beta is due in 7 days (Saturday, March 15, 2031)',
        'Reminder: Test Filing Gamma is due in 30 days (Monday, April 7, 2031)',
      ];
      expect(await reminders(a)).toEqual(expected);
      expect(await reminders(b)).toEqual(expected);
      expect(await reminders(gone)).toEqual([]);

      const mail = (await mailsTo(a)).find((item) => item.subject.includes('Alpha'))!;
      expect(mail.text).toContain('Test Filing Alpha (TFA) is due in 7 days, on Saturday, March 15, 2031.');
      expect(mail.text).toContain(`View the filing: ${APP_URL}/filings/test-filing-alpha`);
      expect(mail.text).toContain(`Unsubscribe: ${APP_URL}${UNSUBSCRIBE_PATH}?token=`);
    });

    it('a second run for the same day sends none', async () => {
      expect((await run('2031-03-08')).body.reminders_queued).toBe(0);
      expect(await reminders(a)).toHaveLength(3);
    });

    it('catches up what fell due on the two days before, and nothing older', async () => {
      const late = uniqueEmail('sub-late');
      const later = uniqueEmail('sub-later');
      await subscribe(late);
      // Two days after the day Alpha, Beta (7 days) and Gamma (30 days) fell due: still sent.
      expect((await run('2031-03-10')).body.reminders_queued).toBe(3);
      expect(await reminders(late)).toEqual([
        'Reminder: Test Filing Alpha (TFA) is due in 5 days (Saturday, March 15, 2031)',
        'Reminder: Test Filing Beta is due in 5 days (Saturday, March 15, 2031)',
        'Reminder: Test Filing Gamma is due in 28 days (Monday, April 7, 2031)',
      ]);
      await subscribe(later);
      // Three days after: those reminders are left out.
      expect((await run('2031-03-11')).body.reminders_queued).toBe(0);
      expect(await reminders(later)).toEqual([]);
      expect(await reminders(a)).toHaveLength(3);
    });

    it("an address unsubscribed from a reminder's link gets no more", async () => {
      const mail = (await mailsTo(b)).find((item) => item.subject.includes('Gamma'))!;
      const opened = await follow(unsubscribeLink(mail));
      expect(opened.status).toBe(200);
      expect((await subscription(b))[0].status).toBe('subscribed');
      // The mail client's one-click unsubscribe (List-Unsubscribe-Post) posts to the header's link.
      expect(mail.unsubscribe).toEqual({ url: unsubscribeLink(mail).href, oneClick: true });
      const page = await unsubscribeAt(new URL(mail.unsubscribe!.url));
      expect(page.status).toBe(200);
      expect((await subscription(b))[0].status).toBe('unsubscribed');
    });

    it('two concurrent runs send each reminder once', async () => {
      // Gamma is due 7 days after 2031-03-31 for a, and for the two who signed up late; b has left.
      const [first, second] = await Promise.all([run('2031-03-31'), run('2031-03-31')]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.body.reminders_queued + second.body.reminders_queued).toBe(3);
      const gamma7 = 'Reminder: Test Filing Gamma is due in 7 days (Monday, April 7, 2031)';
      expect((await reminders(a)).filter((subject) => subject === gamma7)).toHaveLength(1);
      expect(await reminders(b)).toHaveLength(3);
      const [{ count }] = await app.sql<{ count: number }>(
        `SELECT count(*)::int AS count FROM notifications.deadline_reminders WHERE run_for = '2031-03-31'`,
      );
      expect(count).toBe(3);
    });

    it('never reminds of a deadline already past', async () => {
      // Gamma's 1-day reminder fell due on 2031-04-06 and was never sent; on 2031-04-08 it is past.
      expect((await run('2031-04-08')).body.reminders_queued).toBe(0);
      expect((await run('2031-04-06')).body.reminders_queued).toBe(3);
    });

    it("reads filings through catalog's read-only view, which refuses writes", async () => {
      const rows = await app.sql(
        `SELECT form_name, to_char(deadline_date, 'YYYY-MM-DD') AS deadline
           FROM catalog.filing_deadlines_read_only WHERE form_name LIKE 'Test Filing %' ORDER BY form_name`,
      );
      expect(rows).toEqual(FILINGS.map((filing) => ({ form_name: filing.form_name, deadline: filing.deadline })));
      await expect(app.sql(`UPDATE catalog.filing_deadlines_read_only SET name = 'changed'`)).rejects.toThrow(
        /cannot update view "filing_deadlines_read_only"/,
      );
      await expect(app.sql(`DELETE FROM catalog.filing_deadlines_read_only`)).rejects.toThrow(
        /cannot delete from view/,
      );
    });

    it('refuses a malformed as_of, and non-admins', async () => {
      const bad = await app.call('POST', '/deadline-alerts/run', { token: adminToken, json: { as_of: '08/03/2031' } });
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toBe('as_of must be a date written YYYY-MM-DD');
      const user = await registerVerified(app.call, app.dataDir, uniqueEmail('not-admin'));
      const forbidden = await app.call('POST', '/deadline-alerts/run', { token: user.accessToken, json: {} });
      expect(forbidden.status).toBe(403);
      expect((await app.call('POST', '/deadline-alerts/run', { json: {} })).status).toBe(401);
    });
  });

  type TestFiling = { slug: string; form_name: string; deadline: string; kind?: 'due' | 'order_by' };

  /** Signs up `email` as the only subscriber left, and adds filings of the test's own (due dates unless said). */
  async function only(email: string, filings: TestFiling[]) {
    await app.sql(
      `UPDATE notifications.deadline_subscriptions SET status = 'unsubscribed', unsubscribed_at = now()
        WHERE status = 'subscribed'`,
    );
    expect((await subscribe(email)).status).toBe(201);
    await addFilings(filings);
  }

  async function addFilings(filings: TestFiling[]) {
    for (const [index, filing] of filings.entries()) {
      await app.sql(
        `INSERT INTO catalog.filing_forms (slug, form_name, name, short_description, long_description,
                                           filing_frequency, estimated_fee, deadline_date, deadline_kind, position)
         VALUES ($1, $2, 'Test', 'Test', 'Test', 'Annual', '$10', $3, $4, $5)`,
        [filing.slug, filing.form_name, filing.deadline, filing.kind ?? 'due', 2000 + index],
      );
    }
  }

  describe('a schedule less often than daily', () => {
    const weekly = uniqueEmail('sub-weekly');

    beforeAll(() =>
      only(weekly, [
        { slug: 'weekly-one', form_name: 'Weekly Filing One', deadline: '2035-01-12' },
        { slug: 'weekly-two', form_name: 'Weekly Filing Two', deadline: '2035-02-04' },
      ]),
    );

    it('catches up every day since the last run: a weekly run sends what fell due in the week', async () => {
      expect((await run('2034-12-25')).status).toBe(200);
      expect((await run('2035-01-01')).status).toBe(200);
      const before = await reminders(weekly);
      // Both fell due on 2035-01-05, three days before this run: 7 days before One, 30 before Two.
      expect((await run('2035-01-08')).body.reminders_queued).toBe(2);
      const sent = (await reminders(weekly)).filter((subject) => !before.includes(subject));
      expect(sent).toEqual([
        'Reminder: Weekly Filing One is due in 4 days (Friday, January 12, 2035)',
        'Reminder: Weekly Filing Two is due in 27 days (Sunday, February 4, 2035)',
      ]);
      const runs = await app.sql<{ run_for: string }>(
        `SELECT to_char(run_for, 'YYYY-MM-DD') AS run_for FROM notifications.deadline_reminder_runs
          WHERE run_for >= '2034-12-25' ORDER BY run_for`,
      );
      expect(runs.map((row) => row.run_for)).toEqual(['2034-12-25', '2035-01-01', '2035-01-08']);
    });

    it('never sends one twice, nor for a past deadline, however far back it reaches', async () => {
      expect((await run('2035-01-09')).body.reminders_queued).toBe(0);
      // One's 1-day reminder; nothing else.
      expect((await run('2035-01-11')).body.reminders_queued).toBe(1);
      // A week later One is past: nothing for it, though the run reaches back to the 12th.
      expect((await run('2035-01-19')).body.reminders_queued).toBe(0);
      expect((await reminders(weekly)).filter((subject) => subject.includes('One'))).toEqual([
        // The run for 2034-12-25 caught up One's 30-day reminder (the runs before were years earlier).
        'Reminder: Weekly Filing One is due in 18 days (Friday, January 12, 2035)',
        'Reminder: Weekly Filing One is due in 4 days (Friday, January 12, 2035)',
        'Reminder: Weekly Filing One is due tomorrow (Friday, January 12, 2035)',
      ]);
    });
  });

  describe('a deadline the catalog moves', () => {
    const mover = uniqueEmail('sub-mover');
    const moveTo = (deadline: string) =>
      app.sql(`UPDATE catalog.filing_forms SET deadline_date = $1 WHERE slug = 'moved-filing'`, [deadline]);

    beforeAll(() => only(mover, [{ slug: 'moved-filing', form_name: 'Moved Filing', deadline: '2036-03-15' }]));

    it("gets the new date's reminders, and never again one already sent for the same date", async () => {
      expect((await run('2036-03-08')).body.reminders_queued).toBe(1);
      // Moved a day later: the new date's 7-day reminder falls due on the 9th.
      await moveTo('2036-03-16');
      expect((await run('2036-03-09')).body.reminders_queued).toBe(1);
      // Moved back: its 7-day reminder went out already.
      await moveTo('2036-03-15');
      expect((await run('2036-03-10')).body.reminders_queued).toBe(0);
      expect((await run('2036-03-14')).body.reminders_queued).toBe(1);
      expect(await reminders(mover)).toEqual([
        'Reminder: Moved Filing is due in 7 days (Saturday, March 15, 2036)',
        'Reminder: Moved Filing is due in 7 days (Sunday, March 16, 2036)',
        'Reminder: Moved Filing is due tomorrow (Saturday, March 15, 2036)',
      ]);
    });
  });

  describe('a reminder queued before its address unsubscribes', () => {
    const leaver = uniqueEmail('sub-queued');
    let mailQueue: Queue;

    beforeAll(async () => {
      const since = new Date();
      await only(leaver, [{ slug: 'queued-filing', form_name: 'Queued Filing', deadline: '2037-03-15' }]);
      await waitForMail(app.dataDir, leaver, { since, timeoutMs: 20_000 });
      mailQueue = new Queue('mail', {
        connection: redisConnectionOptions(process.env.REDIS_URL ?? ''),
        prefix: app.gateway.env.REDIS_PREFIX,
      });
    });

    afterAll(async () => {
      await mailQueue?.resume();
      await mailQueue?.close();
    });

    it('is not sent: the worker checks the subscription when it sends, not only when the run queued it', async () => {
      const welcome = (await mailsTo(leaver))[0];
      // A backlog: the worker takes no mail while the reminder waits in the queue.
      await mailQueue.pause();
      expect((await run('2037-03-08')).body.reminders_queued).toBe(1);
      const deadline = Date.now() + 20_000;
      for (;;) {
        // A reminder is list mail: it waits among the prioritized jobs.
        const counts = await mailQueue.getJobCounts('paused', 'wait', 'prioritized');
        if (counts.paused + counts.wait + counts.prioritized > 0) break;
        if (Date.now() > deadline) throw new Error('the reminder never reached the mail queue');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await unsubscribeAt(unsubscribeLink(welcome))).status).toBe(200);
      await mailQueue.resume();

      expect(await reminders(leaver)).toEqual([]);
      const [job] = (await mailQueue.getCompleted(0, 50)).filter(
        (item) => item.data.template === 'deadline-reminder' && item.data.to === leaver,
      );
      expect(job.returnvalue).toMatchObject({
        delivered: false,
        skipped: 'the address unsubscribed from deadline reminders',
      });
      const [{ count }] = await app.sql<{ count: number }>(
        `SELECT count(*)::int AS count FROM notifications.mail_deliveries WHERE job_id = $1`,
        [job.id],
      );
      expect(count).toBe(0);
    });
  });

  describe('an on-demand filing', () => {
    const subscriber = uniqueEmail('sub-order-by');

    beforeAll(() =>
      only(subscriber, [
        { slug: 'order-by-filing', form_name: 'Order By Filing', deadline: '2037-12-31', kind: 'order_by' },
        { slug: 'due-filing', form_name: 'Due Filing', deadline: '2037-12-31' },
      ]),
    );

    it('gets no reminder for its order-by date: nobody owes it, the date is only our last delivery day', async () => {
      const before = await reminders(subscriber);
      expect((await run('2037-12-01')).body.reminders_queued).toBe(1);
      expect((await reminders(subscriber)).filter((subject) => !before.includes(subject))).toEqual([
        'Reminder: Due Filing is due in 30 days (Thursday, December 31, 2037)',
      ]);
    });
  });

  describe('a reminder that waited past its deadline', () => {
    const late = uniqueEmail('sub-late');

    beforeAll(async () => {
      const since = new Date();
      await only(late, [{ slug: 'past-filing', form_name: 'Past Filing', deadline: '2020-03-15' }]);
      await waitForMail(app.dataDir, late, { since, timeoutMs: 20_000 });
    });

    it('is not sent: the worker checks the deadline when it sends (a job retried for days, from the dashboard)', async () => {
      // A run for a day before the deadline queues the reminder, as it would have then.
      expect((await run('2020-03-08')).body.reminders_queued).toBe(1);
      expect(await reminders(late)).toEqual([]);
    });
  });

  describe('signing up again after an unsubscribe', () => {
    /** Signs up `email` for the first time: its welcome mail. */
    async function welcomed(email: string): Promise<ReadMail> {
      const since = new Date();
      expect((await subscribe(email)).status).toBe(201);
      return waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 });
    }

    /** Signs up `email` and unsubscribes it from its welcome mail's link. */
    async function unsubscribed(email: string): Promise<void> {
      expect((await unsubscribeAt(unsubscribeLink(await welcomed(email)))).status).toBe(200);
    }

    /** What an SES complaint leaves (see ses-feedback): the address suppressed, its subscription ended. */
    const complain = (email: string, reason: 'complaint' | 'bounce' = 'complaint') =>
      app.sql(
        `WITH suppressed AS (
           INSERT INTO notifications.mail_suppressions (address, reason, first_seen_at, last_seen_at, sns_message_id)
           VALUES (lower($1), $2, now(), now(), 'test'))
         UPDATE notifications.deadline_subscriptions SET status = 'unsubscribed', unsubscribed_at = now()
          WHERE lower(email) = lower($1)`,
        [email, reason],
      );
    const suppression = (email: string) =>
      app.sql<{ reason: string }>(`SELECT reason FROM notifications.mail_suppressions WHERE address = lower($1)`, [
        email,
      ]);

    const subjects = async (email: string) => {
      await app.settled();
      return (await mailsTo(email)).map((mail) => mail.subject).sort();
    };

    it('leaves the address unsubscribed and mails it a link to confirm, once a day, answering as ever', async () => {
      const email = uniqueEmail('comeback');
      await unsubscribed(email);
      const since = new Date();
      const again = await subscribe(email);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(SUBSCRIBED);
      const confirmation = await waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 });
      expect(confirmation.subject).toBe(CONFIRM);
      expect(confirmation.text).toContain('The link works once and expires in 7 days.');
      expect(confirmation.unsubscribe).toBeUndefined();
      expect((await subscription(email))[0].status).toBe('unsubscribed');

      // The same day: the same answer, no second mail.
      expect((await subscribe(email.toUpperCase())).body).toEqual(SUBSCRIBED);
      expect(await subjects(email)).toEqual([CONFIRM, WELCOME]);
      expect((await subscription(email))[0].status).toBe('unsubscribed');
    });

    it("subscribes again from the link's button only, once: the welcome mail, and the reminders resume", async () => {
      const email = uniqueEmail('confirmer');
      await unsubscribed(email);
      let since = new Date();
      await subscribe(email);
      const link = resubscribeLink(await waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 }));

      // Opening the link (as mail scanners do) only shows the button.
      const opened = await follow(link);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await opened.text()).toContain(`<h1>${CONFIRM}</h1>`);
      expect((await subscription(email))[0].status).toBe('unsubscribed');

      since = new Date();
      const pressed = await press(link);
      expect(pressed.status).toBe(200);
      expect(await pressed.text()).toContain('<h1>You are subscribed again</h1>');
      const welcome = await waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 });
      expect(welcome.subject).toBe(WELCOME);
      const [row] = await subscription(email);
      expect(row.status).toBe('subscribed');
      expect(row.unsubscribe_token_hash).toBe(
        createHash('sha256').update(unsubscribeLink(welcome).searchParams.get('token')!).digest('hex'),
      );

      for (const again of [await press(link), await follow(link)]) {
        expect(again.status).toBe(404);
        expect(await again.text()).toContain('<h1>This link is invalid or expired</h1>');
      }

      await addFilings([{ slug: 'resubscribed-filing', form_name: 'Resubscribed Filing', deadline: '2039-05-15' }]);
      expect((await run('2039-05-08')).status).toBe(200);
      expect(await reminders(email)).toEqual(['Reminder: Resubscribed Filing is due in 7 days (Sunday, May 15, 2039)']);
    });

    it('a link older than a week no longer works; a day later a new sign-up mails a new one', async () => {
      const email = uniqueEmail('late-confirmer');
      await unsubscribed(email);
      let since = new Date();
      await subscribe(email);
      const link = resubscribeLink(await waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 }));
      await app.sql(
        `UPDATE notifications.deadline_subscriptions SET resubscribe_requested_at = now() - interval '8 days'
          WHERE lower(email) = lower($1)`,
        [email],
      );
      expect((await follow(link)).status).toBe(404);
      expect((await press(link)).status).toBe(404);
      expect((await subscription(email))[0].status).toBe('unsubscribed');

      since = new Date();
      await subscribe(email);
      const fresh = resubscribeLink(await waitForMail(app.dataDir, email, { since, timeoutMs: 20_000 }));
      expect(fresh.href).not.toBe(link.href);
      expect((await press(fresh)).status).toBe(200);
      expect((await subscription(email))[0].status).toBe('subscribed');
    });

    it("reaches an address that complained, and confirming lifts the complaint's suppression", async () => {
      const email = uniqueEmail('complainer');
      await welcomed(email);
      await complain(email);
      await resubscribe(email);
      expect((await subscription(email))[0].status).toBe('subscribed');
      expect(await suppression(email)).toEqual([]);

      await addFilings([{ slug: 'complainer-filing', form_name: 'Complainer Filing', deadline: '2040-05-15' }]);
      expect((await run('2040-05-08')).status).toBe(200);
      expect(await reminders(email)).toEqual(['Reminder: Complainer Filing is due in 7 days (Tuesday, May 15, 2040)']);
    });

    it('mails nothing to an address that bounced for good, and keeps it suppressed', async () => {
      const email = uniqueEmail('bouncer');
      await welcomed(email);
      await complain(email, 'bounce');
      expect((await subscribe(email)).body).toEqual(SUBSCRIBED);
      expect(await subjects(email)).toEqual([WELCOME]);
      expect((await subscription(email))[0].status).toBe('unsubscribed');
      expect(await suppression(email)).toEqual([{ reason: 'bounce' }]);
    });
  });
});
