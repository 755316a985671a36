import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getRepositoryToken } from '@nestjs/typeorm';
import { AuthModule } from '@portal/auth';
import { ConfigModule } from '@portal/config';
import { AuditTrail } from '@portal/events';
import { issueTestToken, startControllerApp } from '@portal/testing';
import { Readable } from 'node:stream';
import { AccountSecurityController } from './account-security/account-security.controller';
import { AccountSecurityService } from './account-security/account-security.service';
import { AdminController } from './admin/admin.controller';
import { AuditLogController, SecurityEventsController } from './audit/audit-log.controller';
import { AuditLogService } from './audit/audit-log.service';
import { ProfilesController } from './profiles/profiles.controller';
import { ProfilesService } from './profiles/profiles.service';
import { User } from './users/user.entity';
import { UsersService } from './users/users.service';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorService } from './two-factor/two-factor.service';

const SECRET = 'an-identity-test-secret-of-at-least-32-chars';
const USER_ID = '00000000-0000-4000-8000-0000000000aa';
const ADMIN_ID = '00000000-0000-4000-8000-0000000000bb';

// The database as these routes see it (the edge mocked: the repository of users).
const rows = new Map<string, Partial<User>>([
  [USER_ID, { id: USER_ID, email: 'jane@example.com', role: 'user', userType: 1, isVerified: true, sessionVersion: 2 }],
  [
    ADMIN_ID,
    { id: ADMIN_ID, email: 'admin@example.com', role: 'admin', userType: 99, isVerified: true, sessionVersion: 0 },
  ],
]);
const users = {
  findOneBy: async ({ id }: { id: string }) => rows.get(id) ?? null,
  // findByEmail's plain SQL: `... WHERE lower(email) = lower($1)`.
  metadata: { columns: [{ databaseName: 'id', propertyName: 'id' }] },
  manager: {
    query: async (_sql: string, [email]: [string]) =>
      [...rows.values()].filter((row) => row.email === email.toLowerCase()),
  },
  create: (row: Partial<User>) => row,
};

// What the routes record (an export of the log).
const audit = { recordAlone: jest.fn(async () => undefined) };

// The audit log's reads (the edge mocked): what the routes pass on, and what they answer with it.
const auditLog = {
  page: jest.fn(async (query: { page?: number; page_size?: number }) => ({
    items: [],
    total: 0,
    page: query.page ?? 1,
    page_size: query.page_size ?? 20,
  })),
  exportCsv: jest.fn(() => Readable.from(['id,at\r\n'])),
  securityEvents: jest.fn(async () => ({ items: [] })),
};

@Module({
  imports: [ConfigModule, AuthModule],
  controllers: [
    ProfilesController,
    AdminController,
    AuditLogController,
    SecurityEventsController,
    TwoFactorController,
    AccountSecurityController,
  ],
  providers: [
    UsersService,
    { provide: AuditLogService, useValue: auditLog },
    { provide: getRepositoryToken(User, 'identity'), useValue: users },
    { provide: ProfilesService, useValue: { get: async (user: User) => ({ user_id: user.id, email: user.email }) } },
    // What these routes answer is the integration tests' business; who may call them is under test here.
    {
      provide: TwoFactorService,
      useValue: { status: async () => ({ enabled: false }), setup: async () => ({ secret: 'S' }) },
    },
    { provide: AccountSecurityService, useValue: { list: async () => ({ items: [] }) } },
    { provide: AuditTrail, useValue: audit },
  ],
})
class TestModule {}

