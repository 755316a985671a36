import { Global, Module } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule, SessionCheckUnavailableException, SessionRevocation, TOKEN_ISSUER } from '@portal/auth';
import { AppConfig, loadConfig } from '@portal/config';
import { QueueRegistry } from '@portal/events';
import { createHttpApp } from '@portal/http';
import { issueTestToken } from '@portal/testing';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queueDashboardCsp, registerQueueDashboard } from './queue-dashboard';
import { QUEUE_DASHBOARD_COOKIE, QUEUE_DASHBOARD_MESSAGES, queueDashboardSessionKey } from './queue-dashboard-sessions';
import { QueueDashboardModule } from './queue-dashboard.module';

const SECRET = 'a-gateway-test-secret-of-at-least-32-chars';
const ADMIN_ID = '00000000-0000-4000-8000-0000000000bb';
const SESSION_URL = '/api/admin/queue-dashboard/session';

const config = loadConfig({
  JWT_SECRET: SECRET,
  LOG_LEVEL: 'warn',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-queue-dashboard-')),
});

/** What the session endpoint wrote into the audit queue. */
const auditEntries: Array<{ name: string; data: Record<string, unknown> }> = [];
const auditQueue = {
  add: async (name: string, data: Record<string, unknown>) => {
    auditEntries.push({ name, data });
    return {};
  },
};

