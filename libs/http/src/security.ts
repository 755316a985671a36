import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { AppConfig } from '@portal/config';
import Fastify from 'fastify';

const origin = (url: string | undefined): string[] => (url ? [new URL(url).origin] : []);

const STRIPE_JS_ORIGIN = 'https://js.stripe.com';
const STRIPE_API_ORIGIN = 'https://api.stripe.com';

/**
 * What Stripe.js needs once the publishable key is configured (the web app loads Stripe.js with it;
 * the gateway in split mode has only that key, billing has the secret ones): its script's origin (script-src), the frames it
 * opens (card fields, 3-D Secure) and the API it calls (connect-src). Stripe's own script also uses its
 * *.js.stripe.com subdomains and hooks.stripe.com; a stand-in Stripe.js (the fake Stripe of `npm start`
 * and the tests) renders in the page and calls its own origin, the configured STRIPE_API_BASE.
 */
function stripeSources(config: AppConfig): { script: string[]; frame: string[]; connect: string[] } {
  if (!config.STRIPE_PUBLISHABLE_KEY) return { script: [], frame: [], connect: [] };
  const js = new URL(config.stripeJsUrl).origin;
  const api = origin(config.STRIPE_API_BASE);
  if (js === STRIPE_JS_ORIGIN) {
    return {
      script: [js, 'https://*.js.stripe.com'],
      frame: [js, 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connect: [STRIPE_API_ORIGIN, ...api.filter((other) => other !== STRIPE_API_ORIGIN)],
    };
  }
  return { script: [js], frame: [js], connect: [...new Set([js, ...(api.length ? api : [STRIPE_API_ORIGIN])])] };
}

/**
 * Content-Security-Policy: our own origin, plus exactly the third parties that are
 * configured — Stripe.js once its publishable key is, the chat widget (a script that may open
 * frames and calls home), the review badge and the currency converter (framed pages).
 * The web build reads the same VITE_* variables, so what it loads is what is allowed.
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const { script: stripe, frame: stripeFrames, connect: stripeApi } = stripeSources(config);
  const chat = origin(config.VITE_CHAT_WIDGET_URL);
  const framed = [...origin(config.VITE_REVIEW_BADGE_URL), ...origin(config.VITE_CURRENCY_CONVERTER_URL)];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...stripe, ...chat],
    // React sets style attributes; no inline <script> is ever allowed.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...chat],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...stripeApi, ...chat],
    frameSrc: ["'self'", ...stripeFrames, ...chat, ...framed],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** Helmet's settings: the policy above, no COEP (third-party frames), HSTS in production only (local http). */
export function helmetOptions(config: AppConfig): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  };
}

/**
 * The headers Helmet sets with these settings (CSP, X-Frame-Options, ...), worked out once.
 * They depend on the configuration only, never on the request, yet @fastify/helmet builds
 * Helmet's middleware again for every request (parsing the CSP directives each time): in a
 * CPU profile of small public reads that was the largest cost of the app's own code. So a
 * throwaway Fastify app runs the plugin once, and what it added to an empty answer is set
 * on every answer by one hook (see createHttpApp). Helmet stays the source of the values.
 */
export async function securityHeaders(config: AppConfig): Promise<Record<string, string>> {
  const headersOf = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(fastifyHelmet, helmetOptions(config));
    probe.get('/', (_request, reply) => reply.send(''));
    const response = await probe.inject('/');
    await probe.close();
    return response.headers;
  };
  const [plain, helmeted] = await Promise.all([headersOf(false), headersOf(true)]);
  return Object.fromEntries(
    Object.entries(helmeted).flatMap(([name, value]) =>
      plain[name] === undefined && typeof value === 'string' ? [[name, value]] : [],
    ),
  );
}
