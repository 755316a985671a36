import { IncomingMessage, ServerResponse } from 'node:http';
import { advanceClock, processDue } from './billing';
import { authenticationError, invalidRequest, StripeApiError } from './errors';
import { expandResponse } from './expand';
import { FormObject, FormSyntaxError, parseForm } from './form';
import { newId } from './ids';
import { invoiceHtml, invoicePdf } from './invoice-documents';
import { Params } from './params';
import { ROUTES } from './routes';
import { API_VERSION, Caller, copy, FakeStripeState } from './state';
import { stripeJsSource } from './stripe-js';

export interface Keys {
  secretKey: string;
  publishableKey: string;
}

interface SavedResponse {
  savedAt: number;
  endpoint: string;
  params: string;
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** One API request as Stripe's request logs show it. */
export interface ApiRequestLog {
  method: string;
  /** The path without the query, e.g. /v1/invoices/in_123. */
  path: string;
  status: number;
}

interface Reply {
  status: number;
  body: string | Buffer;
  headers: Record<string, string>;
}

const MAX_BODY = 1024 * 1024;
/** Stripe prunes idempotency keys once they are 24 hours old. */
const IDEMPOTENCY_TTL_S = 24 * 3600;
const STRIPE_JS_PATHS = ['/v3', '/v3/', '/v3/stripe.js', '/endive/stripe.js'];

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Expose-Headers':
    'Request-Id, Stripe-Version, Idempotency-Key, Idempotent-Replayed, X-Fake-Stripe-Status',
  'Access-Control-Max-Age': '300',
};

/**
 * The HTTP face of the fake: Stripe's REST API under /v1 (form-encoded bodies, bearer keys, Stripe's error
 * format, idempotency keys, `expand[]`), the stand-in Stripe.js under /v3, and a few clearly fake-only paths
 * under /__fake (clock, 3-D Secure outcome, hosted invoice pages).
 */
export class FakeStripeHttp {
  private readonly idempotency = new Map<string, SavedResponse>();
  /** Every /v1 request, oldest first (what Stripe's dashboard lists under Logs). */
  readonly requests: ApiRequestLog[] = [];

