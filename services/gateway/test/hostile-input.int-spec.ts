import { type FakeStripe, signatureHeader, startFakeStripe } from '@portal/fake-stripe';
import { login, newIp, registerVerified, startTestApp, TestApp, uniqueEmail } from '@portal/testing';
import { isQueueName, QUEUES, redisConnectionOptions } from '@portal/events';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';

/**
 * Hostile input on every route of the running all-in-one gateway, as anonymous, as a verified
 * client and as an admin: never a 5xx, every 4xx JSON with a human `detail`, no stack trace or
 * SQL in any answer, and nothing written by what was refused. What the one input rule refuses
 * (libs/http/src/request-input.ts: deeply nested JSON, a NUL character or an unpaired surrogate
 * in any text, in each field of an otherwise plausible body, each query and path parameter of
 * every documented operation) must be answered by that rule: a 400 with a detail.
 *
 * The routes come from the process itself: each one it registers (Nest's controllers, the API
 * docs, the queue dashboard, the web app) is logged at debug level as 'route registered'. A
 * new route is swept without editing this file.
 *
 * The queue dashboard's routes are swept twice: with the roles' tokens (the board's session check
 * refuses them), and with an admin's dashboard session, so that its own handlers see the hostile
 * input too (unknown queues and jobs, bad statuses and pages, bodies, paths out of its static files).
 */

const ADMIN_EMAIL = uniqueEmail('hostile-admin');
const ADMIN_PASSWORD = 'H0stile!admin-pass';
const MB = 1024 * 1024;
/** Concurrent requests: enough to keep the run short, few enough for a shared two-core machine. */
const BATCH = 12;

type Role = 'anonymous' | 'client' | 'admin';
const ROLES: Role[] = ['anonymous', 'client', 'admin'];

interface Route {
  method: string;
  /** Fastify's pattern: `:name` parameters, a trailing `*` wildcard. */
  url: string;
}

/**
 * Routes that end the session they are called with (a hostile body may well be a valid request to
 * them): swept last, so the sweep's tokens stay valid for everything else.
 */
const ENDS_SESSION = ['POST /api/auth/logout', 'POST /api/auth/sessions/revoke-all'];

/**
 * Routes followed from a mail (unsubscribe and resubscribe links, one-click unsubscribe): they answer a
 * page for a person, so their 4xx is HTML with the explanation, not JSON.
 */
const ANSWERS_A_PAGE = [
  'GET /api/newsletter/unsubscribe',
  'POST /api/newsletter/unsubscribe',
  'GET /api/newsletter/resubscribe',
  'POST /api/newsletter/resubscribe',
  'GET /api/deadline-alerts/unsubscribe',
  'POST /api/deadline-alerts/unsubscribe',
  'GET /api/deadline-alerts/resubscribe',
  'POST /api/deadline-alerts/resubscribe',
];

/** The queue dashboard (Bull Board): its own routes, all behind the dashboard's session cookie. */
const isQueueDashboard = (key: string) => /^[A-Z]+ \/queues(\/|$)/.test(key);

/** Routes outside the API that the process serves: the web app's pages and files, and what the dev tools add. */
const isApiRoute = ({ url }: Route) => /^\/(api|dev|queues)(\/|$)/.test(url);

/**
 * The API's routes registered by something other than a Nest controller, so absent from the OpenAPI
 * document: listed here, and the test fails when the process registers others or no longer these.
 */
const OUTSIDE_OPENAPI = [
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/*',
  'GET /api/docs/LICENSE',
  'GET /api/docs/docs/*',
  'GET /api/docs/docs/swagger-ui-init.js',
  'GET /api/docs/index.html',
  'GET /api/docs/json',
  'GET /api/docs/swagger-ui-init.js',
  'GET /api/docs-yaml',
  'GET /dev/mail',
  'GET /dev/mail/:file',
  'GET /dev/mail/:file/raw',
];

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};
interface Operation {
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Each operation of the document, with its OpenAPI path and its (lower-case) method. */
function operationsOf(api: OpenApi): Array<{ path: string; method: string; operation: Operation }> {
  return Object.entries(api.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] })),
  );
}

function resolve(schema: Schema | undefined, api: OpenApi): Schema | undefined {
  if (schema?.$ref) return resolve(api.components?.schemas?.[schema.$ref.split('/').pop()!], api);
  if (schema?.allOf?.length) return resolve(schema.allOf[0], api);
  return schema;
}

/** The OpenAPI operation of a Fastify route (`:id` is `{id}` there; a wildcard is `{path}` or `*`). */
function operationOf(api: OpenApi, route: Route): Operation | undefined {
  const method = route.method.toLowerCase();
  const openApiPath = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const wildcard = openApiPath.endsWith('/*') ? openApiPath.slice(0, -1) : undefined;
  const key = Object.keys(api.paths).find(
    (path) =>
      path === openApiPath ||
      path === openApiPath.replace(/\/$/, '') ||
      (wildcard !== undefined && path.startsWith(wildcard) && /^\{[^}]+\}$/.test(path.slice(wildcard.length))),
  );
  return key ? api.paths[key][method] : undefined;
}

