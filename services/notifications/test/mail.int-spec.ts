import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AppConfig, ConfigModule, loadConfig } from '@portal/config';
import { DatabaseModule } from '@portal/database';
import {
  EventsModule,
  mailDropDir,
  MailMessage,
  Outbox,
  OutboxRelay,
  OUTBOX_RELAY,
  QUEUES,
  REDACTED,
  QueueModule,
  serviceData,
} from '@portal/events';
import {
  createTestDatabase,
  readLastMail,
  stopModuleApp,
  TestDatabase,
  waitForMail,
  waitForQueueDrained,
} from '@portal/testing';
// Until libs/testing's index exports them.
import { MailDelivery } from '../src/mail/mail-delivery.entity';
import { MailSuppression } from '../src/mail/mail-suppression.entity';
import { MailModule } from '../src/mail/mail.module';
import { CreateMailDeliveries1795314000000 } from '../src/migrations/1795314000000-CreateMailDeliveries';
import { CreateMailSuppressions1796400000000 } from '../src/migrations/1796400000000-CreateMailSuppressions';

const definition = serviceData('notifications', {
  // The mail worker reads the suppressions (SES feedback) before each send.
  entities: [MailDelivery, MailSuppression],
  migrations: [CreateMailDeliveries1795314000000, CreateMailSuppressions1796400000000],
});

const message: MailMessage = {
  to: 'Client@Example.com',
  subject: 'Confirm your e-mail – Ünïcode & <tags>',
  text: 'Hello Jane,\n\nConfirm your address: https://portal.test/verify?token=abc&next=%2Fportal\n\nThe team',
};

let db: TestDatabase;
let dataDir: string;
let app: NestFastifyApplication;
let dataSource: DataSource;
let mailQueue: Queue;
let outbox: Outbox;

beforeAll(async () => {
  db = await createTestDatabase([definition]);
  dataDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'file',
    MAIL_FROM: 'Portal <no-reply@portal.test>',
    RUN_WORKERS: 'true',
  });
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule,
      QueueModule.forRoot({
        prefix: `test-${randomBytes(6).toString('hex')}`,
        backoffMs: 100,
        outbox: { pollIntervalMs: 100 },
      }),
      DatabaseModule.forService(definition),
      EventsModule.forService('notifications'),
      MailModule.register(config),
    ],
  })
    .overrideProvider(AppConfig)
    .useValue(config)
    .compile();
  app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  dataSource = app.get(getDataSourceToken('notifications'));
  mailQueue = app.get(getQueueToken(QUEUES.mail));
  outbox = app.get(Outbox);
});

afterAll(async () => {
  await stopModuleApp(app, db, [mailQueue]);
  await rm(dataDir, { recursive: true, force: true });
});

async function mailFiles(): Promise<string[]> {
  return (await readdir(mailDropDir(dataDir))).filter((name) => name.endsWith('.eml'));
}

