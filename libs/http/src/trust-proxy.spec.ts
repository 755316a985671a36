import { Controller, Get, Ip, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Public } from '@portal/auth';
import { loadConfig } from '@portal/config';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpApp } from './http-app';

/** What rate limits key on: Nest's @Ip(), Fastify's request.ip. */
@Public()
@Controller('whoami')
class WhoAmIController {
  @Get()
  get(@Ip() ip: string) {
    return { ip };
  }
}

@Module({ controllers: [WhoAmIController] })
class WhoAmIModule {}

const LOAD_BALANCER = '10.0.0.5';

describe('TRUST_PROXY decides the client address (the key of per-address rate limits)', () => {
  const apps: NestFastifyApplication[] = [];

  async function clientAddress(trustProxy: string, forwardedFor?: string): Promise<string> {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-trust-proxy-')),
      JWT_SECRET: 'a-trust-proxy-test-secret-of-32-characters',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: trustProxy,
    });
    const app = await createHttpApp(WhoAmIModule, { processName: 'test', config });
    apps.push(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const reply = await app.inject({
      method: 'GET',
      url: '/api/whoami',
      remoteAddress: LOAD_BALANCER,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    return reply.json<{ ip: string }>().ip;
  }

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('with a number of hops, takes the first untrusted address from the right: a made-up entry on the left changes nothing', async () => {
    expect(await clientAddress('1', '203.0.113.9, 198.51.100.20')).toBe('198.51.100.20');
    expect(await clientAddress('1', '198.51.100.20')).toBe('198.51.100.20');
    expect(await clientAddress('2', '203.0.113.9, 198.51.100.20, 10.0.0.4')).toBe('198.51.100.20');
  });

  it('with trusted proxy addresses or ranges, skips those from the right', async () => {
    expect(await clientAddress('10.0.0.0/8', '203.0.113.9, 198.51.100.20, 10.0.0.4')).toBe('198.51.100.20');
    expect(await clientAddress('10.0.0.5', '203.0.113.9, 198.51.100.20')).toBe('198.51.100.20');
    // A socket that is not a trusted proxy is the client, whatever it says.
    expect(await clientAddress('192.168.0.1', '203.0.113.9')).toBe(LOAD_BALANCER);
  });

  it('with false, is the socket address; with true, the leftmost entry (only behind a proxy that overwrites the header)', async () => {
    expect(await clientAddress('false', '203.0.113.9, 198.51.100.20')).toBe(LOAD_BALANCER);
    expect(await clientAddress('true', '203.0.113.9, 198.51.100.20')).toBe('203.0.113.9');
  });
});
