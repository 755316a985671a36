import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import { repoRoot } from '@portal/config';
import { mailDropDir, QUEUES, redisConnectionOptions } from '@portal/events';
import { QUEUE_DASHBOARD_MESSAGES } from '../src/queue-dashboard/queue-dashboard-sessions';
import {
  apiClient,
  Call,
  createTestDatabase,
  enrolTwoFactor,
  login,
  PASSWORD,
  registerVerified,
  registerWithMailboxPassword,
  RunningProcess,
  startProcess,
  tempDataDir,
  TestDatabase,
  uniqueEmail,
  waitForMail,
} from '@portal/testing';

const ADMIN_EMAIL = uniqueEmail('board-admin');
const ADMIN_PASSWORD = 'Adm1n!board';
const REDIS_PREFIX = `queue-board-${Date.now().toString(36)}`;
const SESSION_PATH = '/api/admin/queue-dashboard/session';
const BOARD_PATHS = [
  '/queues',
  '/queues/',
  '/queues/queue/mail',
  '/queues/api/queues',
  '/queues/static/images/logo.svg',
];

interface BoardJob {
  id: string;
  failedReason?: string;
  attempts: number;
}
interface BoardQueue {
  name: string;
  counts: Record<string, number>;
  jobs: BoardJob[];
}

