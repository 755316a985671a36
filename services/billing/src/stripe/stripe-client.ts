import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import Stripe from 'stripe';
import { MESSAGES } from '../common/messages';

export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

/**
 * The SDK's host, port and protocol for STRIPE_API_BASE (a local Stripe, the fake of `npm start` and the
 * tests); without it the SDK's own (api.stripe.com). Production runs the same code with real keys.
 */
export function stripeHostOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  return {
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  };
}

/** The process's one Stripe client, or null without keys (every payment route then answers 503). */
export function createStripeClient(config: AppConfig): Stripe | null {
  if (!config.paymentsConfigured) return null;
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    ...stripeHostOptions(config.STRIPE_API_BASE),
    // The SDK retries connection errors and 5xx itself, with the same idempotency key on a POST.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'portal-billing' },
  });
}

/** The Stripe client for code that needs one; `api` answers 503 'Payments are not configured.' without keys. */
@Injectable()
export class StripeGateway {
  constructor(
    @Inject(STRIPE_CLIENT) private readonly client: Stripe | null,
    private readonly config: AppConfig,
  ) {}

  get configured(): boolean {
    return this.client !== null;
  }

  get api(): Stripe {
    if (!this.client) throw new ServiceUnavailableException({ detail: MESSAGES.notConfigured });
    return this.client;
  }

  /** Test keys: Stripe's test PaymentMethods (pm_card_visa, ...) are accepted wherever a card id goes. */
  get testMode(): boolean {
    return /^(sk|rk)_test_/.test(this.config.STRIPE_SECRET_KEY ?? '');
  }

  /** Verifies the signature over the exact bytes received and parses the event; throws when it does not match. */
  constructEvent(payload: Buffer, signature: string): Stripe.Event {
    return this.api.webhooks.constructEvent(payload, signature, this.config.STRIPE_WEBHOOK_SECRET!);
  }
}
