import { Controller, Get, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigModule, loadConfig } from '@portal/config';
import { createHttpApp } from '@portal/http';
import { issueTestToken } from '@portal/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthUser } from './auth-user';
import { AuthModule } from './auth.module';
import { AllowWithoutTwoFactor, CurrentUser, Public, Roles } from './decorators';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';

@Controller('probe')
class ProbeController {
  @Get('private')
  private(@CurrentUser() user: AuthUser) {
    return { id: user.id, role: user.role };
  }

  @Public()
  @Get('public')
  public(@CurrentUser() user?: AuthUser) {
    return { signedIn: Boolean(user) };
  }

  @Roles('admin')
  @Get('admin')
  admin() {
    return { ok: true };
  }

  @AllowWithoutTwoFactor()
  @Get('two-factor-setup')
  setup(@CurrentUser() user: AuthUser) {
    return { id: user.id };
  }

  @Public()
  @AllowWithoutTwoFactor()
  @Get('public-setup')
  publicSetup(@CurrentUser() user?: AuthUser) {
    return { signedIn: Boolean(user) };
  }
}

@Module({ imports: [ConfigModule, AuthModule], controllers: [ProbeController] })
class ProbeModule {}

describe('JwtAuthGuard (on by default)', () => {
  let app: NestFastifyApplication;
  const get = (path: string, token?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/probe/${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    process.env.JWT_SECRET = SECRET;
    process.env.LOG_LEVEL = 'warn';
    process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'portal-auth-'));
    // Who may call what, without Redis or Postgres: the revocation check has its own tests.
    delete process.env.DATABASE_URL;
    delete process.env.REDIS_URL;
    app = await createHttpApp(ProbeModule, { processName: 'test', config: loadConfig() });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());

  it('refuses a route without a token: 401 with a detail', async () => {
    const response = await get('private');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated' });
  });

  it('accepts a valid token and exposes the user', async () => {
    const response = await get('private', issueTestToken(SECRET, { sub: 'user-1', role: 'user' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'user-1', role: 'user' });
  });

  it('refuses an expired token with the session-expired text', async () => {
    const response = await get('private', issueTestToken(SECRET, {}, -10));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Your session has expired. Please sign in again.' });
  });

  it('refuses a token signed with another key, or from another issuer', async () => {
    expect((await get('private', issueTestToken('x'.repeat(40)))).statusCode).toBe(401);
    expect((await get('private', issueTestToken(SECRET, { iss: 'someone-else' } as never))).statusCode).toBe(401);
  });

  it('lets anyone through a @Public() route, identifying a valid token', async () => {
    expect((await get('public')).json()).toEqual({ signedIn: false });
    expect((await get('public', issueTestToken(SECRET))).json()).toEqual({ signedIn: true });
    expect((await get('public', 'garbage')).json()).toEqual({ signedIn: false });
  });

  it('enforces @Roles: 401 without a token, 403 for a user, 200 for an admin', async () => {
    expect((await get('admin')).statusCode).toBe(401);
    const forbidden = await get('admin', issueTestToken(SECRET, { role: 'user' }));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: 'You do not have permission to do this' });
    expect((await get('admin', issueTestToken(SECRET, { role: 'admin', user_type: 99 }))).statusCode).toBe(200);
  });

  it('refuses an admin route to an admin whose e-mail is not verified (403), not their other routes', async () => {
    const unverified = issueTestToken(SECRET, { role: 'admin', user_type: 99, is_verified: false });
    const refused = await get('admin', unverified);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Please verify your email address before using the admin tools.' });
    expect((await get('private', unverified)).statusCode).toBe(200);
  });

  describe('an admin without two-factor sign-in (mfa: false, or no mfa claim)', () => {
    const admin = (claims: object = { mfa: false }) =>
      issueTestToken(SECRET, { role: 'admin', user_type: 99, ...claims });

    it('gets 403 with the two-factor text on admin routes and on any other signed-in route', async () => {
      // `mfa: undefined` is left out of the token: one issued before the claim existed is refused too.
      for (const token of [admin(), admin({ mfa: undefined })]) {
        for (const path of ['admin', 'private']) {
          const response = await get(path, token);
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({ detail: 'Two-factor authentication is required for admins.' });
        }
      }
    });

    it('may use the routes marked @AllowWithoutTwoFactor()', async () => {
      const response = await get('two-factor-setup', admin());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: '00000000-0000-4000-8000-000000000001' });
      expect((await get('public-setup', admin())).json()).toEqual({ signedIn: true });
    });

    it('is a visitor on public routes, and still 401 without a token on the allowed ones', async () => {
      expect((await get('public', admin())).json()).toEqual({ signedIn: false });
      expect((await get('two-factor-setup')).statusCode).toBe(401);
    });

    it('is not asked of users, nor of admins who have it', async () => {
      expect((await get('private', issueTestToken(SECRET, { role: 'user', mfa: false }))).statusCode).toBe(200);
      expect((await get('admin', admin({ mfa: true }))).statusCode).toBe(200);
      expect((await get('public', admin({ mfa: true }))).json()).toEqual({ signedIn: true });
    });
  });
});
