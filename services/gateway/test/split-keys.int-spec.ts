import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@portal/config';
import {
  apiClient,
  Call,
  createTestDatabase,
  freePort,
  login,
  RunningProcess,
  startProcess,
  tempDataDir,
  TestDatabase,
  uniqueEmail,
} from '@portal/testing';

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const ADMIN_EMAIL = uniqueEmail('split-keys-admin');
const ADMIN_PASSWORD = 'Adm1n!split-keys';

/**
 * The split topology in production mode with the secrets infra/k8s gives each process: identity alone
 * holds the private key and the TOTP key; the gateway has the public key and its own queue dashboard
 * session key. Each starts with only those, and refuses to start without what it needs.
 */
describe('split topology in production with per-process secrets (RS256)', () => {
  let db: TestDatabase;
  const data = tempDataDir();
  const processes: RunningProcess[] = [];
  let gateway: RunningProcess;
  let call: Call;
  let common: Record<string, string | undefined>;
  let gatewayEnv: Record<string, string | undefined>;

  beforeAll(async () => {
    db = await createTestDatabase([]);
    common = {
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: `split-keys-${Date.now().toString(36)}`,
      DATA_DIR: data.dir,
      APP_URL: 'http://localhost:3000',
      METRICS_TOKEN: 'split-keys-metrics-token-0123',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      // startProcess's default HS256 secret is not part of this deployment.
      JWT_SECRET: '',
      JWT_PUBLIC_KEY: publicKey,
    };
    // Production processes do not migrate on start: the Job does (here, identity's schema alone).
    await promisify(execFile)(process.execPath, [join(repoRoot(), 'dist/services/identity/src/main.js'), 'migrate'], {
      env: { PATH: process.env.PATH, ...common } as NodeJS.ProcessEnv,
    });
    const identity = await startProcess('identity', {
      ...common,
      JWT_PRIVATE_KEY: privateKey,
      TOTP_ENCRYPTION_KEY: 'cd'.repeat(32),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    });
    processes.push(identity);
    const nobody = `http://127.0.0.1:${await freePort()}`;
    gatewayEnv = {
      ...common,
      GATEWAY_MODE: 'proxy',
      IDENTITY_URL: identity.baseUrl,
      CATALOG_URL: nobody,
      BILLING_URL: nobody,
      ONBOARDING_URL: nobody,
      DOCUMENTS_URL: nobody,
      NOTIFICATIONS_URL: nobody,
    };
    gateway = await startProcess('gateway', {
      ...gatewayEnv,
      QUEUE_DASHBOARD_SESSION_SECRET: 'split-keys-queue-dashboard-session-secret',
    });
    processes.push(gateway);
    call = apiClient(gateway.baseUrl);
  });

  afterAll(async () => {
    await Promise.all(processes.map((running) => running.stop()));
    await db?.drop();
    data.remove();
  });

  it('refuses to start identity without its private key or TOTP key, and a gateway without a dashboard key', async () => {
    await expect(startProcess('identity', common)).rejects.toThrow(
      /JWT_PRIVATE_KEY \(or JWT_SECRET\) is required in production where identity runs[^]*TOTP_ENCRYPTION_KEY is required in production where identity runs/,
    );
    await expect(startProcess('gateway', gatewayEnv)).rejects.toThrow(
      /QUEUE_DASHBOARD_SESSION_SECRET is required in production on a gateway without the access tokens’ signing key/,
    );
  });

  it('signs in through the gateway and opens the queue dashboard with the gateway’s own key', async () => {
    const session = await login(call, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(session.status).toBe(200);
    const token = session.body.access_token;
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'RS256' });

    const opened = await fetch(`${gateway.baseUrl}/api/admin/queue-dashboard/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(opened.status).toBe(204);
    const cookie = opened.headers.get('set-cookie')!.split(';')[0];
    const value = cookie.split('=')[1];
    expect(JSON.parse(Buffer.from(value.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'HS256' });

    const board = await fetch(`${gateway.baseUrl}/queues/api/queues`, { headers: { cookie } });
    expect(board.status).toBe(200);
    // The access token is no dashboard session, and the dashboard session is no access token.
    const withToken = await fetch(`${gateway.baseUrl}/queues/api/queues`, {
      headers: { cookie: `portal_queue_dashboard=${token}` },
    });
    expect(withToken.status).toBe(401);
    const asBearer = await call('GET', '/profiles/me', { token: value });
    expect(asBearer.status).toBe(401);
    expect((await call('GET', '/profiles/me', { token })).status).toBe(200);
  });
});
