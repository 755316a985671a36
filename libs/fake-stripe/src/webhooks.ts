import { createHmac } from 'node:crypto';
import type { StripeEvent } from './state';

/** One POST of an event to a webhook URL, as the fake recorded it. */
export interface WebhookDelivery {
  eventId: string;
  type: string;
  url: string;
  /** The endpoint's HTTP status, or null when the request itself failed (see `error`). */
  status: number | null;
  responseBody: string;
  error: string | null;
  redelivery: boolean;
}

interface Job {
  event: StripeEvent;
  url: string;
  redelivery: boolean;
}

const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * `Stripe-Signature` exactly as Stripe computes it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`,
 * keyed with the endpoint secret (the whole `whsec_…` string), so `stripe.webhooks.constructEvent` accepts it.
 */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Delivers events to the configured URLs, one at a time, in the order they happened. Delivery starts after
 * the API call that caused the events has answered. Simplification: Stripe retries failed deliveries for
 * up to three days; the fake records the failure and leaves retrying to `redeliver`.
 */
export class WebhookDispatcher {
  readonly deliveries: WebhookDelivery[] = [];
  private readonly queue: Job[] = [];
  private draining: Promise<void> | null = null;
  private scheduled = false;
  private stopped = false;

  constructor(
    private urls: string[],
    private readonly secret: string,
  ) {}

  setUrls(urls: string[]): void {
    this.urls = urls;
  }

  enqueue(event: StripeEvent): void {
    if (this.stopped || this.urls.length === 0) return;
    event.pending_webhooks = this.urls.length;
    for (const url of this.urls) this.queue.push({ event, url, redelivery: false });
    this.schedule();
  }

  /** Sends an event again (to every URL, or to `url`), after whatever is already waiting. */
  redeliver(event: StripeEvent, url?: string): void {
    const urls = url ? [url] : this.urls;
    for (const target of urls) this.queue.push({ event, url: target, redelivery: true });
    this.schedule();
  }

  /** Resolves once nothing is waiting or being delivered. */
  async idle(): Promise<void> {
    while (this.scheduled || this.draining || this.queue.length > 0) {
      if (this.draining) await this.draining;
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    await this.idle();
  }

  private schedule(): void {
    if (this.scheduled || this.draining) return;
    this.scheduled = true;
    // After the current API call: its events are complete by then.
    setImmediate(() => {
      this.scheduled = false;
      this.draining = this.drain().finally(() => {
        this.draining = null;
        if (this.queue.length > 0) this.schedule();
      });
    });
  }

  private async drain(): Promise<void> {
    for (let job = this.queue.shift(); job; job = this.queue.shift()) {
      this.deliveries.push(await this.deliver(job));
    }
  }

  private async deliver(job: Job): Promise<WebhookDelivery> {
    const payload = JSON.stringify(job.event, null, 2);
    const record = { eventId: job.event.id, type: job.event.type, url: job.url, redelivery: job.redelivery };
    try {
      const response = await fetch(job.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signatureHeader(payload, this.secret),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      const responseBody = await response.text();
      return { ...record, status: response.status, responseBody, error: null };
    } catch (error) {
      return { ...record, status: null, responseBody: '', error: (error as Error).message };
    }
  }
}