/** The gateway's dashboard (session endpoint and board) alone, with this configuration. */
async function dashboardApp(appConfig: AppConfig): Promise<NestFastifyApplication> {
  @Global()
  @Module({
    providers: [
      { provide: AppConfig, useValue: appConfig },
      // The board over no queues: what is under test is who may see it, not Redis; the audit queue's
      // entries are kept in `auditEntries`.
      { provide: QueueRegistry, useValue: { available: true, all: () => [], get: () => auditQueue } },
    ],
    exports: [AppConfig, QueueRegistry],
  })
  class TestPlatform {}

  @Module({ imports: [TestPlatform, AuthModule, QueueDashboardModule] })
  class TestModule {}

  const app = await createHttpApp(TestModule, {
    processName: 'test',
    config: appConfig,
    configure: registerQueueDashboard,
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

const userToken = () => issueTestToken(SECRET, { role: 'user', user_type: 1 });
const ADMIN_SESSION = '00000000-0000-4000-8000-0000000000cc';
const adminToken = (sv = 0, expiresInSeconds = 3600) =>
  issueTestToken(SECRET, { sub: ADMIN_ID, role: 'admin', user_type: 99, sv, sid: ADMIN_SESSION }, expiresInSeconds);

/** A session cookie as the endpoint would sign it, with other claims (a forged role, say). */
const signedSession = (
  claims: Record<string, unknown>,
  secret: string | Buffer = queueDashboardSessionKey(config)!.export(),
) =>
  new JwtService().sign(
    {
      sub: ADMIN_ID,
      email: 'admin@example.com',
      role: 'admin',
      sv: 0,
      exp: Math.floor(Date.now() / 1000) + 600,
      ...claims,
    },
    { secret, algorithm: 'HS256', issuer: 'portal-queue-dashboard', audience: 'queue-dashboard' },
  );

describe('queue dashboard', () => {
  let app: NestFastifyApplication;
  const openSession = (token?: string) =>
    app.inject({ method: 'POST', url: SESSION_URL, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const board = (url: string, cookie?: string, headers: Record<string, string> = {}, method: 'GET' | 'PUT' = 'GET') =>
    app.inject({
      method,
      url,
      headers: { ...headers, ...(cookie ? { cookie: `${QUEUE_DASHBOARD_COOKIE}=${cookie}` } : {}) },
    });
  const sessionCookie = async (token = adminToken()) => {
    const response = await openSession(token);
    expect(response.statusCode).toBe(204);
    return /portal_queue_dashboard=([^;]+)/.exec(String(response.headers['set-cookie']))![1];
  };

  beforeAll(async () => {
    app = await dashboardApp(config);
  });

  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  describe(`POST ${SESSION_URL}`, () => {
    it('401 without a token', async () => {
      const response = await openSession();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('403 for a user who is not an admin', async () => {
      const response = await openSession(userToken());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'You do not have permission to do this' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('401 for an admin token of an ended session', async () => {
      jest.spyOn(app.get(SessionRevocation), 'isRevoked').mockResolvedValue(true);
      expect((await openSession(adminToken())).statusCode).toBe(401);
    });

    it('204 for an admin, with a short-lived HttpOnly, SameSite=Strict cookie for /queues only', async () => {
      const response = await openSession(adminToken());
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(response.headers['cache-control']).toBe('no-store');
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^portal_queue_dashboard=[\w-]+\.[\w-]+\.[\w-]+; /);
      expect(cookie).toContain('Max-Age=900');
      expect(cookie).toContain('Path=/queues');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      // Secure only in production (tests and development run on plain http://localhost).
      expect(cookie).not.toContain('Secure');
    });

    it('records who opened the board (it shows every job’s data), or does not open it', async () => {
      auditEntries.length = 0;
      expect((await openSession(adminToken())).statusCode).toBe(204);
      expect(auditEntries).toEqual([
        {
          name: 'record',
          data: expect.objectContaining({
            action: 'queue.dashboard_opened',
            target: 'queue:*',
            actor_id: ADMIN_ID,
            details: {},
          }),
        },
      ]);

      jest.spyOn(auditQueue, 'add').mockRejectedValue(new Error('Redis is down'));
      const unrecorded = await openSession(adminToken());
      expect([unrecorded.statusCode, unrecorded.json()]).toEqual([
        503,
        { detail: QUEUE_DASHBOARD_MESSAGES.notRecorded },
      ]);
      expect(unrecorded.headers['set-cookie']).toBeUndefined();
    });

    it('refuses a dashboard session as an access token, though signed with the same key here', async () => {
      const response = await openSession(await sessionCookie());
      expect(response.statusCode).toBe(401);
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('never outlives the access token it was opened with: its sign-in, and the record of its end, go with it', async () => {
      const token = adminToken(0, 120);
      const tokenExp = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number }).exp;
      const response = await openSession(token);
      expect(response.statusCode).toBe(204);
      const cookie = String(response.headers['set-cookie']);
      expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBeLessThanOrEqual(120);
      const value = /portal_queue_dashboard=([^;]+)/.exec(cookie)![1];
      expect(new JwtService().decode<{ exp: number }>(value).exp).toBeLessThanOrEqual(tokenExp);
    });
  });

  describe('the board at /queues', () => {
    const paths = ['/queues', '/queues/', '/queues/queue/mail', '/queues/api/queues', '/queues/static/images/logo.svg'];

    it('401 for every page, asset and API call without a session cookie, showing nothing of the board', async () => {
      for (const path of paths) {
        const response = await board(path);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: QUEUE_DASHBOARD_MESSAGES.noSession });
      }
      // An access token is not a dashboard session, not even an admin's.
      const bearer = await app.inject({
        method: 'GET',
        url: '/queues/api/queues',
        headers: { authorization: `Bearer ${adminToken()}` },
      });
      expect(bearer.statusCode).toBe(401);
      expect((await board('/queues/api/queues', adminToken())).statusCode).toBe(401);
    });

    it('401 for a cookie signed with another key, or expired', async () => {
      expect((await board('/queues/api/queues', signedSession({}, 'x'.repeat(40)))).statusCode).toBe(401);
      // Not even the access tokens' own key: the sessions' key is derived from it, never the same.
      expect((await board('/queues/api/queues', signedSession({}, SECRET))).statusCode).toBe(401);
      expect(
        (await board('/queues/api/queues', signedSession({ exp: Math.floor(Date.now() / 1000) - 5 }))).statusCode,
      ).toBe(401);
    });

    it('403 for a validly signed session whose role is not admin', async () => {
      const response = await board('/queues/api/queues', signedSession({ role: 'user' }));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: QUEUE_DASHBOARD_MESSAGES.forbidden });
    });

    it('401 once the admin’s sessions were ended (password reset, demotion) or its sign-in signed out', async () => {
      const cookie = await sessionCookie();
      const revoked = jest.spyOn(app.get(SessionRevocation), 'isRevoked').mockResolvedValue(true);
      const response = await board('/queues/api/queues', cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: QUEUE_DASHBOARD_MESSAGES.sessionEnded });
      expect(revoked).toHaveBeenCalledWith({ id: ADMIN_ID, sessionVersion: 0, sessionId: ADMIN_SESSION }, true);
    });

    it('503 when the revocation state cannot be checked: the board fails closed', async () => {
      const cookie = await sessionCookie();
      jest.spyOn(app.get(SessionRevocation), 'isRevoked').mockRejectedValue(new SessionCheckUnavailableException());
      const response = await board('/queues/api/queues', cookie);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: 'Your session could not be checked right now. Please try again in a few seconds.',
      });
    });

    it('serves the UI, its assets and its API to an admin’s session, under its own CSP', async () => {
      const cookie = await sessionCookie();
      const page = await board('/queues/', cookie);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<title>Queues</title>');
      expect(page.body).toContain('<base href="/queues/" />');
      expect(page.headers['content-security-policy']).toBe(queueDashboardCsp(false));
      expect(page.headers['cache-control']).toBe('no-store');

      const asset = await board('/queues/static/images/logo.svg', cookie);
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('private, max-age=3600');

      const api = await board('/queues/api/queues', cookie);
      expect(api.statusCode).toBe(200);
      expect(api.json()).toEqual({ queues: [] });
    });

    it('refuses changes requested from another site, even with the cookie', async () => {
      const cookie = await sessionCookie();
      const crossSite = await board('/queues/api/queues/pause', cookie, { 'sec-fetch-site': 'same-site' }, 'PUT');
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json()).toEqual({ detail: QUEUE_DASHBOARD_MESSAGES.crossSite });
      const sameOrigin = await board('/queues/api/queues/pause', cookie, { 'sec-fetch-site': 'same-origin' }, 'PUT');
      expect(sameOrigin.statusCode).not.toBe(403);
    });

    it('answers unknown board paths with a JSON 404, to admins only', async () => {
      expect((await board('/queues/nothing/here')).statusCode).toBe(401);
      const response = await board('/queues/nothing/here', await sessionCookie());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found: GET /queues/nothing/here' });
    });
  });
});

