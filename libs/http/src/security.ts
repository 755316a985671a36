import type { AppConfig } from '@portal/config';

const origin = (url: string | undefined): string[] => (url ? [new URL(url).origin] : []);

const STRIPE_JS_ORIGIN = 'https://js.stripe.com';
const STRIPE_API_ORIGIN = 'https://api.stripe.com';

/**
 * What Stripe.js needs once payments are configured: its script's origin (script-src), the frames it
 * opens (card fields, 3-D Secure) and the API it calls (connect-src). Stripe's own script also uses its
 * *.js.stripe.com subdomains and hooks.stripe.com; a stand-in Stripe.js (the fake Stripe of `npm start`
 * and the tests) renders in the page and calls its own origin, the configured STRIPE_API_BASE.
 */
function stripeSources(config: AppConfig): { script: string[]; frame: string[]; connect: string[] } {
  if (!config.paymentsConfigured) return { script: [], frame: [], connect: [] };
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
 * configured — Stripe.js once payments are, the chat widget (a script that may open
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
