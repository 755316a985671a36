import type { AppConfig } from '@portal/config';

/**
 * Content-Security-Policy: our own origin, plus exactly the third parties that are
 * configured (Stripe.js once payments are configured). Later integrations add their
 * origins here, from configuration, never by wildcard.
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const stripe = config.STRIPE_PUBLISHABLE_KEY ? ['https://js.stripe.com'] : [];
  const stripeFrames = config.STRIPE_PUBLISHABLE_KEY ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeApi = config.STRIPE_PUBLISHABLE_KEY ? ['https://api.stripe.com'] : [];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...stripe],
    // React sets style attributes; no inline <script> is ever allowed.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...stripeApi],
    frameSrc: ["'self'", ...stripeFrames],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
  };
}
