import type { AppConfig } from '@portal/config';
import { startFakeStripe } from '../../libs/fake-stripe/src';

export interface LocalPayments {
  /** The gateway's Stripe settings: keys, API base, Stripe.js and the webhook secret of the fake. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Payments for `npm start` in development without Stripe keys: a fake Stripe in this process (its API,
 * its stand-in Stripe.js, signed webhooks to the gateway's /api/webhooks/stripe), so every purchase flow
 * works on a fresh clone with no account anywhere. Its data lives in memory: a restart starts it empty.
 * With any STRIPE_* key set (or in production) nothing starts: the configuration decides.
 */
export async function startLocalPayments(
  config: AppConfig,
  log: (line: string) => void,
): Promise<LocalPayments | undefined> {
  const configured = [
    config.STRIPE_SECRET_KEY,
    config.STRIPE_PUBLISHABLE_KEY,
    config.STRIPE_WEBHOOK_SECRET,
    config.STRIPE_API_BASE,
    config.STRIPE_JS_URL,
  ];
  if (config.isProduction || configured.some(Boolean)) return undefined;
  const fake = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${config.PORT}/api/webhooks/stripe` });
  log(`payments: test mode with a local fake Stripe on ${fake.url} (no real charges; card 4242 4242 4242 4242)`);
  return {
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE: fake.url,
      STRIPE_JS_URL: fake.stripeJsUrl,
    },
    stop: () => fake.stop(),
  };
}
