import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QUEUE_DASHBOARD_PATH } from './queue-dashboard/queue-dashboard-sessions';

const HASHED_ASSET = /\/assets\//;
/** Paths that are never pages of the web app. */
const NOT_PAGES = new RegExp(`^/(api|dev|${QUEUE_DASHBOARD_PATH.slice(1)})(/|$)`);

/** Serves web/dist: hashed assets cached for a year, index.html always revalidated. */
export async function registerWebApp(app: NestFastifyApplication, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.getHttpAdapter().getInstance().log.warn({ webDist }, 'web app not built: run `npm run build:web`');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (reply, path) => {
      void reply.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/**
 * History fallback: a GET for a page path that is not a file (a deep link such as
 * /forms/annual-report) gets index.html and the router takes over. API, dev-tool and
 * queue dashboard paths keep their JSON 404.
 */
export function historyFallback(request: FastifyRequest, reply: FastifyReply): boolean {
  const path = request.url.split('?')[0];
  const isPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_PAGES.test(path);
  if (!isPage || !reply.sendFile) return false;
  void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  return true;
}
