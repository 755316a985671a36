import { Controller, Module, Post, Req } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Public } from '@portal/auth';
import { ConfigModule, loadConfig } from '@portal/config';
import { tempDataDir } from '@portal/testing';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createHttpApp } from '../src/http-app';
import { RateLimiter, TooManyRequestsException } from '../src/rate-limiter';

const LIMIT = { name: 'test:attempt', points: 3, durationSeconds: 60 };

@Public()
@Controller('attempt')
class AttemptController {
  constructor(private readonly limiter: RateLimiter) {}

  @Post()
  async attempt(@Req() request: FastifyRequest) {
    await this.limiter.consume(LIMIT, String(request.headers['x-account']));
    return { ok: true };
  }
}

@Module({ imports: [ConfigModule], controllers: [AttemptController], providers: [RateLimiter] })
class AttemptModule {}

describe('RateLimiter (Redis-backed)', () => {
  const apps: NestFastifyApplication[] = [];
  const data = tempDataDir();

  async function start(): Promise<NestFastifyApplication> {
    const app = await createHttpApp(AttemptModule, { processName: 'test', config: loadConfig() });
    await app.init();
    apps.push(app);
    return app;
  }

  beforeAll(() => {
    Object.assign(process.env, { JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'warn', DATA_DIR: data.dir });
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    data.remove();
  });

  it('allows the window’s points, then answers 429 with a detail and Retry-After', async () => {
    const app = await start();
    const account = `user-${randomUUID()}@example.com`;
    const attempt = () => app.inject({ method: 'POST', url: '/api/attempt', headers: { 'x-account': account } });

    for (let i = 0; i < LIMIT.points; i += 1) expect((await attempt()).statusCode).toBe(201);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts across processes (the counter lives in Redis) and per key, case-insensitively', async () => {
    const [first, second] = [await start(), await start()];
    const account = `User-${randomUUID()}@Example.com`;
    const attempt = (app: NestFastifyApplication, key = account) =>
      app.inject({ method: 'POST', url: '/api/attempt', headers: { 'x-account': key } });

    expect((await attempt(first)).statusCode).toBe(201);
    expect((await attempt(second, account.toLowerCase())).statusCode).toBe(201);
    expect((await attempt(first)).statusCode).toBe(201);
    expect((await attempt(second)).statusCode).toBe(429);
    expect((await attempt(second, `other-${randomUUID()}`)).statusCode).toBe(201);
  });

  it('records events without refusing, counts them, and refuses on check once the points are used', async () => {
    const limiter = (await start()).get(RateLimiter);
    const key = `failures-${randomUUID()}`;
    expect(await limiter.count(LIMIT, key)).toBe(0);
    await expect(limiter.check(LIMIT, key)).resolves.toBeUndefined();
    for (let i = 1; i <= LIMIT.points + 1; i += 1) expect(await limiter.record(LIMIT, key)).toBe(i);
    expect(await limiter.count(LIMIT, key)).toBe(LIMIT.points + 1);
    await expect(limiter.check(LIMIT, key)).rejects.toMatchObject({ status: 429 });
    await limiter.reset(LIMIT, key);
    await expect(limiter.check(LIMIT, key)).resolves.toBeUndefined();
  });

  it('gives back one count, which the next record takes again', async () => {
    const limiter = (await start()).get(RateLimiter);
    const key = `refund-${randomUUID()}`;
    for (let i = 1; i <= LIMIT.points; i += 1) await limiter.record(LIMIT, key);
    await expect(limiter.check(LIMIT, key)).rejects.toMatchObject({ status: 429 });
    await limiter.refund(LIMIT, key);
    expect(await limiter.count(LIMIT, key)).toBe(LIMIT.points - 1);
    await expect(limiter.check(LIMIT, key)).resolves.toBeUndefined();
    expect(await limiter.record(LIMIT, key)).toBe(LIMIT.points);
  });

  it('opens a window of the length asked, and counts windows of every length on one counter', async () => {
    const limiter = (await start()).get(RateLimiter);
    const once = { name: 'test:once', points: 1, durationSeconds: 60 };
    const key = `window-${randomUUID()}`;
    await limiter.consume(once, key, 1);
    // The window opened for 1 s refuses the next attempt, whatever length that attempt would open.
    await expect(limiter.consume(once, key, 30)).rejects.toMatchObject({ status: 429, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await limiter.consume(once, key, 30);
    const refused = await limiter.consume(once, key, 1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsException);
    expect((refused as TooManyRequestsException).retryAfterSeconds).toBeGreaterThan(20);
  });
});
