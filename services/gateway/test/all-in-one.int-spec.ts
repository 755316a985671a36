import { useTestApp } from '@portal/testing';
import { SERVICE_NAMES } from '@portal/config';
import { gunzipSync } from 'node:zlib';

describe('gateway, all-in-one', () => {
  const app = useTestApp({ LOG_LEVEL: 'info' });
  const gateway = {
    get baseUrl() {
      return app.gateway.baseUrl;
    },
    waitForLog: (...args: Parameters<typeof app.gateway.waitForLog>) => app.gateway.waitForLog(...args),
  };

  it('is alive and ready with Postgres and Redis reachable', async () => {
    const health = await fetch(`${gateway.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', service: 'gateway' });

    const ready = await fetch(`${gateway.baseUrl}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { postgres: 'up', redis: 'up' } });
  });

  it('hosts every service module: each answers its own health route', async () => {
    for (const service of SERVICE_NAMES) {
      const response = await fetch(`${gateway.baseUrl}/api/health/${service}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', service });
    }
  });

  it('ran every service migration into its own schema on start', async () => {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: app.db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_schema: string }>(
        `SELECT table_schema FROM information_schema.tables WHERE table_name = 'migrations' ORDER BY 1`,
      );
      expect(rows.map((row) => row.table_schema)).toEqual([...SERVICE_NAMES].sort());
      const outboxes = await client.query(
        `SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox'`,
      );
      expect(outboxes.rowCount).toBe(SERVICE_NAMES.length);
    } finally {
      await client.end();
    }
  });

  it('accepts trailing slashes on API paths', async () => {
    expect((await fetch(`${gateway.baseUrl}/api/health/`)).status).toBe(200);
    expect((await fetch(`${gateway.baseUrl}/api/health/identity/`)).status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404 carrying a detail', async () => {
    const response = await fetch(`${gateway.baseUrl}/api/no-such-thing`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ detail: 'Not found: GET /api/no-such-thing' });
  });

  it('answers malformed JSON with a 400 detail, never a 500', async () => {
    const response = await fetch(`${gateway.baseUrl}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      detail: "Body is not valid JSON but content-type is set to 'application/json'",
    });
  });

  it('sends security headers and a Content-Security-Policy', async () => {
    const response = await fetch(`${gateway.baseUrl}/api/health`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('gives every response a request id, keeping a safe incoming one, and logs it', async () => {
    const generated = await fetch(`${gateway.baseUrl}/api/health`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const kept = await fetch(`${gateway.baseUrl}/api/health`, { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc.123');
    const unsafe = await fetch(`${gateway.baseUrl}/api/health`, { headers: { 'x-request-id': 'bad id\u00e9' } });
    expect(unsafe.headers.get('x-request-id')).not.toBe('bad id\u00e9');

    // The access line is written once the response has gone out.
    const line = await gateway.waitForLog((entry) => entry.reqId === 'trace-abc.123');
    expect(line).toMatchObject({ msg: 'request', method: 'GET', url: '/api/health', status: 200, service: 'gateway' });
  });

  it("logs a query's parameter names, never their values", async () => {
    await fetch(`${gateway.baseUrl}/api/health?token=reset-token-123&email=ann%40example.com`, {
      headers: { 'x-request-id': 'trace-query-1' },
    });

    const line = await gateway.waitForLog((entry) => entry.reqId === 'trace-query-1');
    expect(line).toMatchObject({ msg: 'request', url: '/api/health?token=*&email=*' });
    expect(app.gateway.output()).not.toContain('reset-token-123');
  });

  it("puts the request's id on every line a service logs while handling it, not only the access line", async () => {
    const email = `log-${Date.now()}@example.com`;
    const reply = await fetch(`${gateway.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-register-1' },
      body: JSON.stringify({
        email,
        password: 'S3cure!pass',
        confirmPassword: 'S3cure!pass',
        first_name: 'Log',
        last_name: 'Line',
        username: email,
      }),
    });
    expect(reply.status).toBe(201);
    const { user_id } = (await reply.json()) as { user_id: string };
    // Written by identity's AuthService through Nest's Logger, in the middle of the request.
    const serviceLine = await gateway.waitForLog((entry) => entry.msg === `registered user ${user_id}`);
    expect(serviceLine).toMatchObject({ reqId: 'trace-register-1', context: 'AuthService', service: 'gateway' });
  });

  it('compresses large responses', async () => {
    const response = await fetch(`${gateway.baseUrl}/api/docs/json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const raw = Buffer.from(await response.arrayBuffer());
    // fetch decodes gzip itself; if it did not, the bytes are still gzip and must inflate.
    const text = raw[0] === 0x1f ? gunzipSync(raw).toString() : raw.toString();
    expect(JSON.parse(text).openapi).toMatch(/^3\./);
  });

  it('publishes OpenAPI generated from the controllers', async () => {
    const spec = (await (await fetch(`${gateway.baseUrl}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/health/identity', '/api/health/notifications']),
    );
    const ui = await fetch(`${gateway.baseUrl}/api/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });
});

describe('gateway readiness with Redis down', () => {
  const app = useTestApp({ REDIS_URL: 'redis://127.0.0.1:1', RUN_WORKERS: 'false' });
  const gateway = {
    get baseUrl() {
      return app.gateway.baseUrl;
    },
  };

  it('stays alive but answers /api/ready with 503 naming what is down', async () => {
    expect((await fetch(`${gateway.baseUrl}/api/health`)).status).toBe(200);
    const ready = await fetch(`${gateway.baseUrl}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'unavailable',
      detail: 'Not ready: redis unreachable',
      checks: { postgres: 'up', redis: 'down' },
    });
  });
});
