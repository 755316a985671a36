import {
  apiClient,
  Call,
  newIp,
  RunningPostgresServer,
  RunningProcess,
  startPostgresServer,
  startProcess,
  tempDataDir,
  uniqueEmail,
} from '@portal/testing';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const UNAVAILABLE =
  'The service is temporarily unavailable (its database cannot be reached). Please try again in a few seconds.';

describe('a Postgres outage under a running app', () => {
  const parent = mkdtempSync(join(tmpdir(), 'portal-outage-'));
  const data = tempDataDir();
  // A PostgreSQL of this test's own, to stop and start again under a running app.
  let postgres: RunningPostgresServer;
  let gateway: RunningProcess;
  let call: Call;

  beforeAll(async () => {
    // Open to the "postgres" user, whom the embedded PostgreSQL runs as when tests run as root.
    chmodSync(parent, 0o755);
    postgres = await startPostgresServer(join(parent, 'postgres'));
    gateway = await startProcess('gateway', {
      DATABASE_URL: postgres.url,
      REDIS_URL: process.env.REDIS_URL,
      DATA_DIR: data.dir,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    });
    call = apiClient(gateway.baseUrl);
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    await postgres?.stop();
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
});
