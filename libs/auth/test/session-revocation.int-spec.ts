import { Controller, Get, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigModule, loadConfig } from '@portal/config';
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
});