describe('mail delivery', () => {
  let jobId: string;
  let file: string;

  it('runs the relay and the mail worker when RUN_WORKERS', () => {
    expect(app.get(OUTBOX_RELAY)).toBeInstanceOf(OutboxRelay);
    expect(app.get<OutboxRelay>(OUTBOX_RELAY).schemas).toEqual(['notifications']);
  });

  it('turns an outbox send job into one .eml file with text and HTML parts', async () => {
    const before = new Date();
    jobId = await dataSource.transaction((manager) => outbox.enqueue(manager, QUEUES.mail, 'send', message));

    const mail = await waitForMail(dataDir, 'client@example.com', { since: before, timeoutMs: 15_000 });
    file = mail.file;
    expect(mail.subject).toBe(message.subject);
    expect(mail.from).toBe('"Portal" <no-reply@portal.test>');
    // Nodemailer normalises the domain (IDN), the local part stays as given.
    expect(mail.to).toEqual(['Client@example.com']);
    expect(mail.messageId).toBe(`${jobId}@portal.test`);
    expect(mail.text).toBe(message.text);
    expect(mail.html).toContain('<p>Hello Jane,</p>');
    expect(mail.html).toContain(
      '<a href="https://portal.test/verify?token=abc&amp;next=%2Fportal">https://portal.test/verify?token=abc&amp;next=%2Fportal</a>',
    );
    expect(mail.links).toEqual(['https://portal.test/verify?token=abc&next=%2Fportal']);

    const raw = await readFile(join(mailDropDir(dataDir), file), 'utf8');
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
    expect(file).toBe(`${file.slice(0, 24)}-${jobId}@portal.test.eml`);
    expect(await mailFiles()).toEqual([file]);

    await waitForQueueDrained(mailQueue, 5000);
    const job = await mailQueue.getJob(jobId);
    expect(await job?.getState()).toBe('completed');
    expect(job?.returnvalue).toEqual({ messageId: `${jobId}@portal.test`, delivered: true, providerId: file });
    expect(await dataSource.getRepository(MailDelivery).findOneByOrFail({ jobId })).toMatchObject({
      messageId: `${jobId}@portal.test`,
      transport: 'file',
      providerId: file,
    });
  });

  it('does not write a second file when the same job id is delivered again', async () => {
    // What a relay retry after a lost acknowledgement looks like to the worker: the job
    // is gone from Redis (or was never marked), the outbox row goes out again, same id.
    await (await mailQueue.getJob(jobId))!.remove();
    await dataSource.query('UPDATE outbox SET relayed_at = NULL WHERE id = $1', [jobId]);

    let again: Awaited<ReturnType<Queue['getJob']>>;
    const deadline = Date.now() + 10_000;
    for (;;) {
      // The state first, then the job: a job read before it completed holds no return value.
      if ((await (await mailQueue.getJob(jobId))?.getState()) === 'completed') {
        again = await mailQueue.getJob(jobId);
        break;
      }
      if (Date.now() > deadline) throw new Error('the job was not processed again');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again?.returnvalue).toEqual({ messageId: `${jobId}@portal.test`, delivered: false });
    expect(await mailFiles()).toEqual([file]);
    expect(await dataSource.getRepository(MailDelivery).countBy({ jobId })).toBe(1);
    expect((await readLastMail(dataDir, 'client@example.com'))?.file).toBe(file);
  });
});

describe('a sent mail job', () => {
  it('keeps no credential in Redis once delivered: the mail has the link, the completed job does not', async () => {
    const before = new Date();
    const data = { firstName: 'Jane', link: 'https://portal.test/reset-password?token=secret-1', expiresInMinutes: 60 };
    const id = await dataSource.transaction((manager) =>
      outbox.enqueue(manager, QUEUES.mail, 'template', { template: 'reset-password', to: 'reset@example.com', data }),
    );
    const mail = await waitForMail(dataDir, 'reset@example.com', { since: before, timeoutMs: 15_000 });
    expect(mail.links).toContain(data.link);
    await waitForQueueDrained(mailQueue, 5000);
    const job = await mailQueue.getJob(id);
    expect(await job?.getState()).toBe('completed');
    expect(job?.data).toEqual({
      template: 'reset-password',
      to: 'reset@example.com',
      data: { ...data, link: REDACTED },
    });
  });
});

