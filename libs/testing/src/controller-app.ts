import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '@portal/config';
import { createHttpApp } from '@portal/http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The app a service's controller specs call: `module`'s controllers on the real HTTP stack (guards,
 * pipes, filters, OpenAPI) with tokens signed by `secret`, and neither Redis (no revocation list) nor
 * Postgres (no session versions to read): the token alone decides who may call what. `env` adds settings
 * (a Stripe key, say) for the app being made.
 */
export async function startControllerApp(
  module: Type<unknown>,
  secret: string,
  env: Record<string, string> = {},
): Promise<NestFastifyApplication> {
  process.env.JWT_SECRET = secret;
  process.env.LOG_LEVEL = 'warn';
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'portal-controllers-'));
  delete process.env.REDIS_URL;
  delete process.env.DATABASE_URL;
  Object.assign(process.env, env);
  const app = await createHttpApp(module, { processName: 'test', config: loadConfig() });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

export interface RouteCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Sent as JSON. */
  body?: object;
}

/** Calls one route of a controller app, with a bearer token when one is given. */
export function callRoute(app: NestFastifyApplication, route: RouteCall, token?: string) {
  return app.inject({
    method: route.method,
    url: route.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(route.body ? { payload: route.body } : {}),
  });
}
