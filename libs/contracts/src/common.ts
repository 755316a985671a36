/*
 * What every endpoint shares: the error body, the plain "done" answer, the admin lists' paging,
 * and the health checks. Plain TypeScript only (no Nest, Node or DOM): the server compiles this
 * and Vite bundles it into the browser.
 */

/** The longest e-mail address any endpoint takes (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

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
