import type { ErrorReply, MessageReply } from '@portal/contracts';
import { signInPath } from '../routes';
import { SESSION_KEYS, type StorageLike } from '../storage/storage';

const API_BASE = '/api';

/** A reply with a non-2xx status. `detail` is the server's human message, shown to users as is. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly detail: string;
  /** The parsed JSON body, the raw text when it was not JSON, or undefined when empty. */
  readonly body: unknown;

  constructor(status: number, detail: string, body: unknown) {
    super(detail);
    this.status = status;
    this.detail = detail;
    this.body = body;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON, except FormData and URLSearchParams which the browser encodes itself. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The request outlives the page (fetch's keepalive): for a call sent as the user leaves. */
  keepalive?: boolean;
}

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: CallOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: CallOptions): Promise<T>;
}

export interface LocationLike {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export interface ApiClientDeps {
  storage: Pick<StorageLike, 'getItem' | 'removeItem'>;
  /** Leaves the page for `url` (the sign-in page after a 401). */
  navigate: (url: string) => void;
  /** Read when a 401 arrives, so it must reflect the current page (window.location does). */
  location: LocationLike;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
}

/**
 * Calls `/api{path}` with the stored Bearer token. Rejects with ApiError on a non-2xx reply; a 401 from
 * anything but the sign-in and sign-out calls also ends the session (spec part 1, section 4): the stored user and token
 * are removed and the browser goes to the sign-in page, which brings the user back here afterwards.
 * Network failures reject with fetch's own TypeError, so callers can tell "offline" from "refused".
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    if (!path.startsWith('/')) throw new Error(`API paths start with '/': got '${path}'`);
    const method = options.method ?? 'GET';
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    const token = deps.storage.getItem(SESSION_KEYS.token);
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let body: BodyInit | undefined;
    if (options.body instanceof FormData || options.body instanceof URLSearchParams) {
      // No Content-Type: fetch writes the multipart boundary or the form encoding itself.
      body = options.body;
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }

    const response = await deps.fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body,
      signal: options.signal,
      keepalive: options.keepalive,
    });
    const text = await response.text();
    if (response.ok) return parseBody(text, response) as T;

    let errorBody: unknown = text || undefined;
    try {
      errorBody = parseBody(text, response);
    } catch {
      // An error body that claims to be JSON but is not (cut short, say) must not hide the status.
    }
    if (response.status === 401 && !isSessionCall(method, path)) endSession();
    throw new ApiError(response.status, errorDetail(errorBody, response), errorBody);
  }

  function endSession(): void {
    deps.storage.removeItem(SESSION_KEYS.user);
    deps.storage.removeItem(SESSION_KEYS.token);
    const { pathname, search, hash } = deps.location;
    deps.navigate(signInPath(pathname + search + hash, { sessionExpired: true }));
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
  };
}

/**
 * Calls whose 401 does not end the session: a wrong password or code on the sign-in calls is an answer
 * for the sign-in form, not an expired session; the sign-out call is sent as the session ends already
 * (its 401, an expired token, must not send the user to sign in, nor end a session begun since).
 */
const SESSION_CALLS = new Set(['/auth/login', '/auth/two-factor/verify', '/auth/logout']);

function isSessionCall(method: HttpMethod, path: string): boolean {
  const pathOnly = path.split(/[?#]/, 1)[0].replace(/\/+$/, '');
  return method === 'POST' && SESSION_CALLS.has(pathOnly);
}

function parseBody(text: string, response: Response): unknown {
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  return /[/+]json\b/i.test(type) ? JSON.parse(text) : text;
}

/** What an error body may carry: the contract's `detail`, or a `message` (older proxies, Fastify). */
export type ErrorBodyFields = { [Field in keyof ErrorReply | keyof MessageReply]?: unknown };

function errorDetail(body: unknown, response: Response): string {
  if (typeof body === 'object' && body !== null) {
    const { detail, message } = body as ErrorBodyFields;
    if (typeof detail === 'string' && detail) return detail;
    if (typeof message === 'string' && message) return message;
  }
  return response.statusText
    ? `Request failed: ${response.status} ${response.statusText}`
    : `Request failed with status ${response.status}`;
}
