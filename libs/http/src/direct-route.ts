import type { INestApplicationContext, Type } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { IS_PUBLIC } from '@portal/auth';
import type { ErrorReply } from '@portal/contracts';
import type { FastifyContextConfig, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { requestInputProblem } from './request-input';

interface DirectRouteTarget {
  controller: Type<unknown>;
  method: string | symbol;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The controller method of a @DirectRoute() (its Nest route config). */
    'portal:directRoute'?: DirectRouteTarget;
    /** That method, bound: put there by directRoutes(), called by answerDirectly(). */
    'portal:directHandler'?: DirectHandler;
  }
}

/** The signature of a direct route's method: a plain Fastify handler that sends the answer itself. */
export type DirectHandler<Request extends FastifyRequest = FastifyRequest> = (
  request: Request,
  reply: FastifyReply,
) => FastifyReply;

/**
 * Serves a public GET of a Nest controller with the method itself as a plain Fastify
 * handler: the method gets `(request, reply)` and sends the answer. It answers from the
 * app's first request hook, right after the request id and the security headers are set
 * (see answerDirectly): Nest's middleware (the request-scoped logger, through
 * @fastify/middie), its guards, interceptors, pipes, exception filters and response
 * controller, and the later request hooks are skipped — in CPU profiles of a public read
 * they cost several times the answer itself. The hooks of the answer (metrics, the request
 * log line) still run. The route stays a Nest route: one place in the router, documented
 * in OpenAPI like the others.
 *
 * For answers that are ready before the request comes (an in-memory catalog, liveness):
 * nothing is validated, no user is read (the route must be @Public(), checked at start),
 * nothing is logged through Nest's Logger (no request id would be on the line), and the
 * app's compressor leaves the answer alone (the handler sends bytes encoded as it chose).
 */
export function DirectRoute(): MethodDecorator {
  return (target, method, descriptor) => {
    const config: FastifyContextConfig = {
      'portal:directRoute': { controller: target.constructor as Type<unknown>, method },
    };
    RouteConfig(config)(target, method, descriptor);
  };
}

/**
 * The onRoute hook that puts a direct route's method in place of Nest's handler. Added to
 * Fastify before Nest registers its routes and before the compressor's own onRoute hook.
 */
export function directRoutes(app: INestApplicationContext): (route: RouteOptions) => void {
  return (route) => {
    const target = route.config?.['portal:directRoute'];
    if (!target) return;
    const { controller, method } = target;
    const name = `${controller.name}.${String(method)}`;
    const prototype = controller.prototype as Record<string | symbol, unknown>;
    const isPublic =
      Reflect.getMetadata(IS_PUBLIC, prototype[method] as object) ?? Reflect.getMetadata(IS_PUBLIC, controller);
    if (isPublic !== true) throw new Error(`@DirectRoute() ${name} must be @Public(): no guard runs on it`);
    if (route.method !== 'GET' && route.method !== 'HEAD') throw new Error(`@DirectRoute() ${name} must be a GET`);

    const instance = app.get(controller, { strict: false }) as Record<string | symbol, DirectHandler>;
    const handler = instance[method].bind(instance);
    route.handler = (request, reply) => {
      handler(request, reply);
    };
    route.config = { ...route.config, 'portal:directHandler': handler };
    (route as RouteOptions & { compress?: boolean; decompress?: boolean }).compress = false;
    (route as RouteOptions & { compress?: boolean; decompress?: boolean }).decompress = false;
  };
}

/**
 * Answers the request when its route is a direct one (then the caller's hook must not go
 * on); false for any other route.
 */
export function answerDirectly(request: FastifyRequest, reply: FastifyReply): boolean {
  // Optional: a request Fastify could not route (a malformed URL) may have no route config.
  const handler = request.routeOptions.config?.['portal:directHandler'];
  if (!handler) return false;
  // The app's one input rule (request-input.ts) runs in a later hook, which a direct route skips.
  const problem = requestInputProblem(request);
  if (problem) sendDetail(reply, 400, problem);
  else handler(request, reply);
  return true;
}

/** An error answer of a direct route, as HttpExceptionFilter sends one elsewhere: `{ detail }`, never cached. */
export function sendDetail(reply: FastifyReply, status: number, detail: string): FastifyReply {
  const body: ErrorReply = { detail };
  return reply.code(status).header('cache-control', 'no-store').send(body);
}
