import type { AppConfig } from '@portal/config';

const origin = (url: string | undefined): string[] => (url ? [new URL(url).origin] : []);

/**
 * Content-Security-Policy: our own origin, plus exactly the third parties that are
 * configured — Stripe.js once payments are, the chat widget (a script that may open
 * frames and calls home), the review badge and the currency converter (framed pages).
 * The web build reads the same VITE_* variables, so what it loads is what is allowed.
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const stripe = config.STRIPE_PUBLISHABLE_KEY ? ['https://js.stripe.com'] : [];
  const stripeFrames = config.STRIPE_PUBLISHABLE_KEY ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeApi = config.STRIPE_PUBLISHABLE_KEY ? ['https://api.stripe.com'] : [];
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
