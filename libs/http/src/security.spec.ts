import { loadConfig } from '@portal/config';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentSecurityPolicy, securityHeaders } from './security';

const config = (env: NodeJS.ProcessEnv = {}) =>
  loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-csp-')), ...env });

const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_x1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x1',
  STRIPE_WEBHOOK_SECRET: 'whsec_x1',
};

describe('contentSecurityPolicy', () => {
  it('allows only our own origin when no third party is configured', () => {
    const policy = contentSecurityPolicy(config());
    expect(policy.scriptSrc).toEqual(["'self'"]);
    expect(policy.frameSrc).toEqual(["'self'"]);
    expect(policy.connectSrc).toEqual(["'self'"]);
    expect(policy.objectSrc).toEqual(["'none'"]);
  });

  it('adds exactly the origins of the configured third parties', () => {
    const policy = contentSecurityPolicy(
      config({
        ...STRIPE_KEYS,
        VITE_CHAT_WIDGET_URL: 'https://chat.example.com/widget.js?id=1',
        VITE_REVIEW_BADGE_URL: 'https://reviews.example.org/badge/123',
        VITE_CURRENCY_CONVERTER_URL: 'https://fx.example.net/embed',
      }),
    );
    expect(policy.scriptSrc).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://chat.example.com',
    ]);
    expect(policy.frameSrc).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
      'https://chat.example.com',
      'https://reviews.example.org',
      'https://fx.example.net',
    ]);
    expect(policy.connectSrc).toEqual(["'self'", 'https://api.stripe.com', 'https://chat.example.com']);
  });

  it('allows a stand-in Stripe.js (the fake Stripe) by its configured origins, and nothing of Stripe without keys', () => {
    const fake = contentSecurityPolicy(
      config({
        ...STRIPE_KEYS,
        STRIPE_API_BASE: 'http://127.0.0.1:4010',
        STRIPE_JS_URL: 'http://127.0.0.1:4010/v3/stripe.js',
      }),
    );
    expect(fake.scriptSrc).toEqual(["'self'", 'http://127.0.0.1:4010']);
    expect(fake.frameSrc).toEqual(["'self'", 'http://127.0.0.1:4010']);
    expect(fake.connectSrc).toEqual(["'self'", 'http://127.0.0.1:4010']);
    const keysMissing = contentSecurityPolicy(config({ STRIPE_JS_URL: 'http://127.0.0.1:4010/v3/stripe.js' }));
    expect(keysMissing.scriptSrc).toEqual(["'self'"]);
  });

  it('allows Stripe.js with the publishable key alone: the gateway of split mode serves the pages that pay through billing', () => {
    const gateway = contentSecurityPolicy(config({ STRIPE_PUBLISHABLE_KEY: STRIPE_KEYS.STRIPE_PUBLISHABLE_KEY }));
    expect(gateway).toEqual(contentSecurityPolicy(config(STRIPE_KEYS)));
    expect(gateway.scriptSrc).toContain('https://js.stripe.com');
  });

  it('refuses a third party that is not https', () => {
    expect(() => config({ VITE_CHAT_WIDGET_URL: 'http://chat.example.com/w.js' })).toThrow(
      'VITE_CHAT_WIDGET_URL must be an https URL',
    );
  });
});

describe('securityHeaders', () => {
  const HELMET_HEADERS = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'x-content-type-options',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];

  it("are Helmet's headers for the policy, the same for every answer", async () => {
    const headers = await securityHeaders(config());
    expect(Object.keys(headers).sort()).toEqual(HELMET_HEADERS);
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
        "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';upgrade-insecure-requests;connect-src 'self';frame-src 'self'",
    );
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('add HSTS in production only, and follow the configured third parties', async () => {
    const production = await securityHeaders(
      config({
        NODE_ENV: 'production',
        JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
        DATABASE_URL: 'postgres://db/portal',
        REDIS_URL: 'redis://cache:6379',
        APP_URL: 'https://portal.example.com',
        METRICS_TOKEN: 'a-metrics-token-of-at-least-32-characters',
        TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
        VITE_CHAT_WIDGET_URL: 'https://chat.example.com/widget.js',
      }),
    );
    expect(production['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(production['content-security-policy']).toContain("script-src 'self' https://chat.example.com");
  });
});
