import { BadRequestException } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type CursorQuery } from '@portal/contracts';
import { ValidateBy } from 'class-validator';
import { IntInRange, ToInt } from './validators';

/*
 * Keyset paging of a list ordered by (a timestamp, an id): a page is the rows past the last row read,
 * in that order, not the rows past a count of rows. Rows that leave the list (an inbox item handled
 * under the Open filter) or arrive at its top (a new access to a vault) while someone reads on then
 * neither hide nor repeat a row of the next page, as OFFSET does; and the query reads an index from
 * the position on instead of counting up to it.
 *
 * A position travels as an opaque cursor: base64url of '<timestamp>|<id>', the timestamp in UTC to the
 * microsecond, as Postgres keeps it (a JS Date would drop the microseconds, and rows of the same
 * millisecond would be skipped or read twice).
 */

/** Where a row stands in the order: its timestamp (ISO 8601, UTC, 6 decimals) and its id. */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** A row read with KeysetOrder.select: its id and its timestamp as the cursor writes it. */
export interface KeysetRow {
  id: string;
  keyset_at: string;
}

export const CURSOR_INVALID = 'before must be the next_cursor of a page of this list, as given';

const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,120}$/;
const AT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url');
}

/**
 * The position a cursor names, or undefined when it is not one this API wrote: anything else (a date
 * Postgres would refuse, such as February 30, included) is the caller's mistake, a 400, never a 500.
 */
export function decodeCursor(cursor: string): KeysetPosition | undefined {
  if (!CURSOR_TEXT.test(cursor)) return undefined;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const millis = AT.exec(at)?.[1];
  if (!millis || id === undefined || !UUID.test(id) || rest.length > 0) return undefined;
  const date = new Date(`${millis}Z`);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.toISOString() !== `${millis}Z`) {
    return undefined;
  }
  // One spelling per position: what encodeCursor writes.
  return encodeCursor({ at, id }) === cursor ? { at, id } : undefined;
}

/** A query parameter that must be a cursor this API gave (absent: the first page). */
export function IsCursor(message = CURSOR_INVALID): PropertyDecorator {
  return ValidateBy({
    name: 'isCursor',
    validator: {
      validate: (value: unknown) => value === undefined || (typeof value === 'string' && !!decodeCursor(value)),
      defaultMessage: () => message,
    },
  });
}

/** `?before=&page_size=` of a list read by keyset (CursorQuery), checked at the edge. */
export class CursorQueryDto implements CursorQuery {
  @ApiPropertyOptional({ description: 'The next_cursor of the page before; left out for the first page' })
  @IsCursor()
  before?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @ToInt()
  @IntInRange(1, MAX_PAGE_SIZE, `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  page_size?: number;
}

/** The page a CursorQuery asks for: its size and the position it starts after (none: the first page). */
export function cursorWindow(query: CursorQuery): { pageSize: number; after: KeysetPosition | undefined } {
  const after = query.before === undefined ? undefined : decodeCursor(query.before);
  // The DTO has refused a bad cursor already; a caller that skipped it gets the same 400.
  if (query.before !== undefined && !after) throw new BadRequestException({ detail: CURSOR_INVALID });
  return { pageSize: query.page_size ?? DEFAULT_PAGE_SIZE, after };
}

/**
 * The order of a list read by keyset: by `at` (a timestamptz) then `id` (a uuid), both newest first
 * (DESC) or both oldest first (ASC), as the query names the two columns. An index on (at, id) in that
 * order (or its reverse) serves the condition and the order at once.
 */
export class KeysetOrder {
  constructor(
    private readonly at: string,
    private readonly id: string,
    private readonly direction: 'ASC' | 'DESC',
  ) {}

  /** A select-list item: the row's timestamp as a cursor writes it, `keyset_at`. */
  get select(): string {
    return `to_char(${this.at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS keyset_at`;
  }

  get orderBy(): string {
    return `${this.at} ${this.direction}, ${this.id} ${this.direction}`;
  }

  /**
   * The rows past `position` in this order, as one row-value comparison (an index on (at, id) reads
   * from the position on); its two values are appended to `values`.
   */
  after(position: KeysetPosition, values: unknown[]): string {
    values.push(position.at, position.id);
    const operator = this.direction === 'DESC' ? '<' : '>';
    return `(${this.at}, ${this.id}) ${operator} ($${values.length - 1}::timestamptz, $${values.length}::uuid)`;
  }
}

export function positionOf(row: KeysetRow): KeysetPosition {
  return { at: row.keyset_at, id: row.id };
}

/**
 * What a list reads: FROM `from` (a table, or a subquery with its alias), the rows that meet every one
 * of `conditions` (filters whose `$n` are `values`).
 */
export interface KeysetSource {
  from: string;
  conditions: string[];
  values: unknown[];
}

/** What runs the SQL (a TypeORM DataSource or EntityManager). */
interface Queryable {
  query(sql: string, values: unknown[]): Promise<unknown>;
}

const where = (conditions: string[]): string => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');

/**
 * The page `request` asks for, in `order`, with the number of rows that meet the filters now. The page
 * is read with one row more than it shows, so the last page is known without asking for an empty one.
 */
export async function readCursorPage<R extends KeysetRow>(
  db: Queryable,
  source: KeysetSource,
  order: KeysetOrder,
  request: CursorQuery,
): Promise<{ rows: R[]; total: number; nextCursor: string | null }> {
  const { pageSize, after } = cursorWindow(request);
  const [{ total }] = (await db.query(
    `SELECT count(*)::int AS total FROM ${source.from} ${where(source.conditions)}`,
    source.values,
  )) as Array<{ total: number }>;
  const values = [...source.values];
  const conditions = after ? [...source.conditions, order.after(after, values)] : source.conditions;
  const rows = (await db.query(
    `SELECT *, ${order.select} FROM ${source.from} ${where(conditions)} ORDER BY ${order.orderBy} LIMIT ${pageSize + 1}`,
    values,
  )) as R[];
  if (rows.length <= pageSize) return { rows, total, nextCursor: null };
  const page = rows.slice(0, pageSize);
  return { rows: page, total, nextCursor: encodeCursor(positionOf(page[page.length - 1])) };
}
