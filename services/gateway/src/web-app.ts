import fastifyStatic from '@fastify/static';
import escapeHtml from 'escape-html';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QUEUE_DASHBOARD_PATH } from './queue-dashboard/queue-dashboard-sessions';

const HASHED_ASSET = /\/assets\//;
/** Paths that are never pages of the web app. */
const NOT_PAGES = new RegExp(`^/(api|dev|${QUEUE_DASHBOARD_PATH.slice(1)})(/|$)`);
/** The app shell: every page that is not prerendered starts from it (web/scripts/prerender.mjs). */
const APP_SHELL = 'app.html';
/** What the prerender writes where an absolute URL of the site belongs (canonical links, the sitemap). */
const APP_URL_PLACEHOLDER = /__APP_URL__/g;
/** Files the build writes with the placeholder, besides the prerendered pages; served from memory too. */
const SITE_FILES: Record<string, string> = {
  'sitemap.xml': 'application/xml; charset=utf-8',
  'robots.txt': 'text/plain; charset=utf-8',
};

interface SiteFile {
  body: Buffer;
  type: string;
  etag: string;
}

/**
 * Serves web/dist: hashed assets cached for a year; the prerendered pages (dist/<path>/index.html),
 * sitemap.xml and robots.txt from memory with `appUrl` in their absolute URLs, and the app shell,
 * always revalidated (no-cache, with an ETag).
 */
export async function registerWebApp(app: NestFastifyApplication, webDist: string, appUrl: string): Promise<boolean> {
  const fastify = app.getHttpAdapter().getInstance();
  if (!existsSync(join(webDist, APP_SHELL))) {
    fastify.log.warn({ webDist }, 'web app not built: run `npm run build:web`');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // HTML and the site files are served below; the SSR build is removed after prerendering.
    globIgnore: ['**/*.html', ...Object.keys(SITE_FILES)],
    cacheControl: false,
    setHeaders: (reply, path) => {
      void reply.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  for (const [path, file] of siteFiles(webDist, appUrl)) {
    fastify.get(path, (request, reply) => {
      void reply.header('cache-control', 'no-cache').header('etag', file.etag).type(file.type);
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      return reply.send(file.body);
    });
  }
  return true;
}

/** URL path → file: each prerendered page and site file, read once, with `appUrl` in place of the placeholder. */
export function siteFiles(webDist: string, appUrl: string): Map<string, SiteFile> {
  const files = new Map<string, SiteFile>();
  const add = (path: string, file: string, type: string) => {
    const body = Buffer.from(readFileSync(file, 'utf8').replace(APP_URL_PLACEHOLDER, () => escapeHtml(appUrl)));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    files.set(path, { body, type, etag });
  };
  for (const page of prerenderedPages(webDist)) {
    const path = `/${relative(webDist, page).split(sep).slice(0, -1).join('/')}`;
    add(path, page, 'text/html; charset=utf-8');
  }
  for (const [name, type] of Object.entries(SITE_FILES)) {
    if (existsSync(join(webDist, name))) add(`/${name}`, join(webDist, name), type);
  }
  return files;
}

function prerenderedPages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return entry.name.startsWith('.') || entry.name === 'assets' ? [] : prerenderedPages(join(dir, entry.name));
    return entry.name === 'index.html' ? [join(dir, entry.name)] : [];
  });
}

/**
 * History fallback: a GET for a page path that is neither a file nor prerendered (a deep link such as
 * /profile) gets the app shell and the router takes over. API, dev-tool and queue dashboard paths keep
 * their JSON 404.
 */
export function historyFallback(request: FastifyRequest, reply: FastifyReply): boolean {
  const path = request.url.split('?')[0];
  const isPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_PAGES.test(path);
  if (!isPage || !reply.sendFile) return false;
  void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(APP_SHELL);
  return true;
}
