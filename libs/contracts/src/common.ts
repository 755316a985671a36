/*
 * What every endpoint shares: the error body, the plain "done" answer, the admin lists' paging,
 * and the health checks. Plain TypeScript only (no Nest, Node or DOM): the server compiles this
 * and Vite bundles it into the browser.
 */

/** The longest e-mail address any endpoint takes (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** The longest phone number the forms take. */
export const PHONE_MAX_LENGTH = 40;
export const PHONE_INVALID_MESSAGE = 'Please enter a valid phone number';

/**
 * A phone number as people write it: at least 7 digits with the usual separators ('+1 (919) 555-0142',
 * '919.555.0142'), an optional extension ('x12', 'ext. 12'), at most 40 characters. The forms check it
 * before sending and the server refuses anything else with the same words.
 */
export function isPhoneNumber(value: string): boolean {
  return (
    value.length <= PHONE_MAX_LENGTH &&
    /^\+?[0-9().\-\s/]+((ext\.?|x)\s*[0-9]{1,6})?$/i.test(value) &&
    (value.match(/[0-9]/g) ?? []).length >= 7
  );
}

/** The body of every error (4xx and 5xx); the web shows `detail` as it is. */
export interface ErrorReply {
  detail: string;
}

/** A 400 from request validation: `detail` joins the problems, `errors` lists them one by one. */
export interface ValidationErrorReply extends ErrorReply {
  errors: string[];
}

/** A success answer that only says what happened. */
export interface MessageReply {
  message: string;
}

/** `?page=1&page_size=20` of the admin lists (sent as text; whole numbers). */
export interface PageQuery {
  page?: number;
  page_size?: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** One page of an admin list, newest first. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * `?before=&page_size=20` of an admin list that changes while it is read (the staff inbox, the vault
 * access log): newest first, a page at a time by keyset, not by page number. A page starts after the
 * last item of the page before, so items handled away or added at the top meanwhile neither hide nor
 * repeat an item on the next page.
 */
export interface CursorQuery {
  /** The `next_cursor` of the page before, as given (opaque); left out for the first page. */
  before?: string;
  page_size?: number;
}

/** One page of a CursorQuery list. */
export interface CursorPage<T> {
  items: T[];
  /** How many items match the filters now (the list may have changed since the page before). */
  total: number;
  /** `before` of the next page; null on the last page. */
  next_cursor: string | null;
}

/** GET /health: the process is alive. */
export interface HealthReply {
  status: 'ok';
  service: string;
  uptime_seconds: number;
}

/** GET /health/{service}: answered by the process that hosts the service. */
export interface ServiceHealthReply {
  status: 'ok';
  service: string;
}

export type DependencyState = 'up' | 'down';

/** GET /ready: 200 when Postgres and Redis answer, 503 (with a detail) when one does not. */
export interface ReadyReply {
  status: 'ready' | 'unavailable';
  checks: Record<string, DependencyState>;
  detail?: string;
}
