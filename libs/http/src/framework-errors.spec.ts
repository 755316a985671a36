import { Controller, Get, Module, Param } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Public } from '@portal/auth';
import { startControllerApp } from '@portal/testing';
import { MAX_PARAM_LENGTH } from './framework-errors';

describe("the router's own refusals (before any route)", () => {
  @Public()
  @Controller('things')
  class ThingsController {
    @Get(':area/:name')
    pathOf(@Param('area') area: string, @Param('name') name: string) {
      return { path: `${area}/${name}` };
    }
  }
  @Module({ controllers: [ThingsController] })
  class ThingsModule {}

  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await startControllerApp(ThingsModule, 'a-framework-errors-test-secret-of-32-chars');
  });
  afterAll(() => app.close());

  it('answers a path parameter over the limit with 414 and a detail', async () => {
    const reply = await app.inject({ method: 'GET', url: `/api/things/forms/${'a'.repeat(MAX_PARAM_LENGTH + 1)}` });
    expect(reply.statusCode).toBe(414);
    expect(reply.json()).toEqual({
      detail: `A part of the request path is too long (at most ${MAX_PARAM_LENGTH} characters).`,
    });
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    const fits = await app.inject({ method: 'GET', url: `/api/things/forms/${'a'.repeat(MAX_PARAM_LENGTH)}` });
    expect(fits.statusCode).toBe(200);
  });

  it('answers a malformed %-encoding with 400 and a detail', async () => {
    const reply = await app.inject({ method: 'GET', url: '/api/things/forms/%E0%A4%A' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ detail: 'The request path is not valid: it has a malformed %-encoding.' });
  });
});
