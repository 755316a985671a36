import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import fastifyCookie from '@fastify/cookie';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig } from '@portal/config';
import {
  type AuditScope,
  auditScopeOf,
  HOUSEKEEPING_QUEUES,
  QueueName,
  QueueRegistry,
  QUEUES,
  redactSecrets,
} from '@portal/events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { boardErrorPayload, boardRequestProblem } from './board-answers';
import { boardAction, isAllowedChange, recordBoardAction } from './board-audit';
import {
  QUEUE_DASHBOARD_COOKIE,
  QUEUE_DASHBOARD_MESSAGES,
  QUEUE_DASHBOARD_PATH,
  QueueDashboardSessions,
} from './queue-dashboard-sessions';

const DESCRIPTIONS: Record<QueueName, string> = {
  [QUEUES.mail]: 'E-mails to clients and staff, sent by the notifications worker',
  [QUEUES.stripeEvents]: 'Stripe webhook events, applied by the billing worker',
  [QUEUES.deadlineAlerts]: 'Scans for due filings that fan out deadline reminder mails',
  [QUEUES.audit]: 'Audit entries of every service, written into the append-only audit log by identity',
  [QUEUES.passwordReset]: 'Forgot-password requests, answered with a reset mail by the identity worker',
  ...(Object.fromEntries(
    Object.entries(HOUSEKEEPING_QUEUES).map(([service, queue]) => [
      queue,
      `Daily clean-up of the ${service} service's expired and old rows`,
    ]),
  ) as Record<(typeof HOUSEKEEPING_QUEUES)[keyof typeof HOUSEKEEPING_QUEUES], string>),
};

/**
 * The board's own policy: everything from our origin, nothing else (its page links a web
 * font from Google, which is simply not loaded). Inline styles are the board's markup.
 */
export function queueDashboardCsp(production: boolean): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(production ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Bull Board for every queue at /queues (UI, its static files and its JSON API), for admins
 * only: each request needs the cookie of a dashboard session (see QueueDashboardSessions),
 * checked before anything of the board runs. Register before the web app's static files:
 * both register @fastify/static, whose reply decorator may only be added once per context chain.
 */
export async function registerQueueDashboard(app: NestFastifyApplication): Promise<void> {
  const registry = app.get(QueueRegistry);
  const sessions = app.get(QueueDashboardSessions);
  const config = app.get(AppConfig);
  if (!registry.available) return;

  const board = new BullBoardFastifyAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: registry.all().map((queue) => {
      const adapter = new BullMQAdapter(queue, { description: DESCRIPTIONS[queue.name as QueueName] });
      adapter.setFormatter('data', redactSecrets);
      return adapter;
    }),
    serverAdapter: board,
    options: {
      uiConfig: {
        boardTitle: 'Queues',
        hideDocsLink: true,
        miscLinks: [{ text: 'Admin panel', url: '/admin' }],
      },
    },
  });
  const csp = queueDashboardCsp(config.isProduction);
  const audit = registry.get(QUEUES.audit);
  // The admin behind each admitted request, for the audit entry of a change it makes.
  const scopes = new WeakMap<FastifyRequest, AuditScope>();

  await app.register(
    async (scope: FastifyInstance) => {
      // Only here: its hooks would otherwise run on every request of the app (the session endpoint
      // under /api writes its cookie without it).
      await scope.register(fastifyCookie);
      scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        const refusal =
          !SAFE_METHODS.has(request.method) && isCrossSite(request)
            ? { status: 403, detail: QUEUE_DASHBOARD_MESSAGES.crossSite }
            : ((await sessions.refusal(request.cookies[QUEUE_DASHBOARD_COOKIE])) ??
              (refusedChange(request) ? { status: 403, detail: QUEUE_DASHBOARD_MESSAGES.changeRefused } : undefined));
        if (refusal) {
          return reply
            .code(refusal.status)
            .header('cache-control', 'no-store')
            .type('application/json; charset=utf-8')
            .send({ detail: refusal.detail });
        }
        const admin = sessions.admin(request.cookies[QUEUE_DASHBOARD_COOKIE]!);
        scopes.set(request, auditScopeOf({ ip: request.ip, id: request.id, user: admin }));
      });
      scope.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
        const problem = boardRequestProblem(boardRoute(request), request.params, request.query);
        if (problem) return reply.code(400).header('cache-control', 'no-store').send({ detail: problem });
      });
      scope.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const done = boardAction(
          request.method,
          boardRoute(request),
          request.params as Record<string, string>,
          reply.statusCode,
        );
        const admin = scopes.get(request);
        if (done && admin) {
          // The change is made; an entry that cannot be written is logged, not turned into an error.
          await recordBoardAction(audit, admin, done).catch((error: Error) =>
            request.log.error(`audit entry of ${done.action} ${done.target} not written: ${error.message}`),
          );
        }
        void reply.header('content-security-policy', csp);
        // Hashed static files may be kept by this browser; pages and API answers never.
        const isStatic = request.url.startsWith(`${QUEUE_DASHBOARD_PATH}/static/`);
        void reply.header('cache-control', isStatic && reply.statusCode === 200 ? 'private, max-age=3600' : 'no-store');
        const json = String(reply.getHeader('content-type') ?? '').includes('json');
        if (reply.statusCode >= 400 && json && typeof payload === 'string') {
          return boardErrorPayload(reply.statusCode, payload, (cause) =>
            request.log.error(`queue dashboard answered ${reply.statusCode}: ${cause}`),
          );
        }
        return payload;
      });
      scope.setNotFoundHandler(async (request, reply) =>
        reply.code(404).send({ detail: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
      );
      await scope.register(board.registerPlugin());
    },
    { prefix: QUEUE_DASHBOARD_PATH },
  );
}

/** The board's route pattern of a request, relative to QUEUE_DASHBOARD_PATH (as @bull-board/api declares it). */
const boardRoute = (request: FastifyRequest) => request.routeOptions.url?.slice(QUEUE_DASHBOARD_PATH.length) ?? '';

/** A change the board may not make (isAllowedChange); reads always pass. */
function refusedChange(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  return !isAllowedChange(request.method, boardRoute(request));
}

/**
 * A change requested by another site (SameSite=Strict already withholds the cookie from
 * cross-site requests; this also covers sibling subdomains, which count as the same site).
 */
function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return typeof site === 'string' && site !== 'same-origin';
}
