import { login, newIp, registerVerified, uniqueEmail, useTestApp } from '@portal/testing';
import { randomUUID } from 'node:crypto';

/**
 * Malformed input never answers 5xx, on any route: every operation of the all-in-one app's
 * OpenAPI document gets four kinds of bad input (deeply nested JSON, a NUL character in each
 * string field, an unpaired UTF-16 surrogate in each string field, `%00` in each path
 * parameter), with an admin's token so that guarded routes reach their validation.
 */

const ADMIN_EMAIL = uniqueEmail('fuzz-admin');
const ADMIN_PASSWORD = 'Fuzz!adm1n-pass';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const DEEP_JSON = `${'['.repeat(5000)}${']'.repeat(5000)}`;

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
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
interface OpenApi {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components?: { schemas?: Record<string, Schema> };
}

/**
 * A plausible value of the schema (of a field called `name`): the example or default if any, else one
 * by type, format and name. Valid values elsewhere let a bad one reach as far as the code goes.
 */
function sample(schema: Schema | undefined, api: OpenApi, depth = 0, name = ''): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.$ref) return sample(api.components?.schemas?.[schema.$ref.split('/').pop()!], api, depth + 1, name);
  const composed = schema.allOf?.[0] ?? schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (composed) return sample(composed, api, depth + 1, name);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, api, depth + 1)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sample(property, api, depth + 1, key)]),
      );
    default:
      if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.com';
      if (/password/i.test(name)) return 'Fuzz!pass-2024';
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
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

const BAD_TEXT = {
  'a NUL character': (text: string) => `${text}\u0000`,
  'an unpaired surrogate': (text: string) => `\ud800${text}`,
};

interface Probe {
  label: string;
  method: string;
  path: string;
  body?: string;
  /** Refused by the input rule itself (400 with a detail); else any answer but a 5xx will do. */
  refused: boolean;
}

/** Every bad request for one operation. */
function probes(api: OpenApi, route: string, method: string, operation: Operation): Probe[] {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const fill = (overrides: Record<string, string> = {}, query: Record<string, string> = {}) => {
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
  const list: Probe[] = [];

  if (method !== 'get')
    list.push({ label: 'deeply nested JSON', method, path: fill(), body: DEEP_JSON, refused: true });
  for (const [kind, change] of Object.entries(BAD_TEXT)) {
    for (const field of stringPaths(body)) {
      list.push({
        label: `${kind} in body field ${field.join('.') || '(the body)'}`,
        method,
        path: fill(),
        body: JSON.stringify(withString(body, field, change)),
        refused: true,
      });
    }
    for (const parameter of queryParameters) {
      list.push({
        label: `${kind} in query parameter ${parameter.name}`,
        method,
        path: fill({}, { [parameter.name]: change(String(sample(parameter.schema, api))) }),
        body: body === undefined ? undefined : JSON.stringify(body),
        // A URL cannot carry an unpaired surrogate: the client sends U+FFFD, which is text like any other.
        refused: kind === 'a NUL character',
      });
    }
  }
  // Only those the path template names: Nest also lists a wildcard route's `*` beside the named one.
  for (const parameter of pathParameters.filter(({ name }) => route.includes(`{${name}}`))) {
    list.push({
      label: `%00 in path parameter ${parameter.name}`,
      method,
      path: fill({ [parameter.name]: '%00' }),
      body: body === undefined ? undefined : JSON.stringify(body),
      refused: true,
    });
  }
  return list;
}

describe('malformed input on every route of the OpenAPI document (never a 5xx)', () => {
  const app = useTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });
  let api: OpenApi;
  let adminToken: string;

  beforeAll(async () => {
    api = (await (await fetch(`${app.gateway.baseUrl}/api/docs/json`)).json()) as OpenApi;
    const admin = await login(app.call, ADMIN_EMAIL, ADMIN_PASSWORD);
    if (admin.status !== 200) throw new Error(`admin login answered ${admin.status}`);
    adminToken = admin.body.access_token;
    // A client account too, so that routes about "my" data have one (the admin's token is used on all).
    await registerVerified(app.call, app.dataDir, uniqueEmail('fuzz-user'));
  }, 120_000);

  it('answers each with a 400 and a detail', async () => {
    const operations = Object.entries(api.paths).flatMap(([route, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ route, method, operation: item[method]! })),
    );
    // The document covers the whole product, not a part of it.
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map(({ route }) => route)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/pages/{name}', '/api/invite-codes', '/api/messages']),
    );

    const failures: string[] = [];
    let sent = 0;
    for (const { route, method, operation } of operations) {
      for (const probe of probes(api, route, method, operation)) {
        const headers: Record<string, string> = {
          authorization: `Bearer ${adminToken}`,
          // A fresh client address per request: per-address rate limits must not hide a route.
          'x-forwarded-for': newIp(),
        };
        if (probe.body !== undefined) headers['content-type'] = 'application/json';
        const response = await fetch(`${app.gateway.baseUrl}${probe.path}`, {
          method: probe.method.toUpperCase(),
          headers,
          body: probe.body,
        });
        sent += 1;
        const text = await response.text();
        const where = `${probe.method.toUpperCase()} ${route} (${probe.label})`;
        // Any 5xx fails; the one rule answers what it refuses before the route's own code runs.
        if (response.status >= 500 || (probe.refused && response.status !== 400)) {
          failures.push(`${where}: ${response.status} ${text.slice(0, 200)}`);
        } else if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
          const detail = (JSON.parse(text) as { detail?: unknown }).detail;
          if (typeof detail !== 'string' || !detail) failures.push(`${where}: ${response.status} without a detail`);
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 600_000);
});
