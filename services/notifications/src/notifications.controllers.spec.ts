import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule } from '@portal/auth';
import { ConfigModule } from '@portal/config';
import { callRoute, issueTestToken, startControllerApp } from '@portal/testing';
import { Readable } from 'node:stream';
import { JobApplicationsService } from './careers/job-applications.service';
import { DeadlineAlertsController } from './deadline-alerts/deadline-alerts.controller';
import { DeadlineAlertsService } from './deadline-alerts/deadline-alerts.service';
import { InboxController } from './inbox/inbox.controller';
import { InboxService } from './inbox/inbox.service';
import { MessagesController } from './messages/messages.controller';
import { MessagesService } from './messages/messages.service';
import { NewsletterController } from './newsletter/newsletter.controller';
import { NewsletterService } from './newsletter/newsletter.service';
import { SesFeedbackController } from './ses-feedback/ses-feedback.controller';
import { SesFeedbackService } from './ses-feedback/ses-feedback.service';

const SECRET = 'a-notifications-test-secret-of-at-least-32-chars';
const ID = '00000000-0000-4000-8000-0000000000cc';

// The services as these routes see them (the edge mocked): each answers which method ran.
const unsubscribed: unknown[] = [];
const resubscribed: unknown[] = [];
const alerts = {
  subscribe: async () => ({ ran: 'alerts.subscribe' }),
  linkState: async (token: unknown) => (token === 'x' ? 'subscribed' : null),
  unsubscribe: async (token: unknown) => {
    unsubscribed.push(token);
    return token === 'x';
  },
  resubscribePending: async (token: unknown) => token === 'x',
  resubscribe: async (token: unknown, ip: string) => {
    resubscribed.push([token, ip]);
    return token === 'x';
  },
  runDay: (asOf?: string) => asOf ?? '2026-11-23',
  runByHand: async (_scope: unknown, asOf: string) => ({ ran: 'alerts.run', as_of: asOf }),
};
const newsletter = {
  subscribe: async () => ({ ran: 'newsletter.subscribe' }),
  linkState: async (token: unknown) => (token === 'x' ? 'subscribed' : null),
  unsubscribe: async (token: unknown) => token === 'x',
  resubscribePending: async (token: unknown) => token === 'x',
  resubscribe: async (token: unknown) => {
    resubscribed.push([token]);
    return token === 'x';
  },
};
const inbox = {
  list: async () => ({ ran: 'inbox.list' }),
  markHandled: async () => ({ ran: 'inbox.markHandled' }),
  resume: async () => ({
    stream: Readable.from([Buffer.from('%PDF-1.7')]),
    contentType: 'application/pdf',
    contentLength: 8,
    fileName: 'cv.pdf',
  }),
  exportSubscribers: () => Readable.from(['email\r\n']),
};
const messages = { create: async () => ({ ran: 'messages.create' }) };
const applications = { receive: async () => ({ ran: 'applications.receive' }) };
const feedback = {
  receive: async (body: unknown, type: unknown) => ({ ran: 'feedback.receive', body, type }),
};

@Module({
  imports: [ConfigModule, AuthModule],
  controllers: [
    DeadlineAlertsController,
    NewsletterController,
    InboxController,
    MessagesController,
    SesFeedbackController,
  ],
  providers: [
    { provide: DeadlineAlertsService, useValue: alerts },
    { provide: NewsletterService, useValue: newsletter },
    { provide: InboxService, useValue: inbox },
    { provide: MessagesService, useValue: messages },
    { provide: JobApplicationsService, useValue: applications },
    { provide: SesFeedbackService, useValue: feedback },
  ],
})
class TestModule {}

type Method = 'GET' | 'POST' | 'PUT';
interface Route {
  method: Method;
  url: string;
  body?: object;
  ran?: string;
}

const ADMIN_ROUTES: Route[] = [
  { method: 'POST', url: '/api/deadline-alerts/run', body: {}, ran: 'alerts.run' },
  { method: 'GET', url: '/api/inbox/', ran: 'inbox.list' },
  { method: 'PUT', url: `/api/inbox/messages/${ID}/handled`, body: { handled: true }, ran: 'inbox.markHandled' },
  { method: 'GET', url: `/api/inbox/messages/${ID}/resume` },
  { method: 'GET', url: '/api/inbox/subscribers.csv?list=newsletter' },
];