  constructor(
    private readonly state: FakeStripeState,
    private readonly keys: Keys,
  ) {}

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let reply: Reply;
    try {
      reply = await this.route(request);
    } catch (error) {
      reply = errorReply(error, newId('req', 14));
    }
    const path = new URL(request.url ?? '/', 'http://fake-stripe').pathname;
    if (path.startsWith('/v1/')) this.requests.push({ method: request.method ?? 'GET', path, status: reply.status });
    if (request.headers['x-fake-stripe-js'] && reply.status >= 400) {
      // The stand-in Stripe.js reads the status from a header, so a decline logs no failed request.
      reply = { ...reply, status: 200, headers: { ...reply.headers, 'X-Fake-Stripe-Status': String(reply.status) } };
    }
    response.writeHead(reply.status, { ...CORS_HEADERS, ...reply.headers });
    response.end(reply.body);
  }

  private async route(request: IncomingMessage): Promise<Reply> {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const method = (request.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS') {
      const headers = request.headers['access-control-request-headers'];
      return {
        status: 204,
        body: '',
        headers: {
          'Access-Control-Allow-Headers': headers ?? 'Authorization, Content-Type, Idempotency-Key, Stripe-Version',
        },
      };
    }
    if (method === 'GET' && STRIPE_JS_PATHS.includes(url.pathname)) {
      return {
        status: 200,
        body: stripeJsSource(),
        headers: { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
      };
    }
    const document = /^\/__fake\/invoices\/([^/]+)(\/pdf)?$/.exec(url.pathname);
    if (method === 'GET' && document) return this.invoiceDocument(document[1], Boolean(document[2]));

    const body = method === 'POST' ? await readBody(request) : '';
    const requestId = newId('req', 14);
    let form: FormObject;
    try {
      form = { ...parseForm(url.search.slice(1)), ...parseForm(body) };
    } catch (error) {
      if (error instanceof FormSyntaxError) throw invalidRequest(error.message);
      throw error;
    }
    const caller = this.authenticate(request, form);
    delete form.key;

    if (url.pathname === '/__fake/clock/advance' || url.pathname === '/__fake/clock') {
      return this.clock(method, url.pathname, caller, form, requestId);
    }
    const match = this.match(method, url.pathname);
    if (!match) {
      throw invalidRequest(
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        { status: 404 },
      );
    }
    if (match.route.access === 'secret' && caller !== 'secret') {
      throw new StripeApiError(403, {
        type: 'invalid_request_error',
        message:
          'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
      });
    }
    const idempotencyKey = method === 'POST' ? header(request, 'idempotency-key') : null;
    const endpoint = `${method} ${url.pathname}`;
    const paramsFingerprint = JSON.stringify(canonical(form));
    if (idempotencyKey) this.pruneIdempotencyKeys();
    const saved = idempotencyKey ? this.idempotency.get(`${caller}:${idempotencyKey}`) : undefined;
    if (idempotencyKey && saved) {
      return replay(saved, endpoint, paramsFingerprint, idempotencyKey);
    }

    const stripeVersion = header(request, 'stripe-version') ?? API_VERSION;
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Request-Id': requestId,
      'Stripe-Version': stripeVersion,
    };
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    let reply: Reply;
    try {
      // Whatever came due in real time since the last call (the clock also runs by itself).
      processDue(this.state, this.state.now());
      this.state.request = { id: requestId, idempotencyKey };
      const params = new Params(form);
      const result = match.route.handler({ state: this.state, params, caller, path: match.path });
      const expanded = expandResponse(this.state, copy(result), params.strings('expand') ?? []);
      reply = { status: 200, body: JSON.stringify(expanded, null, 2), headers };
    } catch (error) {
      reply = errorReply(error, requestId);
      Object.assign(reply.headers, headers);
      if (error instanceof StripeApiError && error.beforeExecution) return reply;
      if (reply.status >= 500) return reply;
    } finally {
      this.state.request = null;
    }
    if (idempotencyKey) {
      this.idempotency.set(`${caller}:${idempotencyKey}`, {
        savedAt: this.state.now(),
        endpoint,
        params: paramsFingerprint,
        status: reply.status,
        body: String(reply.body),
        headers: reply.headers,
      });
    }
    return reply;
  }

  /** Keys live 24 hours of the fake's clock: a test that advances it past them sees them forgotten, as Stripe does. */
  private pruneIdempotencyKeys(): void {
    const oldest = this.state.now() - IDEMPOTENCY_TTL_S;
    for (const [key, saved] of this.idempotency) {
      if (saved.savedAt >= oldest) break;
      this.idempotency.delete(key);
    }
  }

  private authenticate(request: IncomingMessage, form: FormObject): Caller {
    const authorization = header(request, 'authorization');
    let key: string | undefined;
    if (authorization?.startsWith('Bearer ')) key = authorization.slice(7).trim();
    else if (authorization?.startsWith('Basic ')) {
      key = Buffer.from(authorization.slice(6), 'base64').toString().split(':')[0];
    } else if (typeof form.key === 'string') key = form.key;
    if (!key) {
      throw authenticationError(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    }
    if (key === this.keys.secretKey) return 'secret';
    if (key === this.keys.publishableKey) return 'publishable';
    throw authenticationError(`Invalid API Key provided: ${redact(key)}`);
  }

  private match(method: string, pathname: string) {
    for (const route of ROUTES) {
      if (route.method !== method) continue;
      const found = route.pattern.exec(pathname);
      if (found) return { route, path: found.slice(1).map(decodeURIComponent) };
    }
    return undefined;
  }

  /** Fake-only: `POST /__fake/clock/advance` with `seconds=N` moves the clock; `GET /__fake/clock` reads it. */
  private clock(method: string, pathname: string, caller: Caller, form: FormObject, requestId: string): Reply {
    if (caller !== 'secret') throw authenticationError('The fake clock needs the secret key.');
    const headers = { 'Content-Type': 'application/json', 'Request-Id': requestId };
    if (method === 'POST' && pathname === '/__fake/clock/advance') {
      const seconds = new Params(form).allow('seconds').requiredInteger('seconds');
      if (seconds < 0) throw invalidRequest('seconds must be 0 or more.', { param: 'seconds' });
      return { status: 200, body: JSON.stringify({ now: advanceClock(this.state, seconds) }), headers };
    }
    if (method === 'GET' && pathname === '/__fake/clock') {
      return { status: 200, body: JSON.stringify({ now: this.state.now() }), headers };
    }
    throw invalidRequest(`Unrecognized request URL (${method}: ${pathname}).`, { status: 404 });
  }

  private invoiceDocument(id: string, pdf: boolean): Reply {
    const invoice = this.state.invoices.get(id);
    if (!invoice || !invoice.number) {
      return { status: 404, body: 'No such invoice', headers: { 'Content-Type': 'text/plain' } };
    }
    if (pdf) {
      return {
        status: 200,
        body: invoicePdf(invoice),
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="Invoice-${invoice.number}.pdf"`,
        },
      };
    }
    return { status: 200, body: invoiceHtml(invoice), headers: { 'Content-Type': 'text/html; charset=utf-8' } };
  }
}

function replay(saved: SavedResponse, endpoint: string, params: string, key: string): Reply {
  if (saved.endpoint !== endpoint) {
    throw new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  if (saved.params !== params) {
    throw new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  return { status: saved.status, body: saved.body, headers: { ...saved.headers, 'Idempotent-Replayed': 'true' } };
}

function errorReply(error: unknown, requestId: string): Reply {
  const headers = { 'Content-Type': 'application/json', 'Request-Id': requestId };
  if (error instanceof StripeApiError) {
    const body = { ...error.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` };
    return {
      status: error.status,
      body: JSON.stringify({ error: body }, null, 2),
      headers: { ...headers, ...error.headers },
    };
  }
  return {
    status: 500,
    body: JSON.stringify({
      error: { type: 'api_error', message: `The fake Stripe failed: ${(error as Error).message ?? String(error)}` },
    }),
    headers: { ...headers, 'Stripe-Should-Retry': 'false' },
  };
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function redact(key: string): string {
  const prefix = key.slice(0, key.indexOf('_', 3) + 1) || key.slice(0, 3);
  return `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(invalidRequest('Request body too large.', { status: 413 }));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
