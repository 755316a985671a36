import type { InboxItemReply, InboxPageReply } from '@portal/contracts';
import { login, uniqueEmail, useTestApp } from '@portal/testing';

const ADMIN_EMAIL = 'admin-inbox-paging@example.com';
const ADMIN_PASSWORD = 'Adm1n!paging';
const CURSOR_INVALID = 'before must be the next_cursor of a page of this list, as given';

/**
 * The staff inbox read a page at a time by keyset (`before` = the page before's `next_cursor`): what
 * changes between two pages (items handled under the Open filter, ties on the timestamp) neither hides
 * nor repeats an item. Rows are written straight into the tables, at the times each case needs.
 */
describe('the staff inbox, a page at a time', () => {
  const app = useTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });
  let adminToken: string;

  beforeAll(async () => {
    const admin = await login(app.call, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(admin.status).toBe(200);
    adminToken = admin.body.access_token;
  });

  const page = async (query: string, before?: string | null): Promise<InboxPageReply> => {
    const cursor = before ? `&before=${encodeURIComponent(before)}` : '';
    const reply = await app.call<InboxPageReply>('GET', `/inbox/?${query}${cursor}`, { token: adminToken });
    expect([reply.status, reply.body]).toEqual([200, expect.objectContaining({ items: expect.any(Array) })]);
    return reply.body;
  };

  /** Every page after `first`, following next_cursor to the end: their items, in order. */
  const pagesAfter = async (query: string, first: InboxPageReply): Promise<InboxItemReply[]> => {
    const items: InboxItemReply[] = [];
    for (let cursor = first.next_cursor; cursor;) {
      const next = await page(query, cursor);
      items.push(...next.items);
      cursor = next.next_cursor;
    }
    return items;
  };

  /** Contact messages received at these times (ISO 8601, to the microsecond): their ids. */
  const messagesAt = async (times: string[], type = 'contact_form'): Promise<string[]> => {
    const ids: string[] = [];
    for (const at of times) {
      const [row] = await app.sql<{ id: string }>(
        `INSERT INTO notifications.messages (name, email, message, type, created_at)
         VALUES ('Visitor', $1, 'Please call me back.', $2, $3) RETURNING id`,
        [uniqueEmail('visitor'), type, at],
      );
      ids.push(row.id);
    }
    return ids;
  };

  /** What the inbox holds, newest first, by the database's own order: the truth pages are read against. */
  const inboxInOrder = async (where = 'true'): Promise<string[]> =>
    (
      await app.sql<{ id: string }>(
        `SELECT id FROM (
           SELECT id, created_at AS at, handled_at FROM notifications.messages
           UNION ALL SELECT id, subscribed_at, handled_at FROM notifications.newsletter_subscriptions
           UNION ALL SELECT id, subscribed_at, handled_at FROM notifications.deadline_subscriptions) items
         WHERE ${where} ORDER BY at DESC, id DESC`,
      )
    ).map((row) => row.id);

  const ids = (items: InboxItemReply[]) => items.map((item) => item.id);

  it('shows every item still open exactly once on the next pages, after items of the page before were handled', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const sent = await messagesAt([1, 2, 3, 4, 5, 6, 7].map(minutesAgo));
    const query = 'state=open&page_size=3';

    const first = await page(query);
    expect(ids(first.items)).toEqual(sent.slice(0, 3));
    expect(first.total).toBe(7);
    expect(first.next_cursor).toEqual(expect.any(String));

    // The staff member handles the first two items of the page, then reads on.
    for (const item of first.items.slice(0, 2)) {
      const marked = await app.call('PUT', `/inbox/${item.source}/${item.id}/handled`, {
        token: adminToken,
        json: { handled: true },
      });
      expect(marked.status).toBe(200);
    }
    const rest = await pagesAfter(query, first);

    // An offset (page 2 = items 4 to 6 of what is open now) would skip the two items that moved up.
    const seen = [first.items[2].id, ...ids(rest)];
    expect(seen).toEqual(sent.slice(2));
    expect(seen).toEqual(await inboxInOrder('handled_at IS NULL'));
    expect((await page(query, first.next_cursor)).total).toBe(5);
  });

  it('breaks ties on the time by id, across sources and to the microsecond: no item lost or repeated', async () => {
    const at = '2001-02-03T04:05:06.123456Z';
    const before = '2001-02-03T04:05:06.123455Z';
    const after = '2001-02-03T04:05:06.123457Z';
    await messagesAt([after, at, at, at, before, at, at]);
    for (const time of [at, at, before]) {
      await app.sql(
        `INSERT INTO notifications.newsletter_subscriptions (email, source, unsubscribe_token_hash, subscribed_at)
         VALUES ($1, 'website_footer', md5(random()::text), $2)`,
        [uniqueEmail('tie'), time],
      );
    }
    for (const time of [at, after]) {
      await app.sql(
        `INSERT INTO notifications.deadline_subscriptions (email, unsubscribe_token_hash, subscribed_at)
         VALUES ($1, md5(random()::text), $2)`,
        [uniqueEmail('tie'), time],
      );
    }

    for (const size of [1, 2, 3, 4]) {
      const query = `page_size=${size}`;
      const first = await page(query);
      const all = [...ids(first.items), ...ids(await pagesAfter(query, first))];
      expect(all).toEqual(await inboxInOrder());
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('keeps the filters on every page and answers the last page without a cursor', async () => {
    const query = 'kind=newsletter_subscriber&page_size=2';
    const first = await page(query);
    const all = [...first.items, ...(await pagesAfter(query, first))];
    expect(all.map((item) => item.kind)).toEqual([
      'newsletter_subscriber',
      'newsletter_subscriber',
      'newsletter_subscriber',
    ]);
    expect(first.total).toBe(3);
    const everything = await page('page_size=100');
    expect(everything.next_cursor).toBeNull();
    expect(everything.items).toHaveLength(everything.total);
  });

  it('refuses a cursor it did not give with a 400 that says what to send', async () => {
    const valid = (await page('page_size=1')).next_cursor!;
    const text = (value: string) => Buffer.from(value).toString('base64url');
    for (const before of [
      'not a cursor',
      'abc',
      `${valid}=`,
      text('2026-02-30T10:00:00.000000Z|00000000-0000-4000-8000-000000000000'),
      text('0000-01-01T00:00:00.000000Z|00000000-0000-4000-8000-000000000000'),
      text('2026-01-01T10:00:00.000Z|00000000-0000-4000-8000-000000000000'),
      text('2026-01-01T10:00:00.000000Z|not-a-uuid'),
      text("2026-01-01T10:00:00.000000Z|00000000-0000-4000-8000-000000000000|' OR 1=1"),
    ]) {
      const reply = await app.call('GET', `/inbox/?before=${encodeURIComponent(before)}`, { token: adminToken });
      expect([before, reply.status, reply.body.detail]).toEqual([before, 400, CURSOR_INVALID]);
    }
    const empty = await app.call('GET', '/inbox/?before=', { token: adminToken });
    expect([empty.status, empty.body.detail]).toEqual([400, CURSOR_INVALID]);
  });

  it('exports every current subscriber once, in batches by the same keyset, ties and microseconds included', async () => {
    // 2,500 subscribers, a hundred to each microsecond: the export's batches of 1,000 end inside ties.
    await app.sql(
      `INSERT INTO notifications.newsletter_subscriptions (email, unsubscribe_token_hash, subscribed_at, source)
       SELECT 'bulk-' || g || '@example.com', md5('bulk' || g),
              timestamptz '2002-01-01T00:00:00.000001Z' + (g / 100) * interval '1 microsecond', 'bulk'
         FROM generate_series(1, 2500) g`,
    );
    const response = await fetch(`${app.gateway.baseUrl}/api/inbox/subscribers.csv?list=newsletter`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.status).toBe(200);
    const emails = (await response.text())
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    const bulk = emails.filter((email) => email.startsWith('bulk-'));
    expect(bulk).toHaveLength(2500);
    expect(new Set(bulk).size).toBe(2500);
    expect(emails).toHaveLength(2500 + 3); // and the three of the ties above
  });
});
