import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getRepositoryToken } from '@nestjs/typeorm';
import { AuthModule } from '@portal/auth';
import { ConfigModule, loadConfig } from '@portal/config';
import { createHttpApp } from '@portal/http';
import { issueTestToken } from '@portal/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminController } from './admin/admin.controller';
import { ProfilesController } from './profiles/profiles.controller';
import { ProfilesService } from './profiles/profiles.service';
import { User } from './users/user.entity';
import { UsersService } from './users/users.service';

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
  createQueryBuilder: () => {
    let email = '';
    const query = {
      where: (_sql: string, params: { email: string }) => ((email = params.email.toLowerCase()), query),
      getOne: async () => [...rows.values()].find((row) => row.email === email) ?? null,
    };
    return query;
  },
};

@Module({
  imports: [ConfigModule, AuthModule],
  controllers: [ProfilesController, AdminController],
  providers: [
    UsersService,
    { provide: getRepositoryToken(User, 'identity'), useValue: users },
    { provide: ProfilesService, useValue: { get: async (user: User) => ({ user_id: user.id, email: user.email }) } },
  ],
})
class TestModule {}

describe('identity routes that need a session', () => {
  let app: NestFastifyApplication;
  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const token = (id: string, role: string, sv: number) =>
    issueTestToken(SECRET, { sub: id, role, user_type: role === 'admin' ? 99 : 1, sv });

  beforeAll(async () => {
    process.env.JWT_SECRET = SECRET;
    process.env.LOG_LEVEL = 'warn';
    process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'portal-identity-'));
    delete process.env.REDIS_URL; // the database check alone, without the Redis revocation list
    delete process.env.DATABASE_URL; // nor the guard's (SessionRevocation): who may call what is under test
    app = await createHttpApp(TestModule, { processName: 'test', config: loadConfig() });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
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
});
