import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import { Global, Inject, Injectable, Module, OnApplicationShutdown, Optional, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '@portal/config';
import { DatabasePoolModule, PostgresNotifications, SharedPool } from '@portal/database';
import { RedisConnections, RedisModule } from '@portal/events';
import { FastifyReply, FastifyRequest, LogController } from 'fastify';
import { Logger, LoggerModule } from 'nestjs-pino';
import { HttpExceptionFilter } from './http-exception.filter';
import { answerDirectly, directRoutes } from './direct-route';
import { frameworkErrors, MAX_PARAM_LENGTH } from './framework-errors';
import { createLogger, loggedUrl, ProcessLogger } from './logger';
import { REQUEST_ID_HEADER, requestId } from './request-id';
import { refuseMalformedInput } from './request-input';
import { securityHeaders } from './security';
import { createValidationPipe } from './validation';

export const API_PREFIX = 'api';

/** One structured line per request, when it completes (Fastify's default is two). */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    request.log.info(
      {
        method: request.method,
        url: loggedUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  }
}
/** Paths outside /api that Nest controllers serve (development tools only). */
const NON_API_CONTROLLER_PATHS = ['dev/mail', 'dev/mail/*path'];

/**
 * Closes what the whole process shares (the Redis connections, the Postgres pool and its
 * listening connection). It
 * lives in the root module, whose shutdown hooks Nest runs last: after every worker,
 * queue and data source of the hosted services has closed.
 */
@Injectable()
class ProcessResources implements OnApplicationShutdown {
  constructor(
    private readonly redis: RedisConnections,
    @Optional() @Inject(SharedPool) private readonly pool: SharedPool | null,
    @Optional() @Inject(PostgresNotifications) private readonly notifications: PostgresNotifications | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.close();
    await this.notifications?.close();
    await this.pool?.end();
  }
}

export interface HttpAppOptions {
  /** gateway, or the service name in split mode. */
  processName: string;
  config: AppConfig;
  /** Runs on the Fastify instance before Nest routes are registered (static files, proxies). */
  configure?: (app: NestFastifyApplication) => Promise<void>;
  /** Lets the gateway answer non-API 404s with the web app. */
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean;
}

/**
 * The one way a process builds its HTTP app: Fastify (fast, schema-light, pino built in),
 * request ids, one log line per request, Helmet's headers with a CSP, compression, `/api` prefix,
 * trailing slashes accepted, validated DTOs, `{detail}` errors, OpenAPI at /api/docs (API_DOCS).
 */
export async function createHttpApp(
  rootModule: Type<unknown>,
  options: HttpAppOptions,
): Promise<NestFastifyApplication> {
  const { config } = options;
  const logger = createLogger({
    level: config.LOG_LEVEL,
    service: options.processName,
    pretty: config.NODE_ENV === 'development',
  });
  // nestjs-pino on Fastify's own request logger (useExisting): inside a request, Nest's
  // Logger writes through request.log, so each line carries the request id; outside one,
  // through the same process logger.
  // The configuration this app was built with, for every module (ConfigModule gives the same
  // object in a process; a test's own configuration then reaches the shared plumbing too).
  @Global()
  @Module({ providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] })
  class AppConfigModule {}

  @Module({
    imports: [
      LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true }),
      // What the whole process shares, whatever modules it hosts.
      AppConfigModule,
      RedisModule,
      DatabasePoolModule,
      rootModule,
    ],
    providers: [ProcessResources],
  })
  class HttpRootModule {}

  // Helmet's headers (worked out once) and the request id on every answer, errors and 404s
  // included: one synchronous hook, the cheapest kind Fastify runs, added before Nest adds
  // its middleware runner. A direct route answers right there (see direct-route.ts): the
  // middleware and hooks after it are not for it.
  const headers = await securityHeaders(config);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    logController: new OneLinePerRequest(),
    genReqId: requestId,
    trustProxy: config.TRUST_PROXY,
    // Long path parameters (file paths in the documents service) must not hit Fastify's 100-character default.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // The router's own refusals (before any hook): `{ detail }` like every other error.
    frameworkErrors: frameworkErrors(headers),
    bodyLimit: 1024 * 1024,
    // Without it a request may wait for its body forever (Fastify's requestTimeout of 0 also turns off
    // Node's 300 s one): a client that goes quiet mid-request is cut off, through the gateway too (the
    // gateway's own connection ends, and with it what it forwards).
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
  });
  // Every route of the process, whoever registers it (Nest, the queue dashboard, the API docs, the web
  // app, the proxy), at debug level: the one complete list, read by the hostile-input sweep.
  adapter.getInstance().addHook('onRoute', (route) => {
    logger.debug({ route: { method: route.method, url: route.url } }, 'route registered');
  });
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers).header(REQUEST_ID_HEADER, request.id);
    if (!answerDirectly(request, reply)) done();
  });
  // rawBody: JSON bodies are also kept as the bytes received (request.rawBody): a Stripe webhook's
  // signature is over those exact bytes, never over JSON re-serialised.
  const app = await NestFactory.create<NestFastifyApplication>(HttpRootModule, adapter, {
    bufferLogs: true,
    rawBody: true,
  });
  app.useLogger(new ProcessLogger(app.get(Logger)));

  const fastify = app.getHttpAdapter().getInstance();
  // Before Nest registers its routes and before the compressor looks at them (see direct-route.ts).
  fastify.addHook('onRoute', directRoutes(app));
  // Before any route's own code: text without NUL or unpaired surrogates, bodies of bounded depth.
  fastify.addHook('preValidation', refuseMalformedInput);
  // A route turns compression off with `@RouteConfig({ compress: false })` (file downloads: their
  // Content-Length and byte ranges describe the stored bytes, not a re-encoding). Added before the
  // compress plugin, so this hook runs before the plugin's own. `@RouteConfig({ bodyLimit })` gives a
  // route a body limit of its own, below the process's (Fastify reads it after the onRoute hooks).
  fastify.addHook('onRoute', (route) => {
    const config = route.config as { compress?: unknown; bodyLimit?: unknown } | undefined;
    if (config?.compress === false) route.compress = false;
    if (typeof config?.bodyLimit === 'number') route.bodyLimit = config.bodyLimit;
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  // Multipart bodies are streamed by the route that reads them (request.file()/parts()), never
  // buffered; each upload route passes its own file size limit. These defaults bound the rest.
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40, headerPairs: 100, fileSize: 1024 * 1024 },
  });

  app.setGlobalPrefix(API_PREFIX, { exclude: NON_API_CONTROLLER_PATHS });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter(options.notFoundFallback));
  app.enableShutdownHooks();

  await options.configure?.(app);

  if (config.apiDocs) registerApiDocs(app, options.processName);
  return app;
}

/** OpenAPI generated from the controllers: the UI at /api/docs, the document at /api/docs/json. */
function registerApiDocs(app: NestFastifyApplication, processName: string): void {
  const document = () =>
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Client portal API')
        .setDescription(`Served by ${processName}`)
        .setVersion('1')
        .addBearerAuth()
        .build(),
    );
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, { jsonDocumentUrl: `${API_PREFIX}/docs/json` });
}
