import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { DisputesService } from '../disputes/disputes.service';
import { idOf, PaymentsService } from '../payments/payments.service';
import { StripeGateway } from '../stripe/stripe-client';
import { isMissing } from '../stripe/stripe-errors';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { StripeEvent } from './stripe-event.entity';

export type EventOutcome = 'processed' | 'already-processed' | 'unknown-event';

/**
 * Brings local state in line with Stripe for one stored event. The event only says which object
 * changed: the object is read again from Stripe, so a duplicate, a late or an out-of-order event all
 * end in Stripe's current state.
 */
@Injectable()
export class StripeEventsService {
  private readonly logger = new Logger(StripeEventsService.name);

  constructor(
    @InjectDataSource('billing') private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: PaymentsService,
    private readonly disputes: DisputesService,
    private readonly stripe: StripeGateway,
  ) {}

  async process(eventId: string): Promise<EventOutcome> {
    const repository = this.dataSource.getRepository(StripeEvent);
    const event = await repository.findOneBy({ id: eventId });
    if (!event) {
      this.logger.error(`Stripe event ${eventId} is not stored`);
      return 'unknown-event';
    }
    if (event.processedAt) return 'already-processed';
    await repository.increment({ id: eventId }, 'attempts', 1);
    try {
      await this.bringInLine(event.payload as unknown as Stripe.Event);
    } catch (error) {
      if (!isMissing(error)) {
        await repository.update({ id: eventId }, { lastError: (error as Error).message.slice(0, 1000) });
        throw error;
      }
      // Gone at Stripe (a deleted customer, say): there is nothing left to bring in line.
      this.logger.warn(`Stripe event ${eventId}: ${(error as Error).message}; nothing to update`);
    }
    await repository.update({ id: eventId }, { processedAt: new Date(), lastError: null });
    return 'processed';
  }

  private async bringInLine(event: Stripe.Event): Promise<void> {
    // `id` is missing only on the draft of invoice.upcoming.
    const object = event.data.object as { object: string; id: string };
    switch (object.object) {
      case 'subscription': {
        const subscription = object as Stripe.Subscription;
        await this.subscriptions.syncSubscription(subscription.id, subscription.metadata?.subscription_id);
        return;
      }
      case 'invoice': {
        // invoice.upcoming describes the draft of a renewal Stripe has not made yet: it has no id (so there
        // is nothing to read again) and is not an invoice of the subscription; the real one has its own events.
        if (!object.id) {
          this.logger.debug(`Stripe event ${event.id} (${event.type}) names no invoice; nothing to update`);
          return;
        }
        // An event is rendered in the webhook endpoint's API version (by default the account's), not the
        // SDK's: before 2025-03-31 an invoice has no `parent`. The invoice read again has the SDK's shape.
        const invoice =
          'parent' in object ? (object as Stripe.Invoice) : await this.stripe.api.invoices.retrieve(object.id);
        await this.subscriptions.syncStripeInvoice(invoice);
        return;
      }
      case 'payment_intent': {
        const paymentIntent = object as Stripe.PaymentIntent;
        await this.payments.syncPaymentIntent(paymentIntent.id, paymentIntent.metadata?.order_id);
        return;
      }
      case 'charge': {
        const paymentIntentId = idOf((object as Stripe.Charge).payment_intent);
        if (paymentIntentId) await this.syncCharge(paymentIntentId, event.type === 'charge.refunded');
        return;
      }
      // refund.created, refund.updated, refund.failed and charge.refund.updated carry the refund.
      case 'refund': {
        const paymentIntentId = idOf((object as Stripe.Refund).payment_intent);
        if (paymentIntentId) await this.syncCharge(paymentIntentId, true);
        return;
      }
      // charge.dispute.created, .updated, .closed, .funds_withdrawn and .funds_reinstated carry the dispute.
      case 'dispute':
        await this.disputes.syncDispute(object.id);
        return;
      case 'setup_intent':
        await this.payments.syncSetupIntent(object.id);
        return;
      default:
        this.logger.debug(`Stripe event ${event.id} (${event.type}) needs nothing here`);
    }
  }

  /**
   * A charge's PaymentIntent changed: an order's is settled again; a refund of a charge that is no order's
   * is looked for among the subscription invoices (only then: every other charge event of an invoice's
   * payment is handled by the invoice's own events).
   */
  private async syncCharge(paymentIntentId: string, refund: boolean): Promise<void> {
    const order = await this.payments.syncPaymentIntent(paymentIntentId, undefined, { refund });
    if (!order && refund) await this.subscriptions.syncInvoiceRefunds(paymentIntentId);
  }
}
