import { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { HOUSEKEEPING_CRON, HOUSEKEEPING_QUEUES, redisConnectionOptions } from '@portal/events';
import { register, uniqueEmail, useTestApp } from '@portal/testing';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily clean-up: each service's own job, on its own queue, removes only what is past the
 * retention (7 days): e-mail tokens (identity), relayed outbox rows, completed jobs, mail delivery
 * records and reminders of long-past deadlines (notifications); failed jobs after 30 days.
 */
describe('housekeeping', () => {
  const app = useTestApp();
  const queues: Queue[] = [];
  let redis: Redis;

  const queue = (name: string) => {
    const created = new Queue(name, {
      connection: redisConnectionOptions(process.env.REDIS_URL ?? ''),
      prefix: app.gateway.env.REDIS_PREFIX,
    });
    queues.push(created);
    return created;
  };

  beforeAll(() => {
    redis = new Redis(redisConnectionOptions(process.env.REDIS_URL ?? ''));
  });

  afterAll(async () => {
    await Promise.all(queues.map((item) => item.close()));
    redis?.disconnect();
  });

  /** Runs a service's clean-up now, as its schedule would, and answers what it removed. */
  async function cleanUp(service: keyof typeof HOUSEKEEPING_QUEUES): Promise<Record<string, number>> {
    const housekeeping = queue(HOUSEKEEPING_QUEUES[service]);
    const job = await housekeeping.add('cleanup', {});
    const deadline = Date.now() + 20_000;
    for (;;) {
      const state = await job.getState();
      if (state === 'completed')
        return (await Job.fromId(housekeeping, job.id!))!.returnvalue as Record<string, number>;
      if (state === 'failed' || Date.now() > deadline) throw new Error(`clean-up job ${state}: ${job.failedReason}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('is scheduled daily for every service that runs in the process', async () => {
    for (const service of ['identity', 'catalog', 'onboarding', 'notifications'] as const) {
      const scheduler = await queue(HOUSEKEEPING_QUEUES[service]).getJobScheduler(`${service}-cleanup`);
      expect([service, scheduler?.pattern, scheduler?.tz]).toEqual([service, HOUSEKEEPING_CRON, 'UTC']);
    }
  });

  it('identity removes tokens expired, used or replaced more than 7 days ago, and its old relayed outbox rows', async () => {
    const { user_id: userId } = await register(app.call, uniqueEmail('tokens'));
    const token = (label: string, columns: string) =>
      app.sql(
        `INSERT INTO identity.user_tokens (user_id, purpose, token_hash, expires_at, used_at, invalidated_at)
         VALUES ($1, 'reset-password', $2, ${columns})`,
        [userId, `hash-${label}-${userId}`],
      );
    await token('expired-old', `now() - interval '8 days', NULL, NULL`);
    await token('expired-recent', `now() - interval '6 days', NULL, NULL`);
    await token('used-old', `now() + interval '1 hour', now() - interval '8 days', NULL`);
    await token('used-recent', `now() + interval '1 hour', now() - interval '1 day', NULL`);
    await token('replaced-old', `now() + interval '1 hour', NULL, now() - interval '10 days'`);
    await token('live', `now() + interval '1 hour', NULL, NULL`);
    const outbox = (schema: string, relayedDaysAgo: number) =>
      app.sql(
        `INSERT INTO ${schema}.outbox (id, queue, name, payload, created_at, relayed_at)
         VALUES (gen_random_uuid(), 'mail', 'send', '{}', now() - interval '30 days', now() - $1 * interval '1 day')`,
        [relayedDaysAgo],
      );
    await outbox('identity', 8);
    await outbox('identity', 6);
    await app.settled();

    const removed = await cleanUp('identity');
    expect(removed).toMatchObject({ 'expired or used e-mail tokens': 3, 'relayed outbox rows': 1 });
    const left = await app.sql<{ token_hash: string }>(
      `SELECT token_hash FROM identity.user_tokens WHERE user_id = $1 AND purpose = 'reset-password' ORDER BY token_hash`,
      [userId],
    );
    expect(left.map((row) => row.token_hash.replace('hash-', '').replace(`-${userId}`, ''))).toEqual([
      'expired-recent',
      'live',
      'used-recent',
    ]);
    const [{ old }] = await app.sql<{ old: number }>(
      `SELECT count(*)::int AS old FROM identity.outbox WHERE relayed_at < now() - interval '7 days'`,
    );
    expect(old).toBe(0);
    // The verification token of the registration is live: untouched.
    const [{ verify }] = await app.sql<{ verify: number }>(
      `SELECT count(*)::int AS verify FROM identity.user_tokens WHERE user_id = $1 AND purpose = 'verify-email'`,
      [userId],
    );
    expect(verify).toBe(1);
  });

  it('removes failed jobs 30 days after they failed, and keeps the younger ones for the staff to see and retry', async () => {
    const mail = queue('mail');
    // Jobs the mail worker fails at once (an unknown job name is not retried), holding an address as real ones do.
    const failedJob = async (label: string, options: { removeOnFail?: false } = {}) => {
      const job = await mail.add('unknown', { to: uniqueEmail(label) }, { attempts: 1, ...options });
      const deadline = Date.now() + 20_000;
      while ((await job.getState()) !== 'failed') {
        if (Date.now() > deadline) throw new Error(`job ${job.id} did not fail`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return job;
    };
    // As jobs added before the retention was set were: with nothing that would ever remove them.
    const old = await failedJob('failed-old', { removeOnFail: false });
    const recent = await failedJob('failed-recent');
    // As if the first had failed 31 days ago and the second 29 (the failed set is scored by finish time).
    await redis.zadd(`${app.gateway.env.REDIS_PREFIX}:mail:failed`, Date.now() - 31 * DAY_MS, old.id!);
    await redis.zadd(`${app.gateway.env.REDIS_PREFIX}:mail:failed`, Date.now() - 29 * DAY_MS, recent.id!);

    expect(await cleanUp('notifications')).toMatchObject({ 'failed jobs': 1 });
    expect(await mail.getJob(old.id!)).toBeUndefined();
    expect(await recent.getState()).toBe('failed');
    expect(await cleanUp('notifications')).toMatchObject({ 'failed jobs': 0 });
  });

  it('notifications removes completed jobs, delivery records and outbox rows past the retention, and long-past reminders', async () => {
    await register(app.call, uniqueEmail('second'));
    await app.settled();
    const mail = queue('mail');
    const completed = await mail.getCompleted();
    expect(completed.length).toBeGreaterThanOrEqual(2);
    const [old, recent] = completed;
    // As if the first had finished 8 days ago (the completed set is scored by finish time).
    await redis.zadd(`${app.gateway.env.REDIS_PREFIX}:mail:completed`, Date.now() - 8 * DAY_MS, old.id!);

    await app.sql(
      `INSERT INTO notifications.mail_deliveries (job_id, message_id, transport, delivered_at)
       VALUES ('old-job', 'old@portal', 'file', now() - interval '8 days'), ('new-job', 'new@portal', 'file', now())`,
    );
    await app.sql(
      `INSERT INTO notifications.outbox (id, queue, name, payload, created_at, relayed_at)
       VALUES (gen_random_uuid(), 'mail', 'send', '{}', now() - interval '9 days', now() - interval '8 days'),
              (gen_random_uuid(), 'mail', 'send', '{}', now() - interval '2 days', now() - interval '2 days')`,
    );
    const [{ id: subscription }] = await app.sql<{ id: string }>(
      `INSERT INTO notifications.deadline_subscriptions (email, unsubscribe_token_hash) VALUES ($1, $2) RETURNING id`,
      [uniqueEmail('reminded'), `hash-${Date.now()}`],
    );
    const reminder = (deadline: string, hash: string) =>
      app.sql(
        `INSERT INTO notifications.deadline_reminders
           (subscription_id, filing_id, deadline_date, days_before, run_for, unsubscribe_token_hash)
         VALUES ($1, gen_random_uuid(), $2::date, 7, $2::date - 7, $3)`,
        [subscription, deadline, hash],
      );
    const today = new Date();
    const daysAgo = (days: number) => new Date(today.getTime() - days * DAY_MS).toISOString().slice(0, 10);
    await reminder(daysAgo(400), 'reminder-old');
    await reminder(daysAgo(300), 'reminder-kept');

    const removed = await cleanUp('notifications');
    expect(removed).toMatchObject({
      'relayed outbox rows': 1,
      'completed jobs': 1,
      'mail delivery records': 1,
      'reminders of long-past deadlines': 1,
    });
    expect(await mail.getJob(old.id!)).toBeUndefined();
    expect(await mail.getJob(recent.id!)).toBeDefined();
    expect(
      (
        await app.sql<{ job_id: string }>(`SELECT job_id FROM notifications.mail_deliveries WHERE job_id LIKE '%-job'`)
      ).map((row) => row.job_id),
    ).toEqual(['new-job']);
    expect(
      (
        await app.sql<{ unsubscribe_token_hash: string }>(
          `SELECT unsubscribe_token_hash FROM notifications.deadline_reminders WHERE subscription_id = $1`,
          [subscription],
        )
      ).map((row) => row.unsubscribe_token_hash),
    ).toEqual(['reminder-kept']);

    // Nothing left past the retention: a second run removes nothing.
    expect(await cleanUp('notifications')).toMatchObject({
      'relayed outbox rows': 0,
      'completed jobs': 0,
      'mail delivery records': 0,
      'reminders of long-past deadlines': 0,
    });
  });
});
