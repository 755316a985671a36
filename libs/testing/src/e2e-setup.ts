import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeStripe } from '../../fake-stripe/src';
import { createTestDatabase } from './database';
import globalSetup from './global-setup';
import { startProcess } from './processes';

type Stop = () => Promise<void>;
const state = globalThis as typeof globalThis & { __portalTestStops?: Stop[] };

/**
 * Browser suite: real Postgres and Redis as for integration tests, a fake Stripe, then the
 * built product (gateway, all-in-one, serving web/dist) on a free port with its own database
 * and DATA_DIR, paying through that fake. Tests read E2E_BASE_URL, E2E_DATA_DIR (mail) and E2E_ADMIN_EMAIL /
 * E2E_ADMIN_PASSWORD (an admin created at start, signing in with a second factor of secret
 * TEST_ADMIN_TOTP_SECRET, which startProcess gives it).
 */
export default async function e2eSetup(): Promise<void> {
  await globalSetup();
  const db = await createTestDatabase([]);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const admin = { email: 'admin@e2e.test', password: 'Adm1n!e2e-pass' };
  // Payments go to a fake Stripe (its API, its stand-in Stripe.js, signed webhooks back to the app).
  const stripe = await startFakeStripe();
  const app = await startProcess('gateway', {
    DATABASE_URL: db.url,
    REDIS_URL: process.env.REDIS_URL,
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    // Each browser context and API helper call names its own client address (X-Forwarded-For), as
    // distinct visitors would: per-address limits (sign-ups, sign-ins, forms) of one test never reach another.
    TRUST_PROXY: '1',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    STRIPE_JS_URL: stripe.stripeJsUrl,
  });
  stripe.setWebhookUrl(`${app.baseUrl}/api/webhooks/stripe`);
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ADMIN_EMAIL = admin.email;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  // For tests that set up what no page can (an admin promoted as the admin CLI would).
  process.env.E2E_DATABASE_URL = db.url;
  // The fake's API (its clock, its records) for tests that look behind the pages.
  process.env.E2E_STRIPE_URL = stripe.url;
  process.env.E2E_STRIPE_SECRET_KEY = stripe.secretKey;
  // Teardown runs these in reverse: the app stops before its database is dropped and the fake Stripe.
  state.__portalTestStops!.push(stripe.stop, db.drop, app.stop);
}