describe('identity routes that need a session', () => {
  let app: NestFastifyApplication;
  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const post = (url: string, token?: string) =>
    app.inject({ method: 'POST', url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: {} });
  const token = (id: string, role: string, sv: number, mfa = true) =>
    issueTestToken(SECRET, { sub: id, role, user_type: role === 'admin' ? 99 : 1, sv, mfa });

  beforeAll(async () => {
    app = await startControllerApp(TestModule, SECRET);
  });

  afterAll(() => app.close());

  describe('GET /api/profiles/me', () => {
    it('401 without a token', async () => {
      const response = await get('/api/profiles/me');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated' });
    });

    it('200 with a token of the current session version (or newer)', async () => {
      const response = await get('/api/profiles/me', token(USER_ID, 'user', 2));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user_id: USER_ID, email: 'jane@example.com' });
    });

    it('401 session expired for a token issued before the session version was raised', async () => {
      const response = await get('/api/profiles/me', token(USER_ID, 'user', 1));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Your session has expired. Please sign in again.' });
    });

    it('401 for a valid token of an account that no longer exists', async () => {
      const response = await get('/api/profiles/me', token('00000000-0000-4000-8000-00000000dead', 'user', 0));
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /api/auth/admin/users', () => {
    const url = '/api/auth/admin/users?email=jane@example.com';

    it('401 without a token', async () => {
      expect((await get(url)).statusCode).toBe(401);
    });

    it('403 for a user', async () => {
      const response = await get(url, token(USER_ID, 'user', 2));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'You do not have permission to do this' });
    });

    it('403 for a token that says admin when the database no longer does', async () => {
      expect((await get(url, token(USER_ID, 'admin', 2))).statusCode).toBe(403);
    });

    it('200 for an admin, 404 for an unknown e-mail, 400 for a malformed one', async () => {
      const admin = token(ADMIN_ID, 'admin', 0);
      const found = await get(url, admin);
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual({
        id: USER_ID,
        email: 'jane@example.com',
        role: 'user',
        user_type: 1,
        is_verified: true,
      });
      const missing = await get('/api/auth/admin/users?email=nobody@example.com', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'No account with this email.' });
      expect((await get('/api/auth/admin/users?email=nope', admin)).json()).toEqual({
        detail: 'Please enter a valid email address',
        errors: ['Please enter a valid email address'],
      });
    });
  });

  describe.each(['/api/audit-log', '/api/audit-log.csv'])('GET %s', (url) => {
    it('401 without a token', async () => {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated' });
    });

    it('403 for a user, and for a token that says admin when the database no longer does', async () => {
      const response = await get(url, token(USER_ID, 'user', 2));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'You do not have permission to do this' });
      expect((await get(url, token(USER_ID, 'admin', 2))).statusCode).toBe(403);
    });

    it('400 with a detail for a malformed date, an unknown action, a reversed range or a bad page', async () => {
      const admin = token(ADMIN_ID, 'admin', 0);
      const refused = async (query: string) => {
        const response = await get(`${url}?${query}`, admin);
        expect(response.statusCode).toBe(400);
        return (response.json() as { detail: string }).detail;
      };
      expect(await refused('from=2026-02-30')).toBe('from must be a date written YYYY-MM-DD');
      expect(await refused('to=23/11/2026')).toBe('to must be a date written YYYY-MM-DD');
      expect(await refused('action=auth.everything')).toBe('action must be one of the audit log’s actions');
      expect(await refused('from=2026-11-24&to=2026-11-23')).toBe('from must not be after to');
      expect(await refused('page_size=101')).toBe('page_size must be a whole number from 1 to 100');
      expect(await refused('page=0')).toBe('page must be a whole number of at least 1');
      expect(await refused('colour=red')).toMatch(/colour/);
    });
  });

  describe('GET /api/audit-log (admin)', () => {
    it('passes the filters and the page on, typed', async () => {
      const response = await get(
        '/api/audit-log?actor=%20Jane@Example.com%20&action=invite_code.created&from=2026-11-01&to=2026-11-23&page=2&page_size=5',
        token(ADMIN_ID, 'admin', 0),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ items: [], total: 0, page: 2, page_size: 5 });
      expect(auditLog.page).toHaveBeenLastCalledWith(
        expect.objectContaining({
          actor: 'Jane@Example.com',
          action: 'invite_code.created',
          from: '2026-11-01',
          to: '2026-11-23',
          page: 2,
          page_size: 5,
        }),
      );
    });
  });

  describe('GET /api/audit-log.csv (admin)', () => {
    it('answers CSV as an attachment, never cached', async () => {
      const response = await get('/api/audit-log.csv?action=vault.listed', token(ADMIN_ID, 'admin', 0));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename=audit-log-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toBe('id,at\r\n');
      expect(auditLog.exportCsv).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'vault.listed' }));
      expect(audit.recordAlone).toHaveBeenLastCalledWith(
        expect.objectContaining({ actor_id: ADMIN_ID }),
        'audit_log.exported',
        null,
        { action: 'vault.listed' },
      );
    });

    it('sends nothing when the export cannot be recorded', async () => {
      audit.recordAlone.mockRejectedValueOnce(new Error('outbox unavailable'));
      const response = await get('/api/audit-log.csv', token(ADMIN_ID, 'admin', 0));
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('id,at');
    });
  });

  describe('GET /api/auth/security-events', () => {
    it('401 without a token', async () => {
      expect((await get('/api/auth/security-events')).statusCode).toBe(401);
    });

    it("200 for any signed-in user: their own events, never someone else's", async () => {
      const response = await get('/api/auth/security-events', token(USER_ID, 'user', 2));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ items: [] });
      expect(auditLog.securityEvents).toHaveBeenLastCalledWith(USER_ID);
    });
  });

  describe('two-factor and account security routes', () => {
    it('401 without a token on every signed-in route (verify is the public code step)', async () => {
      for (const [method, url] of [
        ['GET', '/api/auth/two-factor'],
        ['POST', '/api/auth/two-factor/setup'],
        ['POST', '/api/auth/two-factor/enable'],
        ['POST', '/api/auth/two-factor/disable'],
        ['POST', '/api/auth/password/change'],
        ['GET', '/api/auth/sessions'],
        ['POST', '/api/auth/sessions/revoke-all'],
      ]) {
        const response = method === 'GET' ? await get(url) : await post(url);
        expect([url, response.statusCode]).toEqual([url, 401]);
      }
      // The code step answers without a session: a missing challenge is a 400, not a 401.
      expect((await post('/api/auth/two-factor/verify')).statusCode).toBe(400);
    });

    it('403 for an admin without two-factor everywhere but the profile and the two-factor routes', async () => {
      const admin = token(ADMIN_ID, 'admin', 0, false);
      for (const url of ['/api/auth/admin/users?email=jane@example.com', '/api/auth/sessions']) {
        const response = await get(url, admin);
        expect([url, response.statusCode, response.json()]).toEqual([
          url,
          403,
          { detail: 'Two-factor authentication is required for admins.' },
        ]);
      }
      for (const url of ['/api/auth/password/change', '/api/auth/sessions/revoke-all']) {
        expect([url, (await post(url, admin)).statusCode]).toEqual([url, 403]);
      }
      expect((await get('/api/profiles/me', admin)).statusCode).toBe(200);
      expect((await get('/api/auth/two-factor', admin)).statusCode).toBe(200);
      expect((await post('/api/auth/two-factor/setup', admin)).statusCode).toBe(200);
    });

    it('200 for an admin with two-factor and for a user without it', async () => {
      expect((await get('/api/auth/sessions', token(ADMIN_ID, 'admin', 0))).statusCode).toBe(200);
      expect((await get('/api/auth/sessions', token(USER_ID, 'user', 2, false))).statusCode).toBe(200);
    });
  });
});