describe('notifications routes', () => {
  let app: NestFastifyApplication;
  const request = (route: Route, token?: string) => callRoute(app, route, token);
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
      expect(response.statusCode).toBe(200);
      if (route.ran) expect(response.json()).toMatchObject({ ran: route.ran });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  it('serves the resume as an attachment of its checked type', async () => {
    const response = await request({ method: 'GET', url: `/api/inbox/messages/${ID}/resume` }, admin());
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename=cv.pdf');
    expect(response.body).toBe('%PDF-1.7');
  });

  it('exports subscribers as a CSV attachment, and refuses an unknown list', async () => {
    const response = await request({ method: 'GET', url: '/api/inbox/subscribers.csv?list=newsletter' }, admin());
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename=newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const unknown = await request({ method: 'GET', url: '/api/inbox/subscribers.csv?list=everyone' }, admin());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('list must be one of newsletter, deadline-alerts');
  });

  it('checks the run body and the handled mark', async () => {
    const run = await request(
      { method: 'POST', url: '/api/deadline-alerts/run', body: { as_of: '2026-02-30' } },
      admin(),
    );
    expect(run.statusCode).toBe(400);
    expect(run.json().detail).toBe('as_of must be a date written YYYY-MM-DD');
    const ok = await request(
      { method: 'POST', url: '/api/deadline-alerts/run', body: { as_of: '2026-12-08' } },
      admin(),
    );
    expect(ok.json()).toEqual({ ran: 'alerts.run', as_of: '2026-12-08' });
    const mark = await request(
      { method: 'PUT', url: `/api/inbox/messages/${ID}/handled`, body: { handled: 'yes' } },
      admin(),
    );
    expect(mark.statusCode).toBe(400);
    expect(mark.json().detail).toBe('handled must be true or false');
  });

  it('takes the public forms without a token', async () => {
    const subscribe = await request({
      method: 'POST',
      url: '/api/deadline-alerts/subscribe/',
      body: { email: 'founder@company.com', ip_address: null },
    });
    expect(subscribe.statusCode).toBe(201);
    expect(subscribe.json()).toEqual({ ran: 'alerts.subscribe' });
    const blank = await request({ method: 'POST', url: '/api/deadline-alerts/subscribe/', body: { email: '' } });
    expect(blank.json().detail).toBe('Please enter your business email');
    const unsubscribe = await request({ method: 'GET', url: '/api/deadline-alerts/unsubscribe?token=x' });
    expect(unsubscribe.statusCode).toBe(200);
    expect(unsubscribe.headers['content-type']).toBe('text/html; charset=utf-8');
    const message = await request({
      method: 'POST',
      url: '/api/messages/',
      body: { name: 'Jane', email: 'jane@example.com', message: 'Hello' },
    });
    expect(message.statusCode).toBe(201);
    expect(message.json()).toEqual({ ran: 'messages.create' });
    const invalid = await request({ method: 'POST', url: '/api/messages/', body: { email: 'jane@example.com' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().detail).toBe('Name is required; Message is required');
  });

  it("unsubscribes from the button of the link's page (or a one-click POST), never from opening the link", async () => {
    unsubscribed.length = 0;
    // Mail scanners and link previews open every link of a message: that must not unsubscribe anyone.
    const opened = await request({ method: 'GET', url: '/api/deadline-alerts/unsubscribe?token=x' });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<h1>Unsubscribe from deadline reminders?</h1>');
    expect(opened.body).toContain('<form method="post" action="?token=x">');
    expect(unsubscribed).toEqual([]);
    expect((await request({ method: 'GET', url: '/api/deadline-alerts/unsubscribe?token=y' })).statusCode).toBe(404);
    expect(unsubscribed).toEqual([]);

    const pressed = await app.inject({
      method: 'POST',
      url: '/api/deadline-alerts/unsubscribe?token=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain('You will no longer receive tax and compliance deadline reminders');
    expect(unsubscribed).toEqual(['x']);
    const stale = await app.inject({ method: 'POST', url: '/api/deadline-alerts/unsubscribe?token=y' });
    expect(stale.statusCode).toBe(404);
  });

  describe.each([
    {
      list: '/api/deadline-alerts',
      title: 'Confirm your deadline reminders',
      signUpAgain: 'sign up again on our Deadline Alerts page',
      // The client address that confirmed is stored.
      pressed: [['x', expect.any(String)]],
    },
    {
      list: '/api/newsletter',
      title: 'Confirm your newsletter subscription',
      signUpAgain: 'subscribe again from the footer of our website',
      pressed: [['x']],
    },
  ])('$list/resubscribe', ({ list, title, signUpAgain, pressed }) => {
    it("resubscribes from the button of the confirmation link's page, never from opening the link", async () => {
      resubscribed.length = 0;
      const opened = await request({ method: 'GET', url: `${list}/resubscribe?token=x` });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(opened.headers['cache-control']).toBe('no-store');
      expect(opened.body).toContain(`<h1>${title}</h1>`);
      expect(opened.body).toContain('<form method="post" action="?token=x">');
      const unknown = await request({ method: 'GET', url: `${list}/resubscribe?token=y` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('<h1>This link is invalid or expired</h1>');
      expect(resubscribed).toEqual([]);

      const press = await app.inject({ method: 'POST', url: `${list}/resubscribe?token=x` });
      expect(press.statusCode).toBe(200);
      expect(press.body).toContain('<h1>You are subscribed again</h1>');
      expect(resubscribed).toEqual(pressed);
      const stale = await app.inject({ method: 'POST', url: `${list}/resubscribe?token=y` });
      expect(stale.statusCode).toBe(404);
      expect(stale.body).toContain(signUpAgain);
    });
  });

  it("takes SNS's messages without a token, as the text SNS posts, up to 300 KB", async () => {
    const post = (payload: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/notifications/ses-feedback',
        headers: { 'content-type': 'text/plain; charset=UTF-8', ...headers },
        payload,
      });
    const message = JSON.stringify({ Type: 'Notification', Message: 'x' });
    const posted = await post(message, { 'x-amz-sns-message-type': 'Notification' });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ ran: 'feedback.receive', body: message, type: 'Notification' });
    const large = await post('x'.repeat(300 * 1024 + 1));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ detail: expect.any(String) });
  });

  it('hands a multipart body to the job applications', async () => {
    const boundary = '----portal-test';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nJane\r\n--${boundary}--\r\n`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/messages/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ran: 'applications.receive' });
  });

  it('documents every route in OpenAPI', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys((response.json() as { paths: object }).paths).sort()).toEqual([
      '/api/deadline-alerts/resubscribe',
      '/api/deadline-alerts/run',
      '/api/deadline-alerts/subscribe',
      '/api/deadline-alerts/unsubscribe',
      '/api/inbox',
      '/api/inbox/messages/{id}/resume',
      '/api/inbox/subscribers.csv',
      '/api/inbox/{source}/{id}/handled',
      '/api/messages',
      '/api/newsletter/resubscribe',
      '/api/newsletter/subscribe',
      '/api/newsletter/unsubscribe',
      '/api/notifications/ses-feedback',
    ]);
  });
});
