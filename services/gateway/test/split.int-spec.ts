import {
  apiClient,
  createTestDatabase,
  freePort,
  newIp,
  registration,
  RunningProcess,
  startProcess,
  TestDatabase,
  tempDataDir,
  uniqueEmail,
} from '@portal/testing';

/**
 * The split topology: identity and catalog run as processes of their own and the
 * gateway, in proxy mode, forwards /api/<prefix> to them by the route table.
 */
describe('gateway in proxy mode with services as separate processes', () => {
  let db: TestDatabase;
  const processes: RunningProcess[] = [];
  let gateway: RunningProcess;
  const data = tempDataDir();

  beforeAll(async () => {
    db = await createTestDatabase([]);
    // One deployment: every process shares the database, Redis and its key namespace.
    const common = {
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: `split-${Date.now().toString(36)}`,
      DATA_DIR: data.dir,
    };
    // Services trust exactly one hop, the gateway; the gateway trusts one load balancer (here: the test).
    const [identity, catalog] = await Promise.all([
      startProcess('identity', { ...common, TRUST_PROXY: '1' }),
      startProcess('catalog', common),
    ]);
    processes.push(identity, catalog);
    const nobody = `http://127.0.0.1:${await freePort()}`;
    gateway = await startProcess('gateway', {
      ...common,
      GATEWAY_MODE: 'proxy',
      TRUST_PROXY: '1',
      IDENTITY_URL: identity.baseUrl,
      CATALOG_URL: catalog.baseUrl,
      BILLING_URL: nobody,
      ONBOARDING_URL: nobody,
      DOCUMENTS_URL: nobody,
      NOTIFICATIONS_URL: nobody,
    });
    processes.push(gateway);
  });

  afterAll(async () => {
    await Promise.all(processes.map((running) => running.stop()));
    await db?.drop();
    data.remove();
  });

  it('routes a request through the gateway to the owning service process', async () => {
    const [identity, catalog] = processes;
    const viaGateway = await fetch(`${gateway.baseUrl}/api/health/identity`, {
      headers: { 'x-request-id': 'split-1' },
    });
    expect(viaGateway.status).toBe(200);
    expect(await viaGateway.json()).toEqual({ status: 'ok', service: 'identity' });

    // The identity process itself handled it: its own log has the request with the same id.
    await identity.waitForLog((line) => line.reqId === 'split-1' && line.service === 'identity');
    // The gateway logs its access line after the upstream has answered: by then no other service saw it.
    await gateway.waitForLog((line) => line.reqId === 'split-1' && line.service === 'gateway');
    expect(catalog.logLines().some((line) => line.reqId === 'split-1')).toBe(false);

    const catalogHealth = await fetch(`${gateway.baseUrl}/api/health/catalog/`);
    expect(await catalogHealth.json()).toEqual({ status: 'ok', service: 'catalog' });
  });

  it('passes services the client address the gateway resolved, never an entry the client made up', async () => {
    const call = apiClient(gateway.baseUrl);
    const register = (forwardedFor: string) =>
      call('POST', '/auth/register', { json: registration(uniqueEmail('split-proxy')), ip: forwardedFor });
    const real = newIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await register(`${newIp()}, ${real}`)).status).toBe(201);
    }
    expect((await register(`${newIp()}, ${real}`)).status).toBe(429);
    // Identity keys on each client's own address: another client is not limited.
    expect((await register(`${real}, ${newIp()}`)).status).toBe(201);
  });

  it('answers the gateway’s own routes itself and unknown API paths with a JSON 404', async () => {
    expect(await (await fetch(`${gateway.baseUrl}/api/health`)).json()).toMatchObject({ service: 'gateway' });
    const unknown = await fetch(`${gateway.baseUrl}/api/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Not found: GET /api/nothing-here' });
  });

  it('has every process answer its own /api/metrics, never forwarded by the gateway', async () => {
    const [identity] = processes;
    // Open without METRICS_TOKEN (test mode): what matters here is who answers.
    const own = await (await fetch(`${identity.baseUrl}/api/metrics`)).text();
    expect(own).toMatch(/^portal_outbox_backlog\{schema="identity"\} \d+$/m);
    expect(own).toMatch(/^portal_db_pool_total_clients \d+$/m);
    expect(own).not.toContain('schema="catalog"');

    const viaGateway = await fetch(`${gateway.baseUrl}/api/metrics`);
    expect(viaGateway.status).toBe(200);
    const body = await viaGateway.text();
    expect(body).toContain('http_request_duration_seconds');
    expect(body).not.toContain('portal_outbox_backlog{');
  });

  it("answers a JSON body over a service's limit with that service's 413, through the gateway too", async () => {
    const big = JSON.stringify({ email: uniqueEmail('big'), padding: 'x'.repeat(3 * 1024 * 1024) });
    const post = (baseUrl: string) =>
      fetch(`${baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': newIp() },
        body: big,
      });
    const direct = await post(processes[0].baseUrl);
    expect(direct.status).toBe(413);
    const refusal = await direct.json();
    // Several times: the 502 it was (the service reset the connection with the body unread) was a race.
    for (let round = 0; round < 5; round++) {
      const proxied = await post(gateway.baseUrl);
      expect([proxied.status, await proxied.json()]).toEqual([413, refusal]);
    }
  });

  it('says which service is unavailable when its process is down', async () => {
    const response = await fetch(`${gateway.baseUrl}/api/health/billing`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ detail: 'The billing service is unavailable. Please try again shortly.' });
  });
});