/** Every field of the operation's JSON (or form) body with its type. */
function bodyFields(api: OpenApi, operation: Operation | undefined): Record<string, Schema> {
  const content = operation?.requestBody?.content ?? {};
  const schema = resolve(
    (content['application/json'] ?? content['application/x-www-form-urlencoded'] ?? content['multipart/form-data'])
      ?.schema,
    api,
  );
  return Object.fromEntries(
    Object.entries(schema?.properties ?? {}).map(([name, field]) => [name, resolve(field, api) ?? {}]),
  );
}

interface Probe {
  label: string;
  path: string;
  body?: string | Buffer | FormData;
  contentType?: string;
  headers?: Record<string, string>;
  /** Refused by the input rule itself, before any route code: a 400 with a detail, nothing else. */
  refused?: boolean;
}

/**
 * A plausible value of the schema (of a field called `name`): the example or default if any, else one
 * by type, format and name. Valid values elsewhere let a bad one reach as far as the code goes.
 */
function sample(schema: Schema | undefined, api: OpenApi, depth = 0, name = ''): unknown {
  const resolved = resolve(schema, api);
  if (!resolved || depth > 6) return 'x';
  const alternative = resolved.oneOf?.[0] ?? resolved.anyOf?.[0];
  if (alternative) return sample(alternative, api, depth + 1, name);
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.default !== undefined) return resolved.default;
  if (resolved.enum?.length) return resolved.enum[0];
  switch (resolved.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(resolved.items, api, depth + 1)];
    case 'object':
      return Object.fromEntries(
        Object.entries(resolved.properties ?? {}).map(([key, property]) => [
          key,
          sample(property, api, depth + 1, key),
        ]),
      );
    default:
      if (resolved.format === 'email' || /email/i.test(name)) return 'fuzz@example.com';
      if (/password/i.test(name)) return 'Fuzz!pass-2024';
      if (resolved.format === 'uuid') return randomUUID();
      if (resolved.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      return 'fuzz';
  }
}

/** Paths (as key lists) of every string in a sample value. */
function stringPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

function withString(value: unknown, path: Array<string | number>, change: (text: string) => string): unknown {
  if (!path.length) return change(value as string);
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]] = withString(copy[path[0]], path.slice(1), change);
  return copy;
}

const DEEP_JSON = `${'['.repeat(5000)}${']'.repeat(5000)}`;

const BAD_TEXT = {
  'a NUL character': (text: string) => `${text}\u0000`,
  'an unpaired surrogate': (text: string) => `\ud800${text}`,
};

/**
 * The kinds of the input rule's probes (each label starts with one), and the fewest the document must
 * give each: a little under the counts when written (40, 72, 72, 34, 34, 33), so that a kind that stops
 * reaching its routes (a sample without strings, a parameter no longer read) fails the sweep.
 */
const RULE_PROBES: Record<string, number> = {
  'deeply nested JSON': 30,
  'a NUL character in body field': 55,
  'an unpaired surrogate in body field': 55,
  'a NUL character in query parameter': 25,
  'an unpaired surrogate in query parameter': 25,
  '%00 in path parameter': 25,
};

/**
 * The input rule's probes of one documented operation (`route`: its OpenAPI path), each in a
 * request otherwise made of plausible values (`sample`), so that nothing else refuses it first.
 */
function ruleProbes(api: OpenApi, route: string, method: string, operation: Operation): Probe[] {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const url = (overrides: Record<string, string> = {}, query: Record<string, string> = {}) => {
    const path = route.replace(/\{([^}]+)\}/g, (_, name: string) => {
      if (name in overrides) return overrides[name];
      const value = sample(pathParameters.find((parameter) => parameter.name === name)?.schema, api);
      return encodeURIComponent(String(value === 'fuzz' ? 'x' : value));
    });
    const search = new URLSearchParams(
      Object.fromEntries([
        ...queryParameters.map((parameter) => [parameter.name, String(sample(parameter.schema, api))]),
        ...Object.entries(query),
      ]),
    ).toString();
    return search ? `${path}?${search}` : path;
  };
  const json = operation.requestBody?.content['application/json'] ?? operation.requestBody?.content['*/*'];
  const body = json ? sample(json.schema, api) : undefined;
  const plainBody = body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' };
  const probes: Probe[] = [];

  if (method !== 'get') {
    probes.push({
      label: 'deeply nested JSON',
      path: url(),
      body: DEEP_JSON,
      contentType: 'application/json',
      refused: true,
    });
  }
  for (const [kind, change] of Object.entries(BAD_TEXT)) {
    for (const field of stringPaths(body)) {
      probes.push({
        label: `${kind} in body field ${field.join('.') || '(the body)'}`,
        path: url(),
        body: JSON.stringify(withString(body, field, change)),
        contentType: 'application/json',
        refused: true,
      });
    }
    for (const parameter of queryParameters) {
      probes.push({
        label: `${kind} in query parameter ${parameter.name}`,
        path: url({}, { [parameter.name]: change(String(sample(parameter.schema, api))) }),
        ...plainBody,
        // A URL cannot carry an unpaired surrogate: the client sends U+FFFD, which is text like any other.
        refused: kind === 'a NUL character',
      });
    }
  }
  // Only those the path template names: Nest also lists a wildcard route's `*` beside the named one.
  for (const parameter of pathParameters.filter(({ name }) => route.includes(`{${name}}`))) {
    probes.push({
      label: `%00 in path parameter ${parameter.name}`,
      path: url({ [parameter.name]: '%00' }),
      ...plainBody,
      refused: true,
    });
  }
  return probes;
}

