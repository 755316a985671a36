import {
  CallHandler,
  Controller,
  ExecutionContext,
  Get,
  Global,
  Injectable,
  MiddlewareConsumer,
  Module,
  NestInterceptor,
  NestModule,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule, Public } from '@portal/auth';
import { AppConfig, loadConfig } from '@portal/config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Observable } from 'rxjs';
import { DirectRoute, sendDetail } from './direct-route';
import { createHttpApp } from './http-app';
import { MetricsController } from './metrics.controller';
import { ProcessMetrics } from './process-metrics';
import { REQUEST_ID_HEADER } from './request-id';

/** What Nest's pipeline ran: the middleware and a global interceptor count each request. */
const seen = { middleware: 0, interceptor: 0 };

@Injectable()
class CountingInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    seen.interceptor += 1;
    return next.handle();
  }
}

@Public()
@Controller('probe')
class ProbeController {
  @Get('direct')
  @DirectRoute()
  direct(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return reply.header('cache-control', 'public, max-age=60').send({ via: 'direct', id: request.id });
  }

  @Get('missing')
  @DirectRoute()
  missing(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return sendDetail(reply, 404, 'Probe not found');
  }

  @Get('nest')
  nest() {
    return { via: 'nest' };
  }
}

@Controller('private')
class PrivateController {
  @Get()
  @DirectRoute()
  read(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return reply.send({});
  }
}

const config = loadConfig({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-direct-')),
  JWT_SECRET: 'a-direct-route-test-secret-of-32-chars',
  LOG_LEVEL: 'warn',
});

@Global()
@Module({ providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] })
class TestConfigModule {}

async function startApp(controllers: Array<new () => unknown>): Promise<NestFastifyApplication> {
  @Module({
    imports: [TestConfigModule, AuthModule],
    controllers: [...controllers, MetricsController],
    providers: [ProcessMetrics, { provide: APP_INTERCEPTOR, useClass: CountingInterceptor }],
  })
  class TestModule implements NestModule {
    configure(consumer: MiddlewareConsumer) {
      consumer
        .apply((_request: unknown, _response: unknown, next: () => void) => {
          seen.middleware += 1;
          next();
        })
        .forRoutes('*');
    }
  }
  const app = await createHttpApp(TestModule, { processName: 'test', config });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('@DirectRoute()', () => {
  let app: NestFastifyApplication;
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    app = await startApp([ProbeController]);
  });
  afterAll(() => app.close());

  it("answers with the method as a Fastify handler, skipping Nest's middleware, guards and interceptors", async () => {
    const before = { ...seen };
    const response = await get('/api/probe/direct/', { authorization: 'Bearer not-a-token' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ via: 'direct', id: response.headers[REQUEST_ID_HEADER] });
    expect(seen).toEqual(before);

    // A Nest route of the same app runs all of it (and the guard refuses nothing on a public route).
    expect((await get('/api/probe/nest')).json()).toEqual({ via: 'nest' });
    expect(seen).toEqual({ middleware: before.middleware + 1, interceptor: before.interceptor + 1 });
  });

  it('sends the headers every answer of the app carries (security headers, request id)', async () => {
    const direct = await get('/api/probe/direct', { [REQUEST_ID_HEADER]: 'probe-1' });
    const nest = await get('/api/probe/nest', { [REQUEST_ID_HEADER]: 'probe-2' });
    const common = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => !['date', 'content-length', 'cache-control', REQUEST_ID_HEADER].includes(name),
        ),
      );
    expect(common(direct.headers)).toEqual(common(nest.headers));
    expect(direct.headers).toMatchObject({
      [REQUEST_ID_HEADER]: 'probe-1',
      'cache-control': 'public, max-age=60',
      'x-frame-options': 'SAMEORIGIN',
      'content-security-policy': expect.stringContaining("default-src 'self'"),
    });
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/api/probe/direct' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(Number(response.headers['content-length'])).toBeGreaterThan(0);
  });

  it('answers errors as the exception filter does: a detail, never cached', async () => {
    const response = await get('/api/probe/missing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Probe not found' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is still measured by route template in the metrics', async () => {
    await get('/api/probe/direct');
    const metrics = (await get('/api/metrics')).body;
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/probe\/direct",status_code="200"\} \d+/,
    );
  });
});

describe('@DirectRoute() on a route that is not @Public()', () => {
  it('stops the app from starting: no guard would run on it', async () => {
    await expect(startApp([PrivateController])).rejects.toThrow(
      '@DirectRoute() PrivateController.read must be @Public(): no guard runs on it',
    );
  });
});
