import { createSign, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { Job, Queue } from 'bullmq';
import { generateOpaqueToken } from '@portal/auth';
import { AppConfig, ConfigModule, loadConfig } from '@portal/config';
import { DatabaseModule } from '@portal/database';
import { EventsModule, MailMessage, QUEUES, QueueModule, TemplateMail } from '@portal/events';
import { HttpExceptionFilter } from '@portal/http';
import { createTestDatabase, sql, stopModuleApp, TestDatabase, uniqueEmail } from '@portal/testing';
import { MailModule } from '../src/mail/mail.module';
import type { MailJobResult } from '../src/mail/mail.processor';
import { MAIL_TRANSPORT, MailTransport, OutgoingMail } from '../src/mail/mail-transport';
import { NOTIFICATIONS_DATA } from '../src/notifications.data';
import { SesFeedbackModule } from '../src/ses-feedback/ses-feedback.module';
import { SNS_HTTP, SnsHttp } from '../src/ses-feedback/sns-http';
import { SnsEnvelope, stringToSign } from '../src/ses-feedback/sns-message';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-feedback';
const CERT_URL = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0123456789abcdef.pem';
const PATH = '/api/notifications/ses-feedback';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** SNS as the endpoint reaches it: our test key for the certificate, confirmations recorded, no network. */
class FakeSns implements SnsHttp {
  certificates: string[] = [];
  confirmed: string[] = [];
  signingCertificate(url: string): Promise<string> {
    this.certificates.push(url);
    return Promise.resolve(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  }
  confirmSubscription(url: string): Promise<void> {
    this.confirmed.push(url);
    return Promise.resolve();
  }
}

/** Records what would have left, instead of sending it. */
class RecordingTransport implements MailTransport {
  sent: OutgoingMail[] = [];
  send(message: OutgoingMail): Promise<{ id: string }> {
    this.sent.push(message);
    return Promise.resolve({ id: randomUUID() });
  }
  to(address: string): OutgoingMail[] {
    return this.sent.filter((mail) => [mail.to].flat().includes(address));
  }
}

let db: TestDatabase;
let app: NestFastifyApplication;
let mailQueue: Queue;
let config: AppConfig;
const sns = new FakeSns();
const transport = new RecordingTransport();

beforeAll(async () => {
  db = await createTestDatabase([NOTIFICATIONS_DATA]);
  config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
    DATABASE_URL: db.url,
    MAIL_FROM: 'Portal <no-reply@portal.test>',
    RUN_WORKERS: 'true',
    SES_FEEDBACK_TOPIC_ARNS: TOPIC,
    LOG_LEVEL: 'silent',
  });
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule,
      QueueModule.forRoot({ prefix: `test-${randomBytes(6).toString('hex')}`, backoffMs: 100 }),
      DatabaseModule.forService(NOTIFICATIONS_DATA),
      EventsModule.forService('notifications'),
      MailModule.register(config),
      SesFeedbackModule,
    ],
  })
    .overrideProvider(AppConfig)
    .useValue(config)
    .overrideProvider(MAIL_TRANSPORT)
    .useValue(transport)
    .overrideProvider(SNS_HTTP)
    .useValue(sns)
    .compile();
  app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new HttpExceptionFilter());
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  mailQueue = app.get(getQueueToken(QUEUES.mail));
});

afterAll(() => stopModuleApp(app, db, [mailQueue]));

/** An SNS envelope signed with the test key (`fields` first, so a test can sign a topic or URL of its own). */
function signed(fields: Partial<SnsEnvelope>): SnsEnvelope {
  const envelope: SnsEnvelope = {
    Type: 'Notification',
    MessageId: randomUUID(),
    TopicArn: TOPIC,
    Message: '',
    Timestamp: new Date().toISOString(),
    SignatureVersion: '2',
    Signature: '',
    SigningCertURL: CERT_URL,
    ...fields,
  };
  envelope.Signature = createSign('RSA-SHA256').update(stringToSign(envelope)).sign(privateKey, 'base64');
  return envelope;
}

