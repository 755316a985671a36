import { validateBody } from '@portal/testing';
import { CURSOR_INVALID, CursorQueryDto, decodeCursor, encodeCursor, KeysetOrder } from './keyset';

const ID = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const AT = '2026-11-23T10:00:00.123456Z';

describe('keyset paging', () => {
  it('writes a position as an opaque cursor and reads it back, microseconds kept', () => {
    const cursor = encodeCursor({ at: AT, id: ID });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual({ at: AT, id: ID });
  });

  it('reads only what it writes: no other text, date, id or spelling', () => {
    const text = (value: string) => Buffer.from(value).toString('base64url');
    for (const cursor of [
      '',
      'not a cursor',
      `${encodeCursor({ at: AT, id: ID })}=`,
      text(`${AT}|${ID}|x`),
      text(`${AT}|${ID.toUpperCase()}`),
      text(`2026-11-23T10:00:00.123Z|${ID}`),
      text(`2026-02-30T10:00:00.000000Z|${ID}`),
      text(`2026-11-23T24:00:00.000000Z|${ID}`),
      text(`0000-01-01T00:00:00.000000Z|${ID}`),
      text(`2026-11-23 10:00:00.123456+00|${ID}`),
      text(AT),
    ]) {
      expect([cursor, decodeCursor(cursor)]).toEqual([cursor, undefined]);
    }
  });

  it('checks `before` and `page_size` at the edge, with a detail a person can act on', async () => {
    const before = encodeCursor({ at: AT, id: ID });
    expect((await validateBody(CursorQueryDto, { before, page_size: '5' }, 'query')).value).toMatchObject({
      before,
      page_size: 5,
    });
    expect((await validateBody(CursorQueryDto, {}, 'query')).errors).toEqual([]);
    expect((await validateBody(CursorQueryDto, { before: 'x', page_size: '101' }, 'query')).errors).toEqual([
      CURSOR_INVALID,
      'page_size must be a whole number from 1 to 100',
    ]);
  });

  it('compares (timestamp, id) as one row value, in the direction of the order', () => {
    const values: unknown[] = ['filter'];
    const newest = new KeysetOrder('received_at', 'id', 'DESC');
    expect(newest.after({ at: AT, id: ID }, values)).toBe('(received_at, id) < ($2::timestamptz, $3::uuid)');
    expect(values).toEqual(['filter', AT, ID]);
    expect(newest.orderBy).toBe('received_at DESC, id DESC');
    const oldest = new KeysetOrder('subscribed_at', 'id', 'ASC');
    expect(oldest.after({ at: AT, id: ID }, [])).toBe('(subscribed_at, id) > ($1::timestamptz, $2::uuid)');
    expect(oldest.orderBy).toBe('subscribed_at ASC, id ASC');
  });
});
