import fastifyHttpProxy from '@fastify/http-proxy';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@portal/config';
import { REQUEST_ID_HEADER } from '@portal/http';
import { ROUTE_TABLE } from './route-table';

/**
 * Split topology: forward each prefix of the route table to its service, streaming
 * bodies untouched (Stripe webhooks need the raw bytes) and passing the request id on.
 */
export async function registerProxyRoutes(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const missing = [...new Set(ROUTE_TABLE.map((route) => route.service))].filter((s) => !config.upstreamUrl(s));
  if (missing.length) {
    throw new Error(`GATEWAY_MODE=proxy needs ${missing.map((s) => `${s.toUpperCase()}_URL`).join(', ')}`);
  }
  for (const route of ROUTE_TABLE) {
    if (route.developmentOnly && config.isProduction) continue;
    const upstream = config.upstreamUrl(route.service)!;
    await app.register(fastifyHttpProxy, {
      upstream,
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          [REQUEST_ID_HEADER]: request.id,
          // Services trust only the gateway (TRUST_PROXY=1): hand them the one client address the
          // gateway resolved with its own TRUST_PROXY, overwriting whatever the client sent, so
          // that a made-up X-Forwarded-For entry never becomes a rate-limit key.
          'x-forwarded-for': request.ip,
        }),
        onError: (reply, { error }) => {
          reply.log.warn({ err: error, upstream }, 'upstream unavailable');
          void reply
            .code(502)
            .header('content-type', 'application/json')
            .send({ detail: `The ${route.service} service is unavailable. Please try again shortly.` });
        },
      },
    });
  }
}
