import type Stripe from 'stripe';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { fromUnix } from '../common/money';

/** What a paid record (an order, a subscription invoice) keeps of its charge's refunds. */
export interface Refunded {
  refundedCents: number;
  refundedAt: Date | null;
}

/** What a PaymentIntent is read with for refundsOf: its latest charge and the charge's refunds (newest first). */
export const REFUNDS_EXPAND = 'latest_charge.refunds';

/**
 * What has been refunded of a PaymentIntent read with its latest charge and the charge's refunds
 * expanded: Stripe's `amount_refunded` (pending refunds included, failed ones not) and the newest of those
 * refunds' time. Null when the charge was not read (a PaymentIntent just created has nothing refunded).
 */
export function refundsOf(record: Pick<Refunded, 'refundedAt'>, paymentIntent: Stripe.PaymentIntent): Refunded | null {
  const charge = paymentIntent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  if (charge.amount_refunded === 0) return { refundedCents: 0, refundedAt: null };
  const latest = charge.refunds?.data.find((refund) => refund.status !== 'failed' && refund.status !== 'canceled');
  return {
    refundedCents: charge.amount_refunded,
    refundedAt: fromUnix(latest?.created) ?? record.refundedAt ?? new Date(),
  };
}

/**
 * A paid record, locked by the caller, takes what has been refunded of its charge (the PaymentIntent read
 * with REFUNDS_EXPAND under that lock); written only when it changed. True when it was written.
 */
export async function recordRefunds<T extends ObjectLiteral & Refunded & { id: string }>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  record: T,
  paymentIntent: Stripe.PaymentIntent,
): Promise<boolean> {
  const refunds = refundsOf(record, paymentIntent);
  if (
    !refunds ||
    (refunds.refundedCents === record.refundedCents && refunds.refundedAt?.getTime() === record.refundedAt?.getTime())
  ) {
    return false;
  }
  Object.assign(record, refunds);
  await manager.getRepository(entity).update(record.id, { ...refunds, updatedAt: new Date() } as never);
  return true;
}
