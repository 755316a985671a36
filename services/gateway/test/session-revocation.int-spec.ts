import { repoRoot } from '@portal/config';
import {
  enrolTwoFactor,
  freePort,
  login,
  registerWithMailboxPassword,
  startRedisServer,
  startTestApp,
  TestApp,
  uniqueEmail,
} from '@portal/testing';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ADMIN_EMAIL = uniqueEmail('revocation-admin');
const ADMIN_PASSWORD = 'Adm1n!revoke';
const SESSION_EXPIRED = { detail: 'Your session has expired. Please sign in again.' };

/**
 * A demotion ends the admin's sessions on every service's admin routes (onboarding's invite
 * codes here, not only identity's), and the end holds through a Redis restart and with Redis
 * down: identity's session version in Postgres is the truth, Redis only caches it.
 */
describe('revoked sessions stay revoked on every admin route', () => {
  let redisPort: number;
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let app: TestApp;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedisServer(redisPort);
    app = await startTestApp({ REDIS_URL: redis.url, ADMIN_EMAIL, ADMIN_PASSWORD });
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await redis?.stop();
  });

  /** The built admin CLI on the app's database and Redis. */
  async function adminCli(...args: string[]): Promise<string> {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(repoRoot(), 'dist/services/identity/src/admin-cli.js'), ...args],
      {
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: app.db.url,
          REDIS_URL: redis.url,
          REDIS_PREFIX: app.gateway.env.REDIS_PREFIX,
          DATA_DIR: app.dataDir,
        },
      },
    );
    return stdout;
  }

  async function demotedAdminToken(): Promise<string> {
    const email = uniqueEmail('staff');
    await registerWithMailboxPassword(app.call, app.dataDir, email);
    await adminCli('promote', email);
    // A new admin sets up two-factor sign-in first.
    const { token } = await enrolTwoFactor(app.call, (await login(app.call, email)).body.access_token, email);
    expect((await app.call('GET', '/invite-codes', { token })).status).toBe(200);
    expect(await adminCli('demote', email)).toContain('their sessions were ended');
    return token;
  }

  it('refuses the demoted admin’s token at once, and still after Redis restarted and lost everything', async () => {
    const token = await demotedAdminToken();
    expect(await app.call('GET', '/invite-codes', { token })).toMatchObject({ status: 401, body: SESSION_EXPIRED });

    // No persistence: the restarted Redis has none of the published versions.
    await redis.stop();
    redis = await startRedisServer(redisPort);

    expect(await app.call('GET', '/invite-codes', { token })).toMatchObject({ status: 401, body: SESSION_EXPIRED });
    expect(await app.call('GET', '/invite-codes/submissions', { token })).toMatchObject({ status: 401 });
    const created = await app.call('POST', '/invite-codes', {
      token,
      json: { expiration_datetime: new Date(Date.now() + 86_400_000).toISOString(), route: '/new-client' },
    });
    expect(created).toMatchObject({ status: 401, body: SESSION_EXPIRED });
  });

  it('checks revocations in Postgres while Redis is down: the demoted admin is refused, admins still work', async () => {
    const token = await demotedAdminToken();
    const admin = (await login(app.call, ADMIN_EMAIL, ADMIN_PASSWORD)).body.access_token;

    await redis.stop();
    try {
      expect(await app.call('GET', '/invite-codes', { token })).toMatchObject({ status: 401, body: SESSION_EXPIRED });
      expect((await app.call('GET', '/invite-codes', { token: admin })).status).toBe(200);
    } finally {
      redis = await startRedisServer(redisPort);
    }
  });
});