/** Waits for `check` to hold, failing with `what` after 20 s. */
async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('queue dashboard (Bull Board) on the gateway', () => {
  let db: TestDatabase;
  let gateway: RunningProcess;
  let call: Call;
  let mailQueue: Queue;
  const data = tempDataDir();

  /** A request to the gateway outside /api, as a browser sends it (cookie and all). */
  const request = (path: string, init: { method?: string; cookie?: string; token?: string } = {}) =>
    fetch(`${gateway.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
    });

  /** Opens a dashboard session with an access token; the cookie (name=value) when one was set. */
  async function openSession(token?: string): Promise<{ status: number; cookie?: string; setCookie: string | null }> {
    const response = await request(SESSION_PATH, { method: 'POST', token });
    const setCookie = response.headers.get('set-cookie');
    return { status: response.status, setCookie, cookie: setCookie?.split(';')[0] };
  }

  async function adminCookie(email = ADMIN_EMAIL, password = ADMIN_PASSWORD, enrol = false): Promise<string> {
    const session = await login(call, email, password);
    expect(session.status).toBe(200);
    // An admin promoted by the CLI sets up two-factor sign-in first.
    const token = enrol
      ? (await enrolTwoFactor(call, session.body.access_token, email, password)).token
      : session.body.access_token;
    const opened = await openSession(token);
    expect(opened.status).toBe(204);
    return opened.cookie!;
  }

  async function boardQueues(cookie: string, query = ''): Promise<BoardQueue[]> {
    const response = await request(`/queues/api/queues${query}`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { queues: BoardQueue[] }).queues;
  }

  beforeAll(async () => {
    db = await createTestDatabase([]);
    gateway = await startProcess('gateway', {
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX,
      DATA_DIR: data.dir,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    });
    call = apiClient(gateway.baseUrl);
    // The gateway's own mail queue, as a producer outside it sees it.
    mailQueue = new Queue(QUEUES.mail, {
      connection: redisConnectionOptions(process.env.REDIS_URL!),
      prefix: REDIS_PREFIX,
    });
  });

  afterAll(async () => {
    await mailQueue?.obliterate({ force: true }).catch(() => undefined);
    await mailQueue?.close();
    await gateway?.stop();
    await db?.drop();
    data.remove();
  });

  it('shows an anonymous visitor nothing: no session, and 401 for every page, asset and API call', async () => {
    const session = await openSession();
    expect(session.status).toBe(401);
    expect(session.setCookie).toBeNull();
    for (const path of BOARD_PATHS) {
      const response = await request(path);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({
        detail: expect.stringContaining('Open the queue dashboard from the admin panel'),
      });
      expect(body).not.toMatch(/mail|stripe|deadline|<html/i);
    }
  });

  it('shows a signed-in client nothing: 403 for a session, 401 from the board even with their token', async () => {
    const { accessToken } = await registerVerified(call, data.dir, uniqueEmail('board-client'));
    const session = await openSession(accessToken);
    expect(session.status).toBe(403);
    expect(session.setCookie).toBeNull();
    for (const path of BOARD_PATHS) {
      expect((await request(path, { token: accessToken })).status).toBe(401);
      // Their access token passed off as a dashboard session is no session either.
      expect((await request(path, { cookie: `portal_queue_dashboard=${accessToken}` })).status).toBe(401);
    }
  });

  it('gives an admin a session cookie for /queues with which the board lists every queue', async () => {
    const session = await login(call, ADMIN_EMAIL, ADMIN_PASSWORD);
    const opened = await openSession(session.body.access_token);
    expect(opened.status).toBe(204);
    expect(opened.setCookie).toMatch(/^portal_queue_dashboard=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(opened.setCookie).toMatch(/Path=\/queues(;|$)/);
    expect(opened.setCookie).toMatch(/HttpOnly/);
    expect(opened.setCookie).toMatch(/SameSite=Strict/);

    const queues = await boardQueues(opened.cookie!);
    expect(queues.map((queue) => queue.name).sort()).toEqual([
      'audit',
      'deadline-alerts',
      'housekeeping-billing',
      'housekeeping-catalog',
      'housekeeping-documents',
      'housekeeping-identity',
      'housekeeping-notifications',
      'housekeeping-onboarding',
      'mail',
      'password-reset',
      'stripe-events',
    ]);
    for (const queue of queues) expect(queue.counts).toMatchObject({ failed: expect.any(Number) });

    const page = await request('/queues/', { cookie: opened.cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<base href="/queues/" />');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The web app's history fallback never answers for the board.
    const unknown = await request('/queues/no-such-page', { cookie: opened.cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Not found: GET /queues/no-such-page' });
  });

  it('shows a failed mail job with its error, and retries it from the board: it runs again and is sent', async () => {
    const cookie = await adminCookie();
    // The mail drop cannot be written while a file stands where its folder should be.
    const drop = mailDropDir(data.dir);
    const kept = `${drop}.kept`;
    if (existsSync(drop)) await rename(drop, kept);
    await writeFile(drop, 'not a folder');

    const jobId = randomUUID();
    const to = uniqueEmail('retried');
    try {
      await mailQueue.add('send', { to, subject: 'Sent on retry', text: 'Hello again' }, { jobId, attempts: 1 });
      await eventually('the mail job failed', async () => (await mailQueue.getJob(jobId))?.failedReason !== undefined);
    } finally {
      await rm(drop, { force: true });
      if (existsSync(kept)) await rename(kept, drop);
    }

    const [mail] = (await boardQueues(cookie, '?activeQueue=mail&status=failed&page=1&jobsPerPage=50')).filter(
      (queue) => queue.name === 'mail',
    );
    expect(mail.counts.failed).toBeGreaterThanOrEqual(1);
    const failed = mail.jobs.find((job) => job.id === jobId);
    expect(failed?.failedReason).toMatch(/EEXIST|ENOTDIR/);

    const since = new Date();
    const retried = await request(`/queues/api/queues/mail/${jobId}/retry`, { method: 'PUT', cookie });
    expect(retried.status).toBe(204);

    const sent = await waitForMail(data.dir, to, { since, timeoutMs: 20_000 });
    expect(sent.subject).toBe('Sent on retry');
    await eventually('the job completed', async () => (await mailQueue.getJob(jobId))?.finishedOn !== undefined);
    expect(await (await mailQueue.getJob(jobId))!.getState()).toBe('completed');
  });

  it('never lets a board session write what the services own: adding a job (a forged audit entry, a mail), changing its data, removing a schedule', async () => {
    const cookie = await adminCookie();
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${gateway.baseUrl}${path}`, {
        method,
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const refused = { detail: QUEUE_DASHBOARD_MESSAGES.changeRefused };
    const forgedTarget = `user:${randomUUID()}`;
    const forged = await send('POST', '/queues/api/queues/audit/add', {
      name: 'record',
      data: {
        at: new Date().toISOString(),
        actor_id: randomUUID(),
        actor_email: 'another-admin@example.com',
        client_ip: '203.0.113.9',
        request_id: null,
        action: 'vault.file_downloaded',
        target: forgedTarget,
        details: {},
      },
      options: {},
    });
    expect([forged.status, await forged.json()]).toEqual([403, refused]);

    const to = uniqueEmail('board-phish');
    const mailed = await send('POST', '/queues/api/queues/mail/add', {
      name: 'send',
      data: { to, subject: 'Your tax refund', text: 'Confirm your card at https://phish.example' },
      options: {},
    });
    expect([mailed.status, await mailed.json()]).toEqual([403, refused]);

    const jobId = randomUUID();
    const original = { to: uniqueEmail('board-delayed'), subject: 'Later', text: 'As written' };
    await mailQueue.add('send', original, { jobId, delay: 3_600_000 });
    try {
      const edited = await send('PATCH', `/queues/api/queues/mail/${jobId}/update-data`, {
        data: { ...original, to },
      });
      expect([edited.status, await edited.json()]).toEqual([403, refused]);
      expect((await mailQueue.getJob(jobId))!.data).toEqual(original);
    } finally {
      await (await mailQueue.getJob(jobId))?.remove();
    }

    // The reminder schedule is the services' too: removing it would silently stop deadline reminders.
    const reminders = new Queue(QUEUES.deadlineAlerts, {
      connection: redisConnectionOptions(process.env.REDIS_URL!),
      prefix: REDIS_PREFIX,
    });
    try {
      const [schedule] = await reminders.getJobSchedulers();
      expect(schedule?.key).toBeDefined();
      const removed = await send(
        'PUT',
        `/queues/api/queues/deadline-alerts/job-schedulers/${encodeURIComponent(schedule.key)}/remove`,
        {},
      );
      expect([removed.status, await removed.json()]).toEqual([403, refused]);
      // Nor by obliterating its queue, which deletes the queue's schedules with its jobs.
      const obliterated = await send('PUT', '/queues/api/queues/deadline-alerts/obliterate', { force: true });
      expect([obliterated.status, await obliterated.json()]).toEqual([403, refused]);
      expect((await reminders.getJobSchedulers()).map((kept) => kept.key)).toContain(schedule.key);
    } finally {
      await reminders.close();
    }

    const mails = await mailQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    expect(mails.filter((job) => (job.data as { to?: string }).to === to)).toEqual([]);
    const audit = new Queue(QUEUES.audit, {
      connection: redisConnectionOptions(process.env.REDIS_URL!),
      prefix: REDIS_PREFIX,
    });
    try {
      const entries = await audit.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
      expect(entries.filter((job) => (job.data as { target?: string }).target === forgedTarget)).toEqual([]);
    } finally {
      await audit.close();
    }
  });

  /** `npm run admin -- <command> <email>`, built, on this test's database and Redis. */
  async function adminCli(command: 'promote' | 'demote', email: string): Promise<void> {
    await promisify(execFile)(
      process.execPath,
      [join(repoRoot(), 'dist/services/identity/src/admin-cli.js'), command, email],
      {
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: db.url,
          REDIS_URL: process.env.REDIS_URL,
          REDIS_PREFIX,
          DATA_DIR: data.dir,
        },
      },
    );
  }

  it('ends the board session when the admin signs out the sign-in it was opened from', async () => {
    const email = uniqueEmail('board-signed-out');
    await registerWithMailboxPassword(call, data.dir, email);
    await adminCli('promote', email);
    const { token } = await enrolTwoFactor(
      call,
      (await login(call, email, PASSWORD)).body.access_token,
      email,
      PASSWORD,
    );
    const opened = await openSession(token);
    expect(opened.status).toBe(204);
    expect((await request('/queues/api/queues', { cookie: opened.cookie })).status).toBe(200);

    expect((await call('POST', '/auth/logout', { token })).status).toBe(200);

    const after = await request('/queues/api/queues', { cookie: opened.cookie });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ detail: 'Your session has expired. Please sign in again.' });
  });

  it('ends the board session when the admin’s sessions end (demotion)', async () => {
    const email = uniqueEmail('board-demoted');
    await registerWithMailboxPassword(call, data.dir, email);
    await adminCli('promote', email);
    const cookie = await adminCookie(email, PASSWORD, true);
    expect((await request('/queues/api/queues', { cookie })).status).toBe(200);

    await adminCli('demote', email);
    const after = await request('/queues/api/queues', { cookie });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ detail: 'Your session has expired. Please sign in again.' });
  });
});
