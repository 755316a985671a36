import fastifyHttpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@portal/config';
import { keepReadingAfterAnswer, REQUEST_ID_HEADER } from '@portal/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { ForwardedBody } from './forwarded-body';
import { Route, ROUTE_TABLE } from './route-table';

/**
 * Request headers undici refuses outright, failing the request before a byte is sent: Expect
 * (curl sends `Expect: 100-continue` with a body over 1 MB; this process has already answered it
 * with its own 100 Continue) and the hop-by-hop Keep-Alive and Upgrade, which belong to the
 * client's connection, not to ours. (Connection and Transfer-Encoding the proxy drops itself.)
 */
const UNFORWARDABLE_HEADERS = ['expect', 'keep-alive', 'upgrade'];

/** Hands each request's body on as a stream, forwarded as it arrives (ForwardedBody says why not the request). */
function forwardedBody(
  _request: FastifyRequest,
  payload: IncomingMessage,
  done: (error: null, body: Readable) => void,
) {
  done(null, new ForwardedBody(payload));
}

/**
 * An answer (the service's, or ours that it is unavailable) given while the client may still be
 * sending its body: what is left of it is no longer forwarded but read and thrown away.
 */
function answerWhileSending(
  request: { raw: object; body: unknown },
  reply: { raw: object; removeHeader(name: string): unknown },
) {
  if (request.body instanceof ForwardedBody) request.body.release();
  // The proxy's hooks are typed for any server; the gateway's is HTTP/1.
  keepReadingAfterAnswer(
    request as { raw: IncomingMessage },
    reply as { raw: ServerResponse; removeHeader(name: string): unknown },
  );
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
    // Every body is forwarded as a stream, never parsed here: the process's multipart parser would
    // only mark a request as multipart, leaving the proxy nothing to forward.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', forwardedBody);
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
    // Bodies are streamed by the parser above.
    proxyPayloads: false,
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
      onResponse: (request, reply, response) => {
        answerWhileSending(request, reply);
        void reply.send(response.stream);
      },
      onError: (reply, { error }) => {
        reply.log.warn({ err: error, upstream }, 'upstream unavailable');
        answerWhileSending(reply.request, reply);
        void reply
          .code(502)
          .header('content-type', 'application/json')
          .send({ detail: `The ${route.service} service is unavailable. Please try again shortly.` });
      },
    },
  };
}
