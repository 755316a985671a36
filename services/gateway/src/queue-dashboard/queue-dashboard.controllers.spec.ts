import { Global, Module } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule, SessionCheckUnavailableException, SessionRevocation } from '@portal/auth';
import { AppConfig, loadConfig } from '@portal/config';
import { QueueRegistry } from '@portal/events';
import { createHttpApp } from '@portal/http';
import { issueTestToken } from '@portal/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queueDashboardCsp, registerQueueDashboard } from './queue-dashboard';
import { QUEUE_DASHBOARD_COOKIE, QUEUE_DASHBOARD_MESSAGES } from './queue-dashboard-sessions';
import { QueueDashboardModule } from './queue-dashboard.module';

const SECRET = 'a-gateway-test-secret-of-at-least-32-chars';
const ADMIN_ID = '00000000-0000-4000-8000-0000000000bb';
const SESSION_URL = '/api/admin/queue-dashboard/session';

const config = loadConfig({
  JWT_SECRET: SECRET,
  LOG_LEVEL: 'warn',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-queue-dashboard-')),
});

@Global()
@Module({
  providers: [
    { provide: AppConfig, useValue: config },
    // The board over no queues: what is under test is who may see it, not Redis.
    { provide: QueueRegistry, useValue: { available: true, all: () => [], get: () => ({}) } },
  ],
  exports: [AppConfig, QueueRegistry],
})
class TestPlatform {}

@Module({ imports: [TestPlatform, AuthModule, QueueDashboardModule] })
class TestModule {}

const userToken = () => issueTestToken(SECRET, { role: 'user', user_type: 1 });
const ADMIN_SESSION = '00000000-0000-4000-8000-0000000000cc';
const adminToken = (sv = 0, expiresInSeconds = 3600) =>
  issueTestToken(SECRET, { sub: ADMIN_ID, role: 'admin', user_type: 99, sv, sid: ADMIN_SESSION }, expiresInSeconds);

/** A session cookie as the endpoint would sign it, with other claims (a forged role, say). */
const signedSession = (claims: Record<string, unknown>, secret = SECRET) =>
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
    app = await createHttpApp(TestModule, { processName: 'test', config, configure: registerQueueDashboard });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
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
