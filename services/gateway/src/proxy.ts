import fastifyHttpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@portal/config';
import { REQUEST_ID_HEADER } from '@portal/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Route, ROUTE_TABLE } from './route-table';

/**
 * Request headers undici refuses outright, failing the request before a byte is sent: Expect
 * (curl sends `Expect: 100-continue` with a body over 1 MB; this process has already answered it
 * with its own 100 Continue) and the hop-by-hop Keep-Alive and Upgrade, which belong to the
 * client's connection, not to ours. (Connection and Transfer-Encoding the proxy drops itself.)
 */
const UNFORWARDABLE_HEADERS = ['expect', 'keep-alive', 'upgrade'];

/** Hands the request body on as the stream it is (the proxy forwards it as it arrives). */
function passThrough(
  _request: FastifyRequest,
  payload: IncomingMessage,
  done: (error: null, body: IncomingMessage) => void,
) {
  done(null, payload);
}

/**
 * Split topology: forward each prefix of the route table to its service, streaming
 * bodies untouched (Stripe webhooks need the raw bytes, uploads must not be held in
 * memory) and passing the request id on. Answers come back as the service sent them:
 * never re-encoded here (each service compresses its own), so Content-Length,
 * Content-Range and Content-Disposition of downloads pass through unchanged.
 */
export async function registerProxyRoutes(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const missing = [...new Set(ROUTE_TABLE.map((route) => route.service))].filter((s) => !config.upstreamUrl(s));
  if (missing.length) {
    throw new Error(`GATEWAY_MODE=proxy needs ${missing.map((s) => `${s.toUpperCase()}_URL`).join(', ')}`);
  }
  await app.register(async (scope: FastifyInstance) => {
    // The process's multipart parser only marks a request as multipart, leaving the body unread and
    // the proxy nothing to forward: in here a multipart body is forwarded as the stream it is.
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser('multipart/form-data', passThrough);
    for (const route of ROUTE_TABLE) {
      if (route.developmentOnly && config.isProduction) continue;
      await scope.register(fastifyHttpProxy, proxyOptions(route, config.upstreamUrl(route.service)!));
    }
  });
}

function proxyOptions(route: Route, upstream: string): FastifyHttpProxyOptions {
  return {
    upstream,
    prefix: route.prefix,
    rewritePrefix: route.prefix,
    config: { compress: false },
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => {
        const forwarded = { ...headers };
        for (const name of UNFORWARDABLE_HEADERS) delete forwarded[name];
        return {
          ...forwarded,
          [REQUEST_ID_HEADER]: request.id,
          // Services trust only the gateway (TRUST_PROXY=1): hand them the one client address the
          // gateway resolved with its own TRUST_PROXY, overwriting whatever the client sent, so
          // that a made-up X-Forwarded-For entry never becomes a rate-limit key.
          'x-forwarded-for': request.ip,
        };
      },
      onError: (reply, { error }) => {
        reply.log.warn({ err: error, upstream }, 'upstream unavailable');
        void reply
          .code(502)
          .header('content-type', 'application/json')
          .send({ detail: `The ${route.service} service is unavailable. Please try again shortly.` });
      },
    },
  };
}