const PATH_VALUES: Record<string, string> = {
  'not a UUID': 'not-a-uuid',
  'far too long': 'a'.repeat(5000),
  '%00': '%00',
  '..': '..',
  'encoded ../': '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
  unicode: encodeURIComponent('ünïcødé-漢字-🙂'),
  'a UUID that does not exist': randomUUID(),
  'a malformed %-encoding': '%E0%A4%A',
};

/**
 * A path with every parameter a plausible value (`plausible`'s, else a UUID or a file), or `bad`
 * in the one named.
 */
function fill(url: string, bad?: { name: string; value: string }, plausible: Record<string, string> = {}): string {
  const value = (name: string, otherwise: string) => (bad?.name === name ? bad.value : (plausible[name] ?? otherwise));
  return url
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => value(name, randomUUID()))
    .replace(/\*$/, () => value('*', 'folder/file.pdf'));
}

function wrongTypeBodies(fields: Record<string, Schema>): Record<string, unknown> {
  const names = Object.keys(fields).length ? Object.keys(fields) : ['name', 'email', 'id', 'page'];
  const with_ = (value: (schema: Schema) => unknown) =>
    Object.fromEntries(names.map((name) => [name, value(fields[name] ?? {})]));
  return {
    'every field of the wrong type': with_((schema) =>
      schema.type === 'string' || schema.type === undefined ? 12345 : 'not-a-number-or-boolean',
    ),
    'every field an array': with_(() => ['x', 1, null]),
    'every field a nested object': with_(() => ({ nested: { deeper: [1, { x: 'y' }] } })),
    'every field null': with_(() => null),
    'every field negative and huge': with_((schema) =>
      schema.type === 'string' || schema.type === undefined ? '-1e309' : -1e308,
    ),
  };
}

/** Bodies of every kind a client can get wrong, sent to `path`, for a body of these fields. */
function bodyProbes(path: string, fields: Record<string, Schema>): Probe[] {
  const probes: Probe[] = [];
  const json = (label: string, body: string) =>
    probes.push({ label: `body ${label}`, path, body, contentType: 'application/json' });
  for (const body of ['null', '[]', '"x"', '123', '{}', 'true']) json(body, body);
  for (const [label, body] of Object.entries(wrongTypeBodies(fields))) json(label, JSON.stringify(body));
  // Just under the 1 MB body limit, so it reaches validation: a column of bounded width must not see it.
  const stringField =
    Object.entries(fields).find(([, schema]) => schema.type === 'string' && !schema.enum)?.[0] ?? 'name';
  const big = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [name, schema.type === 'string' ? 'x' : 1]),
  );
  json(`a 1 MB string in ${stringField}`, JSON.stringify({ ...big, [stringField]: 'a'.repeat(MB - 200) }));
  json('over the 1 MB limit', JSON.stringify({ [stringField]: 'a'.repeat(MB + 10) }));
  json('invalid JSON', '{"a": 1,');
  json('an empty body', '');
  probes.push({ label: 'a text/plain body', path, body: 'hello', contentType: 'text/plain' });
  probes.push({ label: 'an XML body', path, body: '<a>1</a>', contentType: 'application/xml' });
  probes.push({
    label: 'a form of wrong fields',
    path,
    body: 'a[b][c]=1&a=2&page=-1',
    contentType: 'application/x-www-form-urlencoded',
  });
  probes.push({
    label: 'multipart without a boundary',
    path,
    body: 'garbage',
    contentType: 'multipart/form-data',
  });
  return probes;
}

function probesOf(api: OpenApi, route: Route): Probe[] {
  const operation = operationOf(api, route);
  const path = fill(route.url);
  const probes = route.method !== 'GET' && route.method !== 'HEAD' ? bodyProbes(path, bodyFields(api, operation)) : [];
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
  if (route.url.endsWith('*')) names.push('*');
  for (const name of names) {
    for (const [label, value] of Object.entries(PATH_VALUES)) {
      probes.push({ label: `path ${name} ${label}`, path: fill(route.url, { name, value }) });
    }
  }
  const queryNames = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  for (const name of [...queryNames, 'page']) {
    for (const [label, query] of Object.entries({
      'of the wrong type': `${name}=not-a-number`,
      negative: `${name}=-1`,
      huge: `${name}=99999999999999999999999999`,
      repeated: `${name}=1&${name}=2`,
      'an array': `${name}[]=1&${name}[]=2`,
      'an object': `${name}[a][b]=1`,
      empty: `${name}=`,
    })) {
      probes.push({ label: `query ${name} ${label}`, path: `${path}?${query}` });
    }
  }
  return probes;
}