describe('dev mail viewer', () => {
  const inject = (url: string) => app.getHttpAdapter().getInstance().inject({ method: 'GET', url });
  let file: string;
  let newer: string;

  beforeAll(async () => {
    [file] = await mailFiles();
    await dataSource.transaction((manager) =>
      outbox.enqueue(manager, QUEUES.mail, 'send', { to: 'second@example.com', subject: 'Second', text: 'Later' }),
    );
    newer = (await waitForMail(dataDir, 'second@example.com')).file;
  });

  it('lists messages newest first with date, recipient, subject and a link', async () => {
    const response = await inject('/dev/mail');
    expect(response.statusCode).toBe(200);
    expect(response.body.indexOf(encodeURIComponent(newer))).toBeGreaterThan(0);
    expect(response.body.indexOf(encodeURIComponent(newer))).toBeLessThan(
      response.body.indexOf(encodeURIComponent(file)),
    );
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain(`<a href="/dev/mail/${encodeURIComponent(file)}">`);
    expect(response.body).toContain('Confirm your e-mail – Ünïcode &amp; &lt;tags&gt;');
    expect(response.body).toContain('<td>Client@example.com</td>');
  });

  it('shows one message: headers, the HTML part in a sandboxed frame, the text part', async () => {
    const response = await inject(`/dev/mail/${encodeURIComponent(file)}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<iframe title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(response.body).toContain('srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;!doctype html&gt;');
    expect(response.body).not.toContain('<p>Hello Jane,</p>'); // the HTML part only inside srcdoc, escaped
    expect(response.body).toContain(
      '<pre>Hello Jane,\n\nConfirm your address: https://portal.test/verify?token=abc&amp;',
    );
    expect(response.body).toContain('<th>From</th><td>&quot;Portal&quot; &lt;no-reply@portal.test&gt;</td>');
    expect(response.body).not.toMatch(/<script/i);
  });

  it('serves the raw message as message/rfc822', async () => {
    const response = await inject(`/dev/mail/${encodeURIComponent(file)}/raw`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('message/rfc822');
    expect(response.rawPayload.equals(await readFile(join(mailDropDir(dataDir), file)))).toBe(true);
  });

  it('answers as if it had no viewer to a browser on another machine (reset links are in these mails)', async () => {
    for (const url of [
      '/dev/mail',
      `/dev/mail/${encodeURIComponent(file)}`,
      `/dev/mail/${encodeURIComponent(file)}/raw`,
    ]) {
      for (const remoteAddress of ['203.0.113.5', '2001:db8::5', '10.0.0.7']) {
        const response = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url, remoteAddress });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Client@example.com');
      }
    }
    expect((await inject('/dev/mail')).statusCode).toBe(200); // this machine: 127.0.0.1
  });

  it.each([
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '..%2Fjwt-secret',
    'jwt-secret',
    '2026-01-01T00-00-00.000Z-missing@portal.test.eml',
  ])('answers 404 for %s', async (name) => {
    for (const url of [`/dev/mail/${name}`, `/dev/mail/${name}/raw`]) {
      const response = await inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: expect.any(String) });
    }
  });
});

describe('list mail', () => {
  /** Resolves once every one of these jobs is on the mail queue (the relay moved their outbox rows). */
  async function untilQueued(ids: string[]): Promise<void> {
    const deadline = Date.now() + 15_000;
    while ((await Promise.all(ids.map((id) => mailQueue.getJob(id)))).some((job) => !job)) {
      if (Date.now() > deadline) throw new Error('the outbox rows never reached the mail queue');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  afterAll(async () => {
    await mailQueue.resume();
  });

  it('waits behind transactional mail: a mail queued after a fan-out is taken before the rest of it', async () => {
    // A backlog: the worker takes no mail while both are queued, the fan-out first.
    await mailQueue.pause();
    const fanOut = await dataSource.transaction(async (manager) => {
      const ids: string[] = [];
      for (let index = 0; index < 60; index += 1) {
        ids.push(
          await outbox.enqueue(manager, QUEUES.mail, 'send', {
            to: `reader${index}@example.com`,
            subject: 'This month at the firm',
            text: 'News.',
            unsubscribeUrl: 'https://portal.test/api/newsletter/unsubscribe?token=t',
          }),
        );
      }
      return ids;
    });
    await untilQueued(fanOut);
    const urgent = await dataSource.transaction((manager) => outbox.enqueue(manager, QUEUES.mail, 'send', message));
    await untilQueued([urgent]);
    await mailQueue.resume();
    await waitForQueueDrained(mailQueue, 30_000);

    const takenAt = async (id: string) => (await mailQueue.getJob(id))!.processedOn!;
    const urgentTakenAt = await takenAt(urgent);
    const listTakenAt = await Promise.all(fanOut.map(takenAt));
    expect(listTakenAt.filter((at) => at < urgentTakenAt)).toEqual([]);
  });
});
