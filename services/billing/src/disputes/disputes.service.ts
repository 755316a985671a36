import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import { MailTemplates, Outbox, QUEUES } from '@portal/events';
import type Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
import { fromUnix } from '../common/money';
import { Customer } from '../customers/customer.entity';
import { Order } from '../payments/order.entity';
import { idOf, PaymentsService } from '../payments/payments.service';
import { StripeGateway } from '../stripe/stripe-client';
import { Invoice } from '../subscriptions/invoice.entity';
import { Subscription } from '../subscriptions/subscription.entity';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { Dispute, type DisputeKind } from './dispute.entity';

/** Statuses after which nothing more can be done about a dispute. */
const CLOSED_STATUSES = new Set(['won', 'lost', 'warning_closed', 'prevented']);

type DisputeAlert = MailTemplates['dispute-alert'];

/** What a disputed charge paid for, as the staff alert names it. */
interface Owner {
  order: Order | null;
  invoice: Invoice | null;
  subscription: Subscription | null;
  customer: Customer | null;
}

/**
 * Disputes (chargebacks, inquiries) of the portal's charges, from Stripe's charge.dispute.* events. The
 * dispute is read again from Stripe, so any order of events ends in its current state; the staff are told
 * once when it opens (the evidence deadline is hard) and once when it closes.
 */
@Injectable()
export class DisputesService {
  private readonly logger = new Logger(DisputesService.name);

  constructor(
    @InjectDataSource('billing') private readonly dataSource: DataSource,
    private readonly stripe: StripeGateway,
    private readonly payments: PaymentsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly outbox: Outbox,
    private readonly config: AppConfig,
  ) {}

  /**
   * The dispute as Stripe has it now (webhook worker). Stripe is read under a lock of the dispute, so of
   * two events of one dispute handled at once the one that reads last writes last, and the alert and the
   * outcome note are queued with the row, in its transaction: each once, however often events arrive.
   */
  async syncDispute(stripeDisputeId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // The row may not exist yet: two first events of one dispute must not both insert and alert.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`billing:dispute:${stripeDisputeId}`]);
      const dispute = await this.stripe.api.disputes.retrieve(stripeDisputeId, {
        expand: ['charge', 'payment_intent'],
      });
      const repository = manager.getRepository(Dispute);
      const known = await repository.findOneBy({ stripeDisputeId });
      const owner = await this.ownerOf(manager, dispute, known);
      const charge = dispute.charge as Stripe.Charge;
      const values = {
        stripeDisputeId,
        stripeChargeId: charge.id,
        stripePaymentIntentId: idOf(dispute.payment_intent),
        orderId: owner.order?.id ?? null,
        invoiceId: owner.invoice?.id ?? null,
        userId: owner.order?.userId ?? owner.invoice?.userId ?? owner.customer?.userId ?? null,
        amountCents: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason,
        status: dispute.status,
        evidenceDueBy: isClosed(dispute.status) ? null : fromUnix(dispute.evidence_details?.due_by),
        stripeCreatedAt: fromUnix(dispute.created)!,
        updatedAt: new Date(),
      };
      await repository.upsert(values, { conflictPaths: ['stripeDisputeId'] });
      const row = await repository.findOneByOrFail({ stripeDisputeId });
      if (!known) this.logger.warn(`dispute ${stripeDisputeId} of charge ${charge.id} recorded: ${dispute.status}`);

      const stage = isClosed(row.status) ? 'closed' : 'opened';
      const kind = kindOf(row.status);
      // Told already: a redelivered or a later event of the same stage sends nothing; an inquiry the bank
      // turned into a chargeback (same dispute, new status and deadline, money taken now) is told once more.
      const told =
        stage === 'opened' ? row.alertQueuedAt && (row.alertedAs === kind || kind === 'inquiry') : row.outcomeQueuedAt;
      if (told) return;
      const escalated = stage === 'opened' && row.alertedAs === 'inquiry';
      await repository.update(
        { id: row.id },
        stage === 'opened'
          ? { alertQueuedAt: row.alertQueuedAt ?? new Date(), alertedAs: kind }
          : { outcomeQueuedAt: new Date() },
      );
      await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
        template: 'dispute-alert',
        to: this.config.STAFF_EMAIL,
        data: { ...disputeAlert(stage, dispute, charge, owner), ...(escalated ? { escalated: true } : {}) },
      });
      this.logger.log(`dispute ${stripeDisputeId}: staff told (${escalated ? 'escalated' : stage}, ${row.status})`);
    });
  }

  /**
   * The order or the subscription invoice the disputed charge paid (as recorded before, or looked up), and
   * the client. An order is found by its PaymentIntent or the order id in the PaymentIntent's metadata (the
   * order may not have recorded it yet); an invoice through Stripe's invoice payments.
   */
  private async ownerOf(manager: EntityManager, dispute: Stripe.Dispute, known: Dispute | null): Promise<Owner> {
    const paymentIntent = dispute.payment_intent as Stripe.PaymentIntent | null;
    let order = known?.orderId ? await manager.getRepository(Order).findOneBy({ id: known.orderId }) : null;
    let invoice = known?.invoiceId ? await manager.getRepository(Invoice).findOneBy({ id: known.invoiceId }) : null;
    if (!order && !invoice && paymentIntent) {
      order = await this.payments.orderOfPaymentIntent(paymentIntent.id, paymentIntent.metadata?.order_id);
      if (!order) invoice = await this.subscriptions.invoiceOfPaymentIntent(paymentIntent.id);
    }
    const subscription = invoice
      ? await manager.getRepository(Subscription).findOneBy({ id: invoice.subscriptionId })
      : null;
    const customerId = order?.customerId ?? subscription?.customerId;
    const stripeCustomerId = idOf((dispute.charge as Stripe.Charge).customer);
    const customer = customerId
      ? await manager.getRepository(Customer).findOneBy({ id: customerId })
      : stripeCustomerId
        ? await manager.getRepository(Customer).findOneBy({ stripeCustomerId })
        : null;
    return { order, invoice, subscription, customer };
  }
}

/** Stripe's inquiries have the warning_* statuses. */
function kindOf(status: string): DisputeKind {
  return status.startsWith('warning_') ? 'inquiry' : 'chargeback';
}

function isClosed(status: string): boolean {
  return CLOSED_STATUSES.has(status);
}

function disputeAlert(
  stage: DisputeAlert['stage'],
  dispute: Stripe.Dispute,
  charge: Stripe.Charge,
  { order, invoice, subscription, customer }: Owner,
): DisputeAlert {
  const what = order
    ? { description: order.itemName, reference: order.id, kind: order.kind }
    : invoice
      ? {
          description: `${subscription?.packageName ?? 'Subscription'} subscription`,
          reference: invoice.number ?? invoice.stripeInvoiceId,
          kind: 'subscription' as const,
        }
      : { description: charge.description ?? `Charge ${charge.id}`, reference: null, kind: null };
  return {
    stage,
    clientName: customer?.name ?? charge.billing_details?.name ?? null,
    clientEmail: customer?.email ?? charge.billing_details?.email ?? null,
    ...what,
    amountCents: dispute.amount,
    currency: dispute.currency,
    reason: dispute.reason,
    status: dispute.status,
    evidenceDueBy: isClosed(dispute.status)
      ? null
      : (fromUnix(dispute.evidence_details?.due_by)?.toISOString() ?? null),
    disputeId: dispute.id,
    dashboardUrl: `https://dashboard.stripe.com/${dispute.livemode ? '' : 'test/'}disputes/${dispute.id}`,
  };
}