/**
 * The queue dashboard's own routes, sent with an admin's dashboard session: every parameter a real
 * one (the mail queue, a job `jobId` in it, a status it has) but the one made hostile, so that
 * each bad value reaches as far into the board as it can.
 */
const BOARD_PATH_VALUES: Record<string, string> = {
  ...PATH_VALUES,
  'an unknown name': 'no-such-queue',
  __proto__: '__proto__',
  constructor: 'constructor',
  'an encoded %': '%25E0%25A4%25A',
  'an encoded space': '%20',
  zero: '0',
  negative: '-1',
  'a status': 'latest',
};

/**
 * Paths out of the board's static files, sent as written (fetch would resolve the dot segments
 * first): the gateway's package.json and the system's passwd file must never be answered.
 */
const TRAVERSALS = [
  '../../../../package.json',
  '..%2F..%2F..%2F..%2Fpackage.json',
  '%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json',
  '%252e%252e%252f%252e%252e%252fpackage.json',
  '....//....//....//etc/passwd',
  '..\\..\\..\\..\\package.json',
  '/etc/passwd',
  'images/..%00/logo.svg',
];

/** A GET of `path` exactly as written, which fetch would normalise. */
async function rawGet(baseUrl: string, path: string, cookie: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    const headers = { cookie, 'x-forwarded-for': newIp() };
    const request = httpRequest({ hostname, port, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', text }),
      );
    });
    request.on('error', reject).end();
  });
}

/** Query parameters the board reads (its queue list, job schedulers, job flow), all at once and plausible. */
const BOARD_QUERY: Record<string, string> = {
  activeQueue: 'mail',
  status: 'failed',
  page: '1',
  jobsPerPage: '10',
  queueName: 'mail',
  root: 'node',
  depth: '2',
  maxChildren: '5',
};

const BOARD_QUERY_VALUES: Record<string, string> = {
  'a malformed %-encoding once decoded': '%25E0%25A4%25A',
  'a malformed %-encoding': '%E0%A4%A',
  'an unknown name': 'no-such-queue',
  'of the wrong type': 'not-a-number',
  negative: '-1',
  zero: '0',
  fractional: '1.5',
  huge: '99999999999999999999999999',
  'beyond any integer': '1e300',
  infinite: 'Infinity',
  'far too long': 'a'.repeat(5000),
  empty: '',
};

function boardProbes(route: Route, jobId: string): Probe[] {
  const plausible = {
    queueName: 'mail',
    jobId,
    queueStatus: 'failed',
    schedulerId: 'no-such-scheduler',
    '*': 'images/logo.svg',
  };
  const path = fill(route.url, undefined, plausible);
  const probes: Probe[] = [];
  if (route.method !== 'GET') {
    probes.push(...bodyProbes(path, { force: { type: 'boolean' }, concurrency: { type: 'integer' } }));
    probes.push({ label: 'deeply nested JSON', path, body: DEEP_JSON, contentType: 'application/json' });
    probes.push({
      label: 'a NUL character in the body',
      path,
      body: '{"force":"\\u0000"}',
      contentType: 'application/json',
    });
  }
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
  if (route.url.endsWith('*')) names.push('*');
  for (const name of names) {
    for (const [label, value] of Object.entries(BOARD_PATH_VALUES)) {
      probes.push({ label: `path ${name} ${label}`, path: fill(route.url, { name, value }, plausible) });
    }
  }
  if (route.method === 'GET' && route.url.startsWith('/queues/api/')) {
    for (const name of [...Object.keys(BOARD_QUERY), 'unknown']) {
      // The values are written as they go on the wire (already %-encoded where they need to be).
      const query = (value: string) =>
        Object.entries({ ...BOARD_QUERY, [name]: value })
          .map(([key, one]) => `${key}=${one}`)
          .join('&');
      for (const [label, value] of Object.entries(BOARD_QUERY_VALUES)) {
        probes.push({ label: `query ${name} ${label}`, path: `${path}?${query(value)}` });
      }
      probes.push({ label: `query ${name} a NUL character`, path: `${path}?${query('%00')}` });
      probes.push({ label: `query ${name} repeated`, path: `${path}?${query('1')}&${name}=2` });
    }
  }
  return probes;
}

/** What no answer may carry: a stack trace, our source layout, TypeORM's or Postgres's words. */
const LEAKS = [
  /\n\s+at .+:\d+:\d+/,
  /node_modules/,
  /\/dist\/(services|libs)\//,
  /QueryFailedError|EntityNotFound|TypeORMError|EntityMetadataNotFound|CannotCreateEntityIdMap/,
  /\bviolates (not-null|foreign key|check|unique) constraint\b/,
  /\binvalid input syntax for\b/,
  /\bduplicate key value\b/,
  /\bvalue too long for type\b/,
  /\brelation "[a-z_.]+"/,
  /\bSELECT .+ FROM\b|\bINSERT INTO\b|\bUPDATE "?\w+"? SET\b/,
];

