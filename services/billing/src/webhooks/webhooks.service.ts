import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Outbox, QUEUES } from '@portal/events';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../common/messages';
import { StripeGateway } from '../stripe/stripe-client';

export interface WebhookReceipt {
  received: true;
  /** The event had been received before (Stripe delivers at least once): acknowledged, nothing done. */
  duplicate: boolean;
}

/** Stripe's event ids, as the stripe_events table's check has them. */
const EVENT_ID = /^evt_[A-Za-z0-9]{1,255}$/;
/** 9999-12-31T23:59:59Z: a creation time Postgres can store. */
const LAST_SECOND = 253_402_300_799;

/** What storing an event needs of it: an id and a type (text), its creation time (seconds), livemode. */
export function isStripeEvent(value: unknown): value is Stripe.Event {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const event = value as Record<string, unknown>;
  return (
    typeof event.id === 'string' &&
    EVENT_ID.test(event.id) &&
    typeof event.type === 'string' &&
    event.type.length > 0 &&
    event.type.length <= 255 &&
    typeof event.livemode === 'boolean' &&
    Number.isSafeInteger(event.created) &&
    (event.created as number) >= 0 &&
    (event.created as number) <= LAST_SECOND &&
    (event.api_version === undefined || event.api_version === null || typeof event.api_version === 'string')
  );
}

@Injectable()
export class WebhooksService {
  private readonly logger = new Logger(WebhooksService.name);

  constructor(
    @InjectDataSource('billing') private readonly dataSource: DataSource,
    private readonly stripe: StripeGateway,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Checks Stripe's signature over the exact bytes received (nothing is stored when it does not match),
   * stores the event once by its id and hands it to the stripe-events queue in the same transaction: an
   * event is processed once however often it is delivered, and never lost once acknowledged. An event
   * delivered again before it was processed (its job's attempts used up during an outage, then sent again
   * from Stripe's dashboard) is handed to the queue again; processing brings the state in line with
   * Stripe's, so running it twice changes nothing.
   */
  async receive(payload: Buffer | undefined, signature: string | undefined): Promise<WebhookReceipt> {
    if (!signature) throw new BadRequestException({ detail: MESSAGES.missingSignature });
    let event: unknown;
    try {
      event = this.stripe.constructEvent(payload ?? Buffer.alloc(0), signature);
    } catch (error) {
      this.logger.warn(`Stripe webhook refused: ${(error as Error).message}`);
      // The signature matched, but the bytes are not JSON.
      if (error instanceof SyntaxError) throw new BadRequestException({ detail: MESSAGES.notAnEvent });
      throw new BadRequestException({ detail: MESSAGES.invalidSignature });
    }
    // Signed with our secret, yet not an event (`null`, a list, an object without an id): nothing to store.
    if (!isStripeEvent(event)) {
      this.logger.warn('Stripe webhook refused: a signed body that is not an event');
      throw new BadRequestException({ detail: MESSAGES.notAnEvent });
    }
    const stored = await this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `INSERT INTO stripe_events (id, type, livemode, api_version, stripe_created_at, payload)
         VALUES ($1, $2, $3, $4, to_timestamp($5), $6::jsonb)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type, event.livemode, event.api_version ?? null, event.created, JSON.stringify(event)],
      )) as unknown[];
      if (rows.length === 0) {
        const unprocessed = (await manager.query(
          `SELECT 1 FROM stripe_events WHERE id = $1 AND processed_at IS NULL FOR UPDATE`,
          [event.id],
        )) as unknown[];
        if (unprocessed.length === 0) return 'duplicate';
      }
      await this.outbox.enqueue(manager, QUEUES.stripeEvents, 'process', { eventId: event.id });
      return rows.length === 0 ? 'queued-again' : 'new';
    });
    if (stored === 'duplicate') this.logger.log(`Stripe event ${event.id} (${event.type}) received again; ignored`);
    if (stored === 'queued-again') {
      this.logger.warn(`Stripe event ${event.id} (${event.type}) received again before it was processed; queued again`);
    }
    return { received: true, duplicate: stored !== 'new' };
  }
}
