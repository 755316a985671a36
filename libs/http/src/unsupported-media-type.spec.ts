import { Body, Controller, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Public } from '@portal/auth';
import { loadConfig } from '@portal/config';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpApp } from './http-app';

@Public()
@Controller('echo')
class EchoController {
  @Post()
  echo(@Body() body: unknown) {
    return { body };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

describe('a body of a type no route reads', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-media-type-')),
      JWT_SECRET: 'a-media-type-test-secret-of-32-characters',
      LOG_LEVEL: 'silent',
    });
    app = await createHttpApp(EchoModule, { processName: 'test', config });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());

  it('is refused with 415 and a detail that names the type and what is read', async () => {
    for (const type of ['application/octet-stream', 'text/csv; charset=utf-8']) {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': type },
        payload: 'x',
      });
      expect(reply.statusCode).toBe(415);
      expect(reply.json()).toEqual({
        detail: `A request body of type ${type.split(';')[0]} is not accepted: send JSON (application/json), a form (application/x-www-form-urlencoded) or, to upload a file, multipart/form-data.`,
      });
    }
    const json = await app.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } });
    expect(json.json()).toEqual({ body: { a: 1 } });
  });
});
