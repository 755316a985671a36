import { Controller, Get, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, ConfigModule, loadConfig } from '@portal/config';
import type { SharedPool } from '@portal/database';
import { RedisConnections } from '@portal/events';
import { createHttpApp } from '@portal/http';
import { issueTestToken, tempDataDir } from '@portal/testing';
import { randomUUID } from 'node:crypto';
import { AuthModule } from '../src/auth.module';
import { SessionRevocation } from '../src/session-revocation';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';

@Controller('probe')
class ProbeController {
  @Get()
  probe() {
    return { ok: true };
  }
}

@Module({ imports: [ConfigModule, AuthModule], controllers: [ProbeController] })
class ProbeModule {}

describe('session revocation (Redis, shared by every service)', () => {
  let app: NestFastifyApplication;
  const data = tempDataDir();
  const probe = (token: string) =>
    app.inject({ method: 'GET', url: '/api/probe', headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    Object.assign(process.env, { JWT_SECRET: SECRET, LOG_LEVEL: 'warn', DATA_DIR: data.dir });
    app = await createHttpApp(ProbeModule, { processName: 'test', config: loadConfig() });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    data.remove();
  });

  it('refuses tokens of an older session version once a new one is published, and only those', async () => {
    const userId = randomUUID();
    const other = randomUUID();
    const before = issueTestToken(SECRET, { sub: userId, sv: 0 });
    expect((await probe(before)).statusCode).toBe(200);

    await app.get(SessionRevocation).publish(userId, 1);

    const refused = await probe(before);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Your session has expired. Please sign in again.' });
    expect((await probe(issueTestToken(SECRET, { sub: userId, sv: 1 }))).statusCode).toBe(200);
    expect((await probe(issueTestToken(SECRET, { sub: other, sv: 0 }))).statusCode).toBe(200);
  });

  it('refuses the token of a signed-out session, and only that one', async () => {
    const userId = randomUUID();
    const [ended, other] = [randomUUID(), randomUUID()];
    const endedToken = issueTestToken(SECRET, { sub: userId, sv: 0, sid: ended });
    expect((await probe(endedToken)).statusCode).toBe(200);

    await app.get(SessionRevocation).publishEnded(userId, ended);

    expect((await probe(endedToken)).json()).toEqual({ detail: 'Your session has expired. Please sign in again.' });
    expect((await probe(issueTestToken(SECRET, { sub: userId, sv: 0, sid: other }))).statusCode).toBe(200);
    expect((await probe(issueTestToken(SECRET, { sub: userId, sv: 0 }))).statusCode).toBe(200);
  });

  it('keeps what was published while a guard read Postgres, and then answers from Redis alone for a while', async () => {
    const userId = randomUUID();
    const [ended, working] = [randomUUID(), randomUUID()];
    const published = new SessionRevocation(app.get(AppConfig), app.get(RedisConnections));
    // Postgres answers the state from before a sign-out and a "sign out everywhere" that are
    // committed and published while this guard waits for the answer.
    const query = jest.fn(async () => {
      await published.publishEnded(userId, ended);
      await published.publish(userId, 2);
      return { rows: [{ session_version: 1, ended_sessions: [] }] };
    });
    const guard = new SessionRevocation(app.get(AppConfig), app.get(RedisConnections), {
      pool: { query },
    } as unknown as SharedPool);
    const token = (sessionVersion: number, sessionId: string) => ({ id: userId, sessionVersion, sessionId });

    expect(await guard.isRevoked(token(1, working))).toBe(false);
    query.mockResolvedValue({ rows: [{ session_version: 1, ended_sessions: [] }] });
    expect(await guard.isRevoked(token(1, working))).toBe(true);
    expect(await guard.isRevoked(token(2, ended))).toBe(true);
    expect(await guard.isRevoked(token(2, working))).toBe(false);
    expect(query).toHaveBeenCalledTimes(1);

    const key = `${app.get(AppConfig).REDIS_PREFIX}:auth:session-state:${userId}`;
    const ttl = await app.get(RedisConnections).commands!.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });
});