const bounce = (address: string, bounceType: 'Permanent' | 'Transient') =>
  signed({
    Message: JSON.stringify({
      notificationType: 'Bounce',
      bounce: {
        bounceType,
        bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull',
        bouncedRecipients: [
          { emailAddress: address, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
        ],
        timestamp: new Date().toISOString(),
        feedbackId: randomUUID(),
      },
      mail: { messageId: randomUUID(), destination: [address] },
    }),
  });

const complaint = (address: string) =>
  signed({
    Message: JSON.stringify({
      notificationType: 'Complaint',
      complaint: {
        complainedRecipients: [{ emailAddress: address }],
        complaintFeedbackType: 'abuse',
        timestamp: new Date().toISOString(),
        feedbackId: randomUUID(),
      },
      mail: { messageId: randomUUID(), destination: [address] },
    }),
  });

/** Posts as SNS does: JSON as text/plain, the type in x-amz-sns-message-type. */
const post = (envelope: SnsEnvelope | string, type = typeof envelope === 'string' ? 'Notification' : envelope.Type) =>
  app.inject({
    method: 'POST',
    url: PATH,
    headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': type },
    payload: typeof envelope === 'string' ? envelope : JSON.stringify(envelope),
  });

const suppressions = (address: string) =>
  sql<{
    address: string;
    reason: string;
    detail: string | null;
    diagnostic_code: string | null;
    sns_message_id: string;
  }>(
    db.url,
    `SELECT address, reason, detail, diagnostic_code, sns_message_id FROM notifications.mail_suppressions WHERE address = $1`,
    [address.toLowerCase()],
  );
const suppressionCount = async () =>
  (await sql<{ count: number }>(db.url, `SELECT count(*)::int AS count FROM notifications.mail_suppressions`))[0].count;

/** Queues a mail and waits for the worker to finish it: its result. */
async function mailed(data: TemplateMail | MailMessage): Promise<MailJobResult> {
  const job = await mailQueue.add('template' in data ? 'template' : 'send', data, { jobId: randomUUID() });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const state = await job.getState();
    if (state === 'completed') return ((await Job.fromId(mailQueue, job.id!)) as Job).returnvalue as MailJobResult;
    if (state === 'failed')
      throw new Error(`mail job ${job.id} failed: ${(await Job.fromId(mailQueue, job.id!))?.failedReason}`);
    if (Date.now() > deadline) throw new Error(`mail job ${job.id} never finished (${state})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const reset = (to: string): TemplateMail => ({
  template: 'reset-password',
  to,
  data: { firstName: 'Jane', link: 'https://portal.test/reset-password?token=x', expiresInMinutes: 60 },
});

/** A newsletter subscription of `email`, on: the token of its welcome mail's unsubscribe link. */
async function subscribeNewsletter(email: string): Promise<string> {
  const { token, hash } = generateOpaqueToken();
  await sql(
    db.url,
    `INSERT INTO notifications.newsletter_subscriptions (email, source, unsubscribe_token_hash) VALUES ($1, 'test', $2)
     ON CONFLICT ((lower(email))) DO UPDATE SET status = 'subscribed', unsubscribed_at = NULL, unsubscribe_token_hash = $2`,
    [email, hash],
  );
  return token;
}
const newsletterWelcome = (to: string, token: string): TemplateMail => ({
  template: 'newsletter-welcome',
  to,
  data: { unsubscribeLink: `https://portal.test/api/newsletter/unsubscribe?token=${token}` },
});

describe('SES feedback through SNS', () => {
  it('a permanent bounce suppresses the address and ends its subscriptions: no mail goes to it, a reset included', async () => {
    const address = uniqueEmail('bounced');
    await subscribeNewsletter(address);
    const reply = await post(bounce(address.toUpperCase(), 'Permanent'));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ received: true, outcome: 'suppressed' });
    expect(await suppressions(address)).toEqual([
      expect.objectContaining({
        address: address.toLowerCase(),
        reason: 'bounce',
        detail: 'General',
        diagnostic_code: 'smtp; 550 5.1.1 user unknown',
      }),
    ]);
    expect(
      await sql(db.url, `SELECT status FROM notifications.newsletter_subscriptions WHERE email = $1`, [address]),
    ).toEqual([{ status: 'unsubscribed' }]);

    expect(await mailed(reset(address))).toMatchObject({
      delivered: false,
      skipped: 'the address bounced for good (SES feedback)',
    });
    const other = uniqueEmail('still-fine');
    expect(await mailed({ to: [address, other], subject: 'Hello', text: 'Hello' })).toMatchObject({ delivered: true });
    expect(transport.to(address)).toEqual([]);
    expect(transport.to(other)).toHaveLength(1);
    expect(transport.to(other)[0].to).toEqual([other]);
  });

  it('a complaint ends the subscriptions and stops list mail, but what the person asks for still goes', async () => {
    const address = uniqueEmail('complained');
    await subscribeNewsletter(address);
    const { hash } = generateOpaqueToken();
    await sql(
      db.url,
      `INSERT INTO notifications.deadline_subscriptions (email, unsubscribe_token_hash) VALUES ($1, $2)`,
      [address, hash],
    );

    expect((await post(complaint(address))).statusCode).toBe(200);
    expect(await suppressions(address)).toEqual([expect.objectContaining({ reason: 'complaint', detail: 'abuse' })]);
    const statuses = await sql<{ status: string; unsubscribed: boolean }>(
      db.url,
      `SELECT status, unsubscribed_at IS NOT NULL AS unsubscribed FROM notifications.newsletter_subscriptions WHERE email = $1
       UNION ALL
       SELECT status, unsubscribed_at IS NOT NULL FROM notifications.deadline_subscriptions WHERE email = $1`,
      [address],
    );
    expect(statuses).toEqual([
      { status: 'unsubscribed', unsubscribed: true },
      { status: 'unsubscribed', unsubscribed: true },
    ]);

    // Subscribed again since (a sign-up on the site): list mail stays stopped until staff lift the suppression.
    const token = await subscribeNewsletter(address);
    expect(await mailed(newsletterWelcome(address, token))).toMatchObject({
      delivered: false,
      skipped: 'the address complained about list mail (SES feedback)',
    });
    expect(await mailed(reset(address))).toMatchObject({ delivered: true });
    expect(transport.to(address).map((mail) => mail.subject)).toEqual([expect.stringMatching(/password/i)]);

    // A later bounce outranks the complaint.
    await post(bounce(address, 'Permanent'));
    expect(await suppressions(address)).toEqual([expect.objectContaining({ reason: 'bounce', detail: 'General' })]);
    await post(complaint(address));
    expect(await suppressions(address)).toEqual([expect.objectContaining({ reason: 'bounce', detail: 'General' })]);
  });

  it('a transient bounce and a delivery change nothing', async () => {
    const address = uniqueEmail('transient');
    const before = await suppressionCount();
    const transient = await post(bounce(address, 'Transient'));
    expect(transient.statusCode).toBe(200);
    expect(transient.json()).toEqual({ received: true, outcome: 'ignored' });
    const delivery = await post(
      signed({ Message: JSON.stringify({ notificationType: 'Delivery', delivery: { recipients: [address] } }) }),
    );
    expect(delivery.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await suppressionCount()).toBe(before);
    expect(await mailed(reset(address))).toMatchObject({ delivered: true });
  });

  it('the same notification twice (an SNS retry) is one row', async () => {
    const address = uniqueEmail('twice');
    const envelope = bounce(address, 'Permanent');
    expect((await post(envelope)).statusCode).toBe(200);
    expect((await post(envelope)).statusCode).toBe(200);
    expect(await suppressions(address)).toEqual([expect.objectContaining({ sns_message_id: envelope.MessageId })]);
  });

  it('refuses unsigned, forged, stale and malformed messages with a 400 and a detail, writing nothing', async () => {
    const address = uniqueEmail('forged');
    const before = await suppressionCount();
    const genuine = bounce(address, 'Permanent');
    const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const cases: Array<[SnsEnvelope | string, string]> = [
      [{ ...genuine, Signature: '' }, 'The message’s signature is not valid: it was not sent by Amazon SNS as is.'],
      [{ ...genuine, Signature: 'bm90IGEgc2lnbmF0dXJl' }, 'The message’s signature is not valid'],
      [
        { ...genuine, Signature: createSign('RSA-SHA256').update(stringToSign(genuine)).sign(otherKey, 'base64') },
        'The message’s signature is not valid',
      ],
      [
        { ...genuine, Message: genuine.Message.replace('General', 'Suppressed') },
        'The message’s signature is not valid',
      ],
      [
        { ...genuine, SigningCertURL: 'https://evil.example/SimpleNotificationService-1.pem' },
        'SigningCertURL is not an Amazon SNS certificate address.',
      ],
      [
        signed({ ...genuine, Timestamp: new Date(Date.now() - 2 * 3600_000).toISOString() }),
        'The message is more than an hour old',
      ],
      ['{"Type":"Notification"', 'The body is not an Amazon SNS message: it is not JSON.'],
      ['{"Type":"Notification"}', 'The message has no MessageId.'],
    ];
    for (const [body, detail] of cases) {
      const reply = await post(body);
      expect({ status: reply.statusCode, detail: (reply.json() as { detail: string }).detail }).toEqual({
        status: 400,
        detail: expect.stringContaining(detail),
      });
    }
    expect((await post(genuine, 'SubscriptionConfirmation')).statusCode).toBe(400);
    expect(await suppressionCount()).toBe(before);
    expect(sns.certificates.every((url) => url === CERT_URL)).toBe(true);
  });

  it('refuses a message of a topic that is not ours with 403, and answers 404 while no topic is configured', async () => {
    const before = await suppressionCount();
    const foreign = signed({ ...bounce(uniqueEmail('foreign'), 'Permanent'), TopicArn: `${TOPIC}-other` });
    const reply = await post(foreign);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ detail: 'Messages of this SNS topic are not accepted here.' });

    config.SES_FEEDBACK_TOPIC_ARNS = '';
    try {
      const off = await post(bounce(uniqueEmail('off'), 'Permanent'));
      expect(off.statusCode).toBe(404);
      expect(off.json()).toEqual({
        detail: 'SES feedback is not received here (SES_FEEDBACK_TOPIC_ARNS is empty).',
      });
    } finally {
      config.SES_FEEDBACK_TOPIC_ARNS = TOPIC;
    }
    expect(await suppressionCount()).toBe(before);
  });

  it('confirms a subscription by opening its SubscribeURL only when that is an https link to SNS', async () => {
    const confirmation = (url: string) =>
      signed({
        Type: 'SubscriptionConfirmation',
        Message: `You have chosen to subscribe to the topic ${TOPIC}.`,
        SubscribeURL: url,
        Token: 'a-token',
      });
    const good = 'https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=x&Token=a-token';
    const reply = await post(confirmation(good));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ received: true, outcome: 'subscription confirmed' });
    expect(sns.confirmed).toEqual([good]);

    for (const url of [
      'https://169.254.169.254/latest/meta-data/',
      'http://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription',
      'https://sns.us-east-1.amazonaws.com.evil.example/?Action=ConfirmSubscription',
      'https://localhost:3000/api/health',
    ]) {
      const refused = await post(confirmation(url));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail: 'SubscribeURL is not an Amazon SNS address.' });
    }
    expect(sns.confirmed).toEqual([good]);
  });
});
