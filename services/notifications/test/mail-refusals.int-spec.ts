import { randomBytes } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { AppConfig, ConfigModule, loadConfig } from '@portal/config';
import { DatabaseModule } from '@portal/database';
import { EventsModule, QUEUES, QueueModule, serviceData } from '@portal/events';
import { createTestDatabase, stopModuleApp, TestDatabase } from '@portal/testing';
import { MailDelivery } from '../src/mail/mail-delivery.entity';
import { MailSuppression } from '../src/mail/mail-suppression.entity';
import { MailModule } from '../src/mail/mail.module';
import { ACCOUNT_REFUSAL_WAIT_MS } from '../src/mail/mail.processor';
import { MAIL_TRANSPORT, MailRejectedError, MailTransport } from '../src/mail/mail-transport';
import { CreateMailDeliveries1795314000000 } from '../src/migrations/1795314000000-CreateMailDeliveries';
import { CreateMailSuppressions1796400000000 } from '../src/migrations/1796400000000-CreateMailSuppressions';

const definition = serviceData('notifications', {
  // The mail worker reads the suppressions (SES feedback) before each send.
  entities: [MailDelivery, MailSuppression],
  migrations: [CreateMailDeliveries1795314000000, CreateMailSuppressions1796400000000],
});

/** SES as it answers while the sender identity is not verified: every mail refused alike. */
class UnverifiedSender implements MailTransport {
  sent = 0;
  send(): Promise<{ id: string }> {
    this.sent += 1;
    throw new MailRejectedError(
      'SES refused message: MessageRejected: Email address is not verified. The following identities failed the check',
      'account',
    );
  }
}

let db: TestDatabase;
let app: NestFastifyApplication;
let mailQueue: Queue;
const transport = new UnverifiedSender();

beforeAll(async () => {
  db = await createTestDatabase([definition]);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
    DATABASE_URL: db.url,
    MAIL_TRANSPORT: 'ses',
    MAIL_FROM: 'Portal <no-reply@portal.test>',
    RUN_WORKERS: 'true',
  });
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule,
      QueueModule.forRoot({ prefix: `test-${randomBytes(6).toString('hex')}`, backoffMs: 100 }),
      DatabaseModule.forService(definition),
      EventsModule.forService('notifications'),
      MailModule.register(config),
    ],
  })
    .overrideProvider(AppConfig)
    .useValue(config)
    .overrideProvider(MAIL_TRANSPORT)
    .useValue(transport)
    .compile();
  app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  await app.init();
  mailQueue = app.get(getQueueToken(QUEUES.mail));
});

afterAll(() => stopModuleApp(app, db, [mailQueue]));

describe('a mail SES refuses for a fault of the account', () => {
  it('is not failed: the whole mail queue waits and tries again, no attempt spent, and an error names the cause', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error');
    const job = await mailQueue.add(
      'template',
      {
        template: 'reset-password',
        to: 'client@example.com',
        data: { firstName: 'Jane', link: 'https://portal.test/reset-password?token=x', expiresInMinutes: 60 },
      },
      { jobId: 'refused-by-account' },
    );
    const deadline = Date.now() + 20_000;
    while (transport.sent === 0 || (await job.getState()) === 'active') {
      if (Date.now() > deadline) throw new Error(`mail job ${job.id} never tried`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(await job.getState()).toBe('waiting');
    const again = await mailQueue.getJob(job.id!);
    expect(again?.attemptsMade).toBe(0);
    // Held for ACCOUNT_REFUSAL_WAIT_MS, by every worker of the queue (its rate limit is in Redis).
    const held = await mailQueue.getRateLimitTtl(1);
    expect(held).toBeGreaterThan(ACCOUNT_REFUSAL_WAIT_MS / 2);
    expect(held).toBeLessThanOrEqual(ACCOUNT_REFUSAL_WAIT_MS);
    expect(errors.mock.calls.map((call) => String(call[0]))).toContainEqual(
      expect.stringMatching(
        /^mail job refused-by-account: SES refused message: MessageRejected: Email address is not verified.*The sending account or identity is at fault, not this mail: the mail queue waits 5 minutes and tries again/,
      ),
    );
    errors.mockRestore();
    await mailQueue.removeRateLimitKey();
  });
});