interface Outcome {
  status: number;
  contentType: string;
  text: string;
}

/**
 * A problem with an answer, or undefined; `page`: the route answers people with HTML pages;
 * `refused`: the input rule answers the request itself.
 */
function problemOf(outcome: Outcome, { page = false, refused = false } = {}): string | undefined {
  const { status, contentType, text } = outcome;
  const leak = LEAKS.find((pattern) => pattern.test(status < 400 ? '' : text) || /\n\s+at .+:\d+:\d+/.test(text));
  if (leak) return `leaks ${leak}: ${text.slice(0, 200)}`;
  if (status >= 500) return `${status} ${text.slice(0, 200)}`;
  // The rule's answer is JSON wherever it refuses, a page's route too: it runs before any route code.
  if (refused && status !== 400) return `${status} where the input rule refuses (400): ${text.slice(0, 200)}`;
  // Refused before the route (unreadable body): the JSON `{ detail }` of every other route.
  if (status >= 400 && page && !refused && contentType.includes('text/html')) {
    if (!/<h1[^>]*>[^<]+</.test(text)) return `${status} a page without a heading: ${text.slice(0, 120)}`;
  } else if (status >= 400) {
    if (!contentType.includes('json')) return `${status} not JSON (${contentType}): ${text.slice(0, 120)}`;
    let detail: unknown;
    try {
      detail = (JSON.parse(text) as { detail?: unknown }).detail;
    } catch {
      return `${status} unparsable JSON: ${text.slice(0, 120)}`;
    }
    if (typeof detail !== 'string' || !detail.trim()) return `${status} without a detail: ${text.slice(0, 120)}`;
  }
  return undefined;
}

async function send(
  baseUrl: string,
  method: string,
  probe: Probe,
  token: string | undefined,
): Promise<Outcome & { error?: string }> {
  const headers: Record<string, string> = { 'x-forwarded-for': newIp(), ...probe.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (probe.contentType) headers['content-type'] = probe.contentType;
  try {
    const response = await fetch(`${baseUrl}${probe.path}`, {
      method,
      headers,
      body: probe.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  } catch (error) {
    return { status: 0, contentType: '', text: '', error: String(error) };
  }
}

async function inBatches<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += BATCH) {
    await Promise.all(items.slice(start, start + BATCH).map(run));
  }
}

/** Row count of every table of every service schema. */
async function rowCounts(app: TestApp): Promise<Record<string, number>> {
  const tables = await app.sql<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema', 'public')`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [{ n }] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`);
    counts[name] = n;
  }
  return counts;
}

/**
 * What of the queues in Redis only a change the board refuses could write: a queue by another name (a
 * job added to one), each queue's job schedulers (the services' schedules: the reminder run, the
 * clean-ups) and its global concurrency and rate limit (kept in its meta hash).
 */
