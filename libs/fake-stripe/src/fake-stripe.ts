import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { advanceClock } from './billing';
import { DisputeOptions, escalateDispute, openDispute } from './disputes';
import { randomToken } from './ids';
import { authenticateIntent } from './intents';
import { ApiRequestLog, FakeStripeHttp } from './server';
import { copy, FakeStripeState } from './state';
import { WebhookDelivery, WebhookDispatcher } from './webhooks';

export interface FakeStripeOptions {
  /** Default: a free port. */
  port?: number;
  /** Default: 127.0.0.1. */
  host?: string;
  /** Where events are POSTed, signed with `webhookSecret`. */
  webhookUrl?: string | string[];
  /** Default: a new `whsec_…`. */
  webhookSecret?: string;
  /** Default: new `sk_test_…` / `pk_test_…` keys. */
  secretKey?: string;
  publishableKey?: string;
}

export interface FakeStripe {
  /** Origin of the API, e.g. http://127.0.0.1:41234 (the SDK's host/port/protocol point there). */
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The stand-in Stripe.js, to load with a script tag instead of https://js.stripe.com/v3. */
  stripeJsUrl: string;
  /** Moves time forward, processing trial ends, renewals and cancellations on the way; returns now(). */
  advanceClock(seconds: number): number;
  /** The fake's time in unix seconds (what `created` fields use). */
  now(): number;
  setWebhookUrl(url: string | string[] | null): void;
  /** Resolves when every event recorded so far has been delivered (or has failed to be). */
  waitForWebhooks(): Promise<void>;
  /** Every event so far, oldest first. */
  events(): Stripe.Event[];
  /** Every webhook delivery so far, in order, with the endpoint's status and body. */
  deliveries(): WebhookDelivery[];
  /** Every API request (/v1) so far, oldest first, with the status it was answered. */
  requests(): ApiRequestLog[];
  /** Delivers an event again (to test duplicates and out-of-order arrival). */
  redeliver(eventId: string, url?: string): void;
  /** Completes or fails the 3-D Secure step of an intent in requires_action, as the test page would. */
  authenticate(intentId: string, outcome: 'complete' | 'fail'): void;
  /**
   * The cardholder's bank disputes a succeeded charge (a chargeback, or an inquiry): `charge.dispute.created`
   * (and `charge.dispute.funds_withdrawn` for a chargeback) follow, as after a dispute test card's charge.
   */
  dispute(chargeId: string, options?: DisputeOptions): Stripe.Dispute;
  /** The bank turns an open inquiry into a chargeback: `charge.dispute.updated`, then `funds_withdrawn`. */
  escalateDispute(disputeId: string): Stripe.Dispute;
  /** The official SDK pointed at the fake (secret key unless another key is given). */
  client(key?: string): Stripe;
  stop(): Promise<void>;
}

/** SDK options that point the official `stripe` client at a fake (or any other origin). */
export function stripeClientOptions(url: string): Stripe.StripeConfig {
  const origin = new URL(url);
  return {
    host: origin.hostname,
    port: Number(origin.port) || (origin.protocol === 'https:' ? 443 : 80),
    protocol: origin.protocol === 'https:' ? 'https' : 'http',
    telemetry: false,
  };
}

/**
 * Starts the fake Stripe: an HTTP server speaking the subset of Stripe's API a billing service needs,
 * with Stripe's test cards, a movable clock, events and signed webhooks. Everything is in memory.
 */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_${randomToken(24)}`;
  const publishableKey = options.publishableKey ?? `pk_test_${randomToken(24)}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomToken(32)}`;
  const urls = (value: string | string[] | null | undefined) => (value ? [value].flat() : []);
  let url = '';
  const state = new FakeStripeState(() => url);
  const webhooks = new WebhookDispatcher(urls(options.webhookUrl), webhookSecret);
  state.onEvent((event) => webhooks.enqueue(event));
  const http = new FakeStripeHttp(state, { secretKey, publishableKey });
  const server = createServer((request, response) => void http.handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${host}:${address.port}`;

  return {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    stripeJsUrl: `${url}/v3/stripe.js`,
    advanceClock: (seconds) => advanceClock(state, seconds),
    now: () => state.now(),
    setWebhookUrl: (value) => webhooks.setUrls(urls(value)),
    waitForWebhooks: () => webhooks.idle(),
    events: () => state.events.map(copy),
    deliveries: () => webhooks.deliveries.map((delivery) => ({ ...delivery })),
    requests: () => http.requests.map((request) => ({ ...request })),
    redeliver: (eventId, target) => {
      const event = state.event(eventId);
      if (!event) throw new Error(`No such event: '${eventId}'`);
      webhooks.redeliver(event, target);
    },
    authenticate: (intentId, outcome) => {
      authenticateIntent(state, intentId, outcome);
    },
    dispute: (chargeId, disputeOptions) => copy(openDispute(state, chargeId, disputeOptions)),
    escalateDispute: (disputeId) => copy(escalateDispute(state, disputeId)),
    client: (key = secretKey) => new Stripe(key, stripeClientOptions(url)),
    stop: async () => {
      await webhooks.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