describe('queue dashboard with its own session key (a split gateway: RS256, no private key)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const SESSION_SECRET = 'a-queue-dashboard-session-secret-of-32-chars';
  const splitConfig = (env: NodeJS.ProcessEnv) =>
    loadConfig({
      JWT_PUBLIC_KEY: publicKey,
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-queue-dashboard-')),
      ...env,
    });
  /** An access token as identity signs it, with its private key. */
  const rsaToken = (claims: Record<string, unknown>) =>
    new JwtService().sign(
      { email: 'admin@example.com', is_verified: true, sv: 0, mfa: true, ...claims },
      { privateKey, algorithm: 'RS256', issuer: TOKEN_ISSUER, expiresIn: 600 },
    );
  const adminRsaToken = () => rsaToken({ sub: ADMIN_ID, role: 'admin', user_type: 99, sid: ADMIN_SESSION });
  const sessionClaims = {
    sub: ADMIN_ID,
    email: 'admin@example.com',
    role: 'admin',
    sv: 0,
    exp: Math.floor(Date.now() / 1000) + 600,
  };

  let app: NestFastifyApplication;
  const openSession = (token: string) =>
    app.inject({ method: 'POST', url: SESSION_URL, headers: { authorization: `Bearer ${token}` } });
  const boardApi = (cookie: string) =>
    app.inject({
      method: 'GET',
      url: '/queues/api/queues',
      headers: { cookie: `${QUEUE_DASHBOARD_COOKIE}=${cookie}` },
    });

  beforeAll(async () => {
    app = await dashboardApp(splitConfig({ QUEUE_DASHBOARD_SESSION_SECRET: SESSION_SECRET }));
  });
  afterAll(() => app.close());

  it('opens a session signed with QUEUE_DASHBOARD_SESSION_SECRET, and serves the board to it', async () => {
    const response = await openSession(adminRsaToken());
    expect(response.statusCode).toBe(204);
    const cookie = /portal_queue_dashboard=([^;]+)/.exec(String(response.headers['set-cookie']))![1];
    const claims = new JwtService().verify<{ sub: string }>(cookie, {
      secret: SESSION_SECRET,
      algorithms: ['HS256'],
      issuer: 'portal-queue-dashboard',
      audience: 'queue-dashboard',
    });
    expect(claims.sub).toBe(ADMIN_ID);
    expect((await boardApi(cookie)).statusCode).toBe(200);
  });

  it('refuses as a session an access token, and a session signed with any key but its own', async () => {
    expect((await boardApi(adminRsaToken())).statusCode).toBe(401);
    const withPrivateKey = new JwtService().sign(sessionClaims, {
      privateKey,
      algorithm: 'RS256',
      issuer: 'portal-queue-dashboard',
      audience: 'queue-dashboard',
    });
    expect((await boardApi(withPrivateKey)).statusCode).toBe(401);
    expect((await boardApi(signedSession({}, 'another-secret-of-at-least-32-characters'))).statusCode).toBe(401);
    expect((await boardApi(signedSession({}, SESSION_SECRET))).statusCode).toBe(200);
  });

  it('refuses a dashboard session as an access token', async () => {
    expect((await openSession(signedSession({}, SESSION_SECRET))).statusCode).toBe(401);
  });

  it('without its own key, a gateway that cannot sign access tokens opens no session and says what it lacks', async () => {
    const keyless = await dashboardApp(splitConfig({}));
    try {
      const response = await keyless.inject({
        method: 'POST',
        url: SESSION_URL,
        headers: { authorization: `Bearer ${adminRsaToken()}` },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: QUEUE_DASHBOARD_MESSAGES.noSigningKey });
      expect(response.headers['set-cookie']).toBeUndefined();
    } finally {
      await keyless.close();
    }
  });
});
