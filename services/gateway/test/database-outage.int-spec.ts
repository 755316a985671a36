import {
  apiClient,
  Call,
  newIp,
  RunningPostgresServer,
  login,
  registerVerified,
  RunningProcess,
  startPostgresServer,
  startProcess,
  startRedisServer,
  tempDataDir,
  uniqueEmail,
} from '@portal/testing';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ADMIN_EMAIL = uniqueEmail('outage-admin');
const ADMIN_PASSWORD = 'Adm1n!outage';
const UNAVAILABLE =
  'The service is temporarily unavailable (its database cannot be reached). Please try again in a few seconds.';

describe('a Postgres outage under a running app', () => {
  const parent = mkdtempSync(join(tmpdir(), 'portal-outage-'));
  const data = tempDataDir();
  // A PostgreSQL of this test's own, to stop and start again under a running app.
  let postgres: RunningPostgresServer;
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let gateway: RunningProcess;
  let call: Call;

  beforeAll(async () => {
    // Open to the "postgres" user, whom the embedded PostgreSQL runs as when tests run as root.
    chmodSync(parent, 0o755);
    postgres = await startPostgresServer(join(parent, 'postgres'));
    redis = await startRedisServer();
    gateway = await startProcess('gateway', {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DATA_DIR: data.dir,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    });
    call = apiClient(gateway.baseUrl);
  }, 120_000);

  afterAll(async () => {
    // Seen once in CI: the gateway gone right after the database stopped. Its last words, for whoever meets it.
    const alive = await fetch(`${gateway?.baseUrl}/api/health`).then(
      () => true,
      () => false,
    );
    if (gateway && !alive) process.stderr.write(`the gateway is gone; its output:\n${gateway.output()}\n`);
    await gateway?.stop();
    await postgres?.stop();
    await redis?.stop();
    data.remove();
    rmSync(parent, { recursive: true, force: true });
  });

  const signIn = () =>
    call('POST', '/auth/login', { form: { username: uniqueEmail('outage'), password: 'Wrong!pass1' }, ip: newIp() });

  it('answers 503 with Retry-After and a detail while the database is down, and recovers when it is back', async () => {
    expect((await signIn()).status).toBe(401);

    await postgres.stop();

    const refused = await signIn();
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ detail: UNAVAILABLE });
    expect(refused.headers.get('retry-after')).toBe('5');
    const verifyStatus = await call('GET', `/auth/verify-email/status?email=${uniqueEmail('outage')}`);
    expect(verifyStatus.status).toBe(503);
    expect(verifyStatus.body).toEqual({ detail: UNAVAILABLE });
    expect((await call('GET', '/ready')).status).toBe(503);

    // The same port, so the app's DATABASE_URL reaches it again.
    postgres = await startPostgresServer(join(parent, 'postgres'), postgres.port);
    expect((await signIn()).status).toBe(401);
    expect((await call('GET', '/ready')).status).toBe(200);
  }, 120_000);

  it('refuses admin routes (503) when revocations can be read neither from Redis nor Postgres; others go on', async () => {
    const admin = (await login(call, ADMIN_EMAIL, ADMIN_PASSWORD)).body.access_token;
    const user = (await registerVerified(call, data.dir, uniqueEmail('outage-user'))).accessToken;
    expect((await call('GET', '/invite-codes', { token: admin })).status).toBe(200);

    await redis.stop();
    await postgres.stop();

    const refused = await call('GET', '/invite-codes', { token: admin });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      detail: 'Your session could not be checked right now. Please try again in a few seconds.',
    });
    expect(refused.headers.get('retry-after')).toBe('5');
    // A route for any signed-in user is let through by the guard; its own database read then fails.
    const profile = await call('GET', '/profiles/me', { token: user });
    expect(profile).toMatchObject({ status: 503, body: { detail: UNAVAILABLE } });
  }, 120_000);
});
