import { Controller, Get, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Public } from '@portal/auth';
import { loadConfig } from '@portal/config';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpApp } from './http-app';

@Public()
@Controller('probe')
class ProbeController {
  @Get()
  get() {
    return { ok: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'an-api-docs-test-secret-of-32-characters',
  DATABASE_URL: 'postgres://127.0.0.1:1/none',
  REDIS_URL: 'redis://127.0.0.1:1',
  APP_URL: 'https://portal.example.com',
  METRICS_TOKEN: 'prometheus-scrape-token-0123456789',
  TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
};

const env = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-api-docs-')),
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'an-api-docs-test-secret-of-32-characters',
  ...extra,
});

describe('API_DOCS', () => {
  it('defaults to on in development and test, off in production; true and false override', () => {
    expect(loadConfig(env({})).apiDocs).toBe(true);
    expect(loadConfig(env({ NODE_ENV: 'test' })).apiDocs).toBe(true);
    expect(loadConfig(env(PRODUCTION)).apiDocs).toBe(false);
    expect(loadConfig(env({ ...PRODUCTION, API_DOCS: 'true' })).apiDocs).toBe(true);
    expect(loadConfig(env({ API_DOCS: 'false' })).apiDocs).toBe(false);
  });

  it('names a wrong value', () => {
    expect(() => loadConfig(env({ API_DOCS: 'sometimes' }))).toThrow(
      'Invalid configuration: API_DOCS must be true or false (got "sometimes")',
    );
  });

  describe.each([
    ['production without API_DOCS', PRODUCTION, false],
    ['production with API_DOCS=true', { ...PRODUCTION, API_DOCS: 'true' }, true],
    ['development', {}, true],
    ['development with API_DOCS=false', { API_DOCS: 'false' }, false],
  ])('%s', (_name, settings, served) => {
    let app: NestFastifyApplication;

    beforeAll(async () => {
      app = await createHttpApp(ProbeModule, { processName: 'test', config: loadConfig(env(settings)) });
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
    });

    afterAll(async () => {
      await app.close();
    });

    it(served ? 'serves /api/docs and /api/docs/json' : 'answers 404 at /api/docs and /api/docs/json', async () => {
      const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
      const ui = await app.inject({ method: 'GET', url: '/api/docs' });
      if (served) {
        expect(document.statusCode).toBe(200);
        expect(document.json<{ paths: Record<string, unknown> }>().paths).toHaveProperty(['/api/probe']);
        expect(ui.statusCode).toBe(200);
      } else {
        expect(document.statusCode).toBe(404);
        expect(document.json()).toEqual({ detail: 'Not found: GET /api/docs/json' });
        expect(ui.statusCode).toBe(404);
      }
      expect((await app.inject({ method: 'GET', url: '/api/probe' })).statusCode).toBe(200);
    });
  });
});