async function queueSettings(prefix: string): Promise<Record<string, unknown>> {
  const redis = new Redis(redisConnectionOptions(process.env.REDIS_URL!));
  try {
    const names = new Set<string>();
    let cursor = '0';
    do {
      // Every BullMQ queue has a meta hash (`<prefix>:<queue>:meta`), written with its first job.
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*:meta`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) names.add(key.slice(prefix.length + 1, -':meta'.length));
    } while (cursor !== '0');
    const settings: Record<string, unknown> = {};
    for (const name of [...names].sort()) {
      const queue = new Queue(name, { connection: redis, prefix });
      const meta = await redis.hmget(`${prefix}:${name}:meta`, 'concurrency', 'max', 'duration');
      const schedulers = (await queue.getJobSchedulers()).map((scheduler) => scheduler.key).sort();
      await queue.close();
      settings[name] = { meta, schedulers };
    }
    return settings;
  } finally {
    redis.disconnect();
  }
}

/**
 * Tables a refused request may still write: the audit trail of what staff and clients tried (a
 * refused admin action is an audit event), and the outbox rows those entries travel through.
 */
const WRITTEN_BY_REFUSALS = /\.(audit_log|security_events|outbox)$/;

/**
 * Changing routes for which some of the sweep's requests are valid ones, carried out (for whom),
 * and the tables they write. The sweep checks that these, and only these, accepted a request.
 */
const ACCEPTED: Record<string, { why: string; writes: string[] }> = {
  'POST /api/payments/create-setup-intent': {
    why: 'takes no input: any signed-in request starts a card setup',
    writes: ['billing.customers', 'billing.setup_intents'],
  },
  'POST /api/deadline-alerts/run': {
    why: 'takes no input: any admin request runs the reminder scan',
    writes: ['notifications.deadline_reminder_runs'],
  },
  'POST /api/admin/queue-dashboard/session': {
    why: 'takes no input: any admin request opens a dashboard session (kept in Redis)',
    writes: [],
  },
  'POST /api/auth/two-factor/setup': {
    why: 'takes no input: any signed-in request starts (again) a two-factor enrolment',
    writes: [],
  },
  'POST /api/auth/logout': { why: 'takes no input: any signed-in request ends its session', writes: [] },
  'PUT /api/profiles/me': {
    why: 'every field is optional: an empty request (no body, `null`, `{}`) is a valid one that changes nothing',
    writes: [],
  },
};

describe('hostile input on every route (never a 5xx, always a detail, nothing half-written)', () => {
  let fake: FakeStripe;
  let app: TestApp;
  let api: OpenApi;
  let routes: Route[];
  const tokens: Partial<Record<Role, string>> = {};

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startTestApp({
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // The route list is written at debug level.
      LOG_LEVEL: 'debug',
      // Stripe configured (a fake): billing's routes reach their validation rather than the 503 of no keys.
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE: fake.url,
      STRIPE_JS_URL: fake.stripeJsUrl,
    });
    api = (await (await fetch(`${app.gateway.baseUrl}/api/docs/json`)).json()) as OpenApi;
    const registered = app.gateway
      .logLines()
      .filter((line) => line.msg === 'route registered')
      .map((line) => line.route as Route);
    const seen = new Set<string>();
    routes = registered
      .flatMap(({ method, url }) => [method].flat().map((one) => ({ method: one, url })))
      .filter((route) => {
        const key = `${route.method} ${route.url}`;
        if (!isApiRoute(route) || route.method === 'HEAD' || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    const admin = await login(app.call, ADMIN_EMAIL, ADMIN_PASSWORD);
    if (admin.status !== 200) throw new Error(`admin login answered ${admin.status}`);
    tokens.admin = admin.body.access_token;
    tokens.client = (await registerVerified(app.call, app.dataDir, uniqueEmail('hostile-client'))).accessToken;
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await fake?.stop();
  });

  it('finds every route: the OpenAPI document and the few registered outside Nest', () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    const documented = Object.entries(api.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // Each documented operation is among the registered routes (`{id}` is Fastify's `:id`).
    const asOpenApi = (key: string) => key.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const undocumented = keys.filter(
      (key) => !documented.some((doc) => doc === asOpenApi(key) || `${doc}/` === asOpenApi(key)),
    );
    const wildcardDocumented = (key: string) => {
      const prefix = asOpenApi(key).slice(0, -1);
      return documented.some((doc) => doc.startsWith(prefix) && /^\{[^}]+\}$/.test(doc.slice(prefix.length)));
    };
    const outside = undocumented.filter((key) => !(key.endsWith('*') && wildcardDocumented(key)));
    expect(outside.filter((key) => !isQueueDashboard(key)).sort()).toEqual([...OUTSIDE_OPENAPI].sort());
    expect(outside.filter(isQueueDashboard).length).toBeGreaterThan(10);
    for (const key of ANSWERS_A_PAGE) expect(keys).toContain(key);
    expect(keys.length).toBeGreaterThan(80);
    // And each documented operation is a route the process serves: the input rule's probes reach them all.
    const unserved = operationsOf(api).filter(
      ({ operation }) => !routes.some((route) => operationOf(api, route) === operation),
    );
    expect(unserved.map(({ path, method }) => `${method.toUpperCase()} ${path}`)).toEqual([]);
  });

  /** Sends one request as it is and checks its answer; the problem, or undefined. */
  async function check(label: string, method: string, probe: Probe, token?: string): Promise<Outcome> {
    const outcome = await send(app.gateway.baseUrl, method, probe, token);
    const problem = outcome.error ? `no answer: ${outcome.error}` : problemOf(outcome);
    if (problem) throw new Error(`${label} (${probe.label}): ${problem}`);
    return outcome;
  }

  const count = async (table: string) => (await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

  it('refuses bad Stripe webhooks (no, wrong or forged signature; signed garbage) with a detail, storing nothing', async () => {
    const before = await count('billing.stripe_events');
    const path = '/api/webhooks/stripe';
    const event = JSON.stringify({ id: 'evt_hostile', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const signed = (body: string, secret = fake.webhookSecret) => ({
      'stripe-signature': signatureHeader(body, secret),
    });
    const probes: Array<Probe & { status: number }> = [
      { label: 'no signature', path, body: event, status: 400 },
      { label: 'an empty signature', path, body: event, headers: { 'stripe-signature': '' }, status: 400 },
      { label: 'a garbage signature', path, body: event, headers: { 'stripe-signature': 't=x,v1=zz' }, status: 400 },
      { label: 'a 5 KB signature', path, body: event, headers: { 'stripe-signature': 'v'.repeat(5000) }, status: 400 },
      { label: 'another secret', path, body: event, headers: signed(event, 'whsec_not_ours'), status: 400 },
      {
        label: 'signed, then changed',
        path,
        body: event.replace('paid', 'voided'),
        headers: signed(event),
        status: 400,
      },
      ...['null', '[]', '"x"', '123', '{}', '{"id":123,"type":[],"data":null}', '{"a":', ''].map((body) => ({
        label: `signed ${body || 'empty body'}`,
        path,
        body,
        headers: signed(body),
        status: 400,
      })),
    ];
    // Stripe sends JSON; another type is not kept as bytes, so its signature could not be checked.
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      probes.push({
        label: `a ${contentType} body`,
        path,
        body: event,
        headers: signed(event),
        contentType,
        status: 415,
      });
    }
    const answered: string[] = [];
    for (const { status: _expected, ...probe } of probes) {
      const outcome = await check('POST /api/webhooks/stripe', 'POST', { contentType: 'application/json', ...probe });
      answered.push(`${probe.label}: ${outcome.status}`);
    }
    expect(answered).toEqual(probes.map(({ label, status }) => `${label}: ${status}`));
    expect(await count('billing.stripe_events')).toBe(before);
  });

  it('refuses broken uploads (wrong multipart, empty file, missing parts) with a detail, storing nothing', async () => {
    const boundary = 'hostile-boundary';
    const type = `multipart/form-data; boundary=${boundary}`;
    const part = (headers: string, data: string) => `--${boundary}\r\n${headers}\r\n\r\n${data}\r\n`;
    const file = (name: string, filename: string, data: string) =>
      part(
        `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf`,
        data,
      );
    const field = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, value);
    const end = `--${boundary}--\r\n`;
    const bodies: Record<string, { body: string; contentType?: string }> = {
      'no parts': { body: end },
      'a field and no file': { body: field('folder', 'x') + end },
      'the file under another name': { body: file('document', 'a.pdf', '%PDF-1') + end },
      'an empty file': { body: file('file', 'empty.pdf', '') + end },
      'a file without a name': { body: file('file', '', '%PDF-1') + end },
      'a file named ../../etc/passwd': { body: file('file', '../../etc/passwd', '%PDF-1') + end },
      'two files': { body: file('file', 'a.pdf', '%PDF-1') + file('file', 'b.pdf', '%PDF-1') + end },
      'no closing boundary': { body: file('file', 'a.pdf', '%PDF-1') },
      'another boundary than announced': { body: file('file', 'a.pdf', '%PDF-1').replaceAll(boundary, 'other') + end },
      'no boundary in the content type': {
        body: file('file', 'a.pdf', '%PDF-1') + end,
        contentType: 'multipart/form-data',
      },
      'a part without headers': { body: `--${boundary}\r\n\r\nx\r\n${end}` },
      'a folder field of 100 KB': {
        body: field('folder', 'f'.repeat(100_000)) + file('file', 'a.pdf', '%PDF-1') + end,
      },
      'a JSON body': { body: '{"file":"x"}', contentType: 'application/json' },
      'no body': { body: '', contentType: type },
    };
    const uploads = [
      { path: '/api/vault/files', role: 'client' as const, table: 'documents.vault_files' },
      { path: '/api/files/forms', role: 'admin' as const, table: 'documents.library_files' },
    ];
    const statuses: string[] = [];
    for (const { path, role, table } of uploads) {
      for (const [label, { body, contentType }] of Object.entries(bodies)) {
        const before = await count(table);
        const outcome = await check(
          `POST ${path}`,
          'POST',
          { label, path, body, contentType: contentType ?? type },
          tokens[role],
        );
        statuses.push(`${path} ${label}: ${outcome.status}`);
        // Refused, so nothing kept: no row (and so no stored file a row would point to).
        if (outcome.status >= 400)
          expect(`${path} ${label}: ${await count(table)}`).toBe(`${path} ${label}: ${before}`);
      }
    }
    // Each of them is refused: none is a file to keep.
    expect(statuses.filter((line) => !/: 4\d\d$/.test(line))).toEqual([]);
  });

  it('answers hostile input on each route, for each role, without a 5xx and with a detail', async () => {
    const failures: string[] = [];
    const jobs: Array<{ route: Route; probe: Probe; role: Role }> = [];
    const ordered = [
      ...routes.filter((route) => !ENDS_SESSION.includes(`${route.method} ${route.url}`)),
      ...routes.filter((route) => ENDS_SESSION.includes(`${route.method} ${route.url}`)),
    ];
    // The input rule's probes of each documented operation, sent to the first route that serves it.
    const ruleProbesOf = new Map<Route, Probe[]>();
    for (const { path, method, operation } of operationsOf(api)) {
      const route = ordered.find((one) => operationOf(api, one) === operation);
      if (route)
        ruleProbesOf.set(route, [...(ruleProbesOf.get(route) ?? []), ...ruleProbes(api, path, method, operation)]);
    }
    for (const route of ordered) {
      for (const probe of [...probesOf(api, route), ...(ruleProbesOf.get(route) ?? [])]) {
        for (const role of ROLES) jobs.push({ route, probe, role });
      }
    }
    const sent = [...ruleProbesOf.values()].flat();
    const few = Object.entries(RULE_PROBES)
      .map(([kind, least]) => ({ kind, least, count: sent.filter(({ label }) => label.startsWith(kind)).length }))
      .filter(({ count, least }) => count < least);
    expect(few).toEqual([]);
    const accepted = new Map<string, string[]>();
    const before = await rowCounts(app);
    await inBatches(jobs, async ({ route, probe, role }) => {
      const outcome = await send(app.gateway.baseUrl, route.method, probe, tokens[role]);
      const page = ANSWERS_A_PAGE.includes(`${route.method} ${route.url}`);
      const problem = outcome.error
        ? `no answer: ${outcome.error}`
        : problemOf(outcome, { page, refused: probe.refused });
      if (problem) failures.push(`${route.method} ${route.url} [${role}] ${probe.label}: ${problem}`);
      if (route.method !== 'GET' && outcome.status < 300) {
        accepted.set(`${route.method} ${route.url}`, [
          ...(accepted.get(`${route.method} ${route.url}`) ?? []),
          probe.label,
        ]);
      }
    });
    expect(jobs.length).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
    // Nothing refused was written: every table (but the audit trail of the attempts) as it was.
    await app.settled();
    const after = await rowCounts(app);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    const written = [...accepted.keys()].flatMap((key) => ACCEPTED[key]?.writes ?? []);
    expect(changed.filter((table) => !WRITTEN_BY_REFUSALS.test(table) && !written.includes(table))).toEqual([]);
    const unexpected = [...accepted]
      .filter(([key]) => !ACCEPTED[key])
      .map(([key, labels]) => `${key}: ${labels.join('; ')}`);
    expect(unexpected).toEqual([]);
  }, 600_000);
  it('answers hostile input to the queue dashboard with an admin’s dashboard session: never a 5xx, a refusal a 4xx with a detail', async () => {
    const admin = await login(app.call, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(admin.status).toBe(200);
    const opened = await fetch(`${app.gateway.baseUrl}/api/admin/queue-dashboard/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.body.access_token}`, 'x-forwarded-for': newIp() },
    });
    expect(opened.status).toBe(204);
    const cookie = opened.headers.get('set-cookie')!.split(';')[0];
    // A job the board can find (delayed an hour: no worker takes it), so the job routes reach past their lookup.
    const mail = new Queue(QUEUES.mail, {
      connection: redisConnectionOptions(process.env.REDIS_URL!),
      prefix: app.gateway.env.REDIS_PREFIX,
    });
    const jobId = `hostile-${randomUUID()}`;
    try {
      await mail.add(
        'send',
        { to: uniqueEmail('board-hostile'), subject: 'Later', text: 'Never sent' },
        { jobId, delay: 3_600_000 },
      );
      const board = routes.filter((route) => isQueueDashboard(`${route.method} ${route.url}`));
      const jobs = board.flatMap((route) => boardProbes(route, jobId).map((probe) => ({ route, probe })));
      const failures: string[] = [];
      const unadmitted: string[] = [];
      const before = await rowCounts(app);
      const queuesBefore = await queueSettings(app.gateway.env.REDIS_PREFIX!);
      expect(Object.keys(queuesBefore)).toContain(QUEUES.deadlineAlerts);
      await inBatches(jobs, async ({ route, probe }) => {
        const outcome = await send(app.gateway.baseUrl, route.method, { ...probe, headers: { cookie } }, undefined);
        const problem = outcome.error ? `no answer: ${outcome.error}` : problemOf(outcome);
        if (problem) failures.push(`${route.method} ${route.url} ${probe.label}: ${problem}`);
        if (outcome.status === 401) unadmitted.push(`${route.method} ${route.url} ${probe.label}`);
      });
      for (const path of TRAVERSALS) {
        const outcome = await rawGet(app.gateway.baseUrl, `/queues/static/${path}`, cookie);
        if (outcome.status === 200 || /"name":\s*"portal"|root:x:0/.test(outcome.text) || problemOf(outcome)) {
          failures.push(`GET /queues/static/${path} (sent as is): ${outcome.status} ${outcome.text.slice(0, 120)}`);
        }
      }
      expect(jobs.length).toBeGreaterThan(1500);
      // Each probe reached past the session check: what answered is the board, or the gateway's checks of its input.
      expect(unadmitted).toEqual([]);
      expect(failures).toEqual([]);

      // Some probes paused every queue (a valid request to the board): resumed, the app settles as before.
      const resumed = await send(
        app.gateway.baseUrl,
        'PUT',
        { label: 'resume', path: '/queues/api/queues/resume', headers: { cookie } },
        undefined,
      );
      expect(resumed.status).toBe(200);
      await app.settled();
      const after = await rowCounts(app);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      expect(changed.filter((table) => !WRITTEN_BY_REFUSALS.test(table))).toEqual([]);
      // Nor did anything change in Redis that only a refused change could: no queue by a name a probe
      // sent, the same schedules, no concurrency or rate limit set.
      const queuesAfter = await queueSettings(app.gateway.env.REDIS_PREFIX!);
      expect(Object.keys(queuesAfter).filter((name) => !isQueueName(name))).toEqual([]);
      for (const name of Object.keys(queuesAfter)) {
        expect({ [name]: queuesAfter[name] }).toEqual({
          [name]: queuesBefore[name] ?? { meta: [null, null, null], schedulers: [] },
        });
      }
    } finally {
      await (await mail.getJob(jobId))?.remove();
      await mail.close();
    }
  }, 600_000);
});
