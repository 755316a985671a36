import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule } from '@portal/auth';
import { ConfigModule } from '@portal/config';
import { callRoute, issueTestToken, startControllerApp } from '@portal/testing';
import { InviteCodesController } from './invite-codes/invite-codes.controller';
import { InviteCodesService } from './invite-codes/invite-codes.service';
import { SubmissionsController } from './submissions/submissions.controller';
import { SubmissionsService } from './submissions/submissions.service';

const SECRET = 'an-onboarding-test-secret-of-at-least-32-chars';
const ID = '00000000-0000-4000-8000-0000000000cc';
const CODE = 'K7M2-QX9D-4TRB-HF3W';

// The services as these routes see them (the edge mocked): each answers which method ran.
const inviteCodes = {
  list: async () => ({ ran: 'inviteCodes.list' }),
  create: async () => ({ ran: 'inviteCodes.create' }),
  update: async () => ({ ran: 'inviteCodes.update' }),
  send: async () => ({ ran: 'inviteCodes.send' }),
  validate: async (code: string) => ({ ran: 'inviteCodes.validate', code }),
};
const submissions = {
  list: async () => ({ ran: 'submissions.list' }),
  get: async (id: string) => ({ ran: 'submissions.get', id }),
  submitBookkeeping: async () => ({ ran: 'submissions.submitBookkeeping' }),
  submitNonprofit: async () => ({ ran: 'submissions.submitNonprofit' }),
};

@Module({
  imports: [ConfigModule, AuthModule],
  controllers: [SubmissionsController, InviteCodesController],
  providers: [
    { provide: InviteCodesService, useValue: inviteCodes },
    { provide: SubmissionsService, useValue: submissions },
  ],
})
class TestModule {}

const code = { expiration_datetime: new Date(Date.now() + 86_400_000).toISOString(), route: '/new-client' };

const ADMIN_ROUTES: Array<{ method: 'GET' | 'POST' | 'PUT'; url: string; body?: object; ran: string }> = [
  { method: 'GET', url: '/api/invite-codes/', ran: 'inviteCodes.list' },
  { method: 'POST', url: '/api/invite-codes/', body: code, ran: 'inviteCodes.create' },
  { method: 'PUT', url: `/api/invite-codes/${ID}`, body: code, ran: 'inviteCodes.update' },
  {
    method: 'POST',
    url: `/api/invite-codes/${ID}/send-email`,
    body: { recipient_email: 'a@b.co' },
    ran: 'inviteCodes.send',
  },
  { method: 'GET', url: '/api/invite-codes/submissions/', ran: 'submissions.list' },
  { method: 'GET', url: `/api/invite-codes/submissions/${ID}`, ran: 'submissions.get' },
];

describe('onboarding routes', () => {
  let app: NestFastifyApplication;
  const request = (route: { method: 'GET' | 'POST' | 'PUT'; url: string; body?: object }, token?: string) =>
    callRoute(app, route, token);
  const user = () => issueTestToken(SECRET, { role: 'user', user_type: 1 });
  const admin = () => issueTestToken(SECRET, { role: 'admin', user_type: 99 });

  beforeAll(async () => {
    app = await startControllerApp(TestModule, SECRET);
  });

  afterAll(() => app.close());

  describe.each(ADMIN_ROUTES)('$method $url (admins only)', (route) => {
    it('401 without a token', async () => {
      const response = await request(route);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated' });
    });

    it('401 with an expired token', async () => {
      const expired = issueTestToken(SECRET, { role: 'admin', user_type: 99 }, -60);
      expect((await request(route, expired)).statusCode).toBe(401);
    });

    it('403 for a user who is not an admin', async () => {
      const response = await request(route, user());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'You do not have permission to do this' });
    });

    it('reaches its handler for an admin, never cached', async () => {
      const response = await request(route, admin());
      expect(response.statusCode).toBeLessThan(300);
      expect(response.json()).toMatchObject({ ran: route.ran });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  it('validates a code without a token (and with one): the static submissions path is not a code', async () => {
    const anonymous = await request({ method: 'GET', url: `/api/invite-codes/${CODE}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ ran: 'inviteCodes.validate', code: CODE });
    expect((await request({ method: 'GET', url: `/api/invite-codes/${CODE}/` }, user())).statusCode).toBe(200);
    expect((await request({ method: 'GET', url: '/api/invite-codes/submissions' })).statusCode).toBe(401);
  });

  it('takes both questionnaires without a token', async () => {
    const nonprofit = await request({
      method: 'POST',
      url: `/api/invite-codes/${CODE}/submit-nonprofit-onboarding`,
      body: { non_profit_name: 'Helping Hands LLC', state_of_formation: 'Delaware' },
    });
    expect(nonprofit.statusCode).toBe(201);
    expect(nonprofit.json()).toEqual({ ran: 'submissions.submitNonprofit' });
    const bookkeeping = await request({
      method: 'POST',
      url: `/api/invite-codes/${CODE}/submit-onboarding`,
      body: { company_name: 'Acme LLC' },
    });
    expect(bookkeeping.statusCode).toBe(400);
    expect(bookkeeping.json().detail).toContain('Accounting software use is required');
  });

  it('documents every route in OpenAPI', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys((response.json() as { paths: object }).paths).sort()).toEqual([
      '/api/invite-codes',
      '/api/invite-codes/submissions',
      '/api/invite-codes/submissions/{id}',
      '/api/invite-codes/{code}',
      '/api/invite-codes/{code}/submit-nonprofit-onboarding',
      '/api/invite-codes/{code}/submit-onboarding',
      '/api/invite-codes/{id}',
      '/api/invite-codes/{id}/send-email',
    ]);
  });
});
