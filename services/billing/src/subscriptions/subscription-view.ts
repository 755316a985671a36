import type { InvoiceReply, SubscriptionReply, SubscriptionStatus } from '@portal/contracts';
import { iso, toDollars } from '../common/money';
import type { Invoice } from './invoice.entity';
import type { LocalSubscriptionStatus, Subscription } from './subscription.entity';

/** Over: it will never bill again. */
export const ENDED_STATUSES: readonly LocalSubscriptionStatus[] = ['canceled', 'incomplete_expired'];
/** Running: it bills, or will at the end of its trial. */
export const RUNNING_STATUSES: readonly LocalSubscriptionStatus[] = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
];

export const isEnded = (status: LocalSubscriptionStatus) => ENDED_STATUSES.includes(status);
export const isRunning = (status: LocalSubscriptionStatus) => RUNNING_STATUSES.includes(status);

/** Who the subscription bills, for the reply. */
export interface Holder {
  name: string | null;
  email: string;
}

export function toSubscriptionReply(subscription: Subscription, holder: Holder): SubscriptionReply {
  const ended = isEnded(subscription.status);
  // Not yet created at Stripe: its first payment is under way.
  const status: SubscriptionStatus = subscription.status === 'pending' ? 'incomplete' : subscription.status;
  // An ended subscription no longer "cancels at period end": it has ended (and cannot be re-activated).
  const canceling = !ended && subscription.cancelAtPeriodEnd;
  const card =
    subscription.cardBrand && subscription.cardLast4
      ? {
          brand: subscription.cardBrand,
          last4: subscription.cardLast4,
          exp_month: subscription.cardExpMonth ?? 0,
          exp_year: subscription.cardExpYear ?? 0,
          details: { brand: subscription.cardBrand, last4: subscription.cardLast4 },
        }
      : null;
  const price = toDollars(subscription.amountCents);
  return {
    id: subscription.id,
    package_id: subscription.packageId,
    package_name: subscription.packageName,
    status,
    has_trial: subscription.trialPeriodDays > 0,
    trial_period: subscription.trialPeriodDays,
    trial_start_date: iso(subscription.trialStart),
    trial_end_date: iso(subscription.trialEnd),
    price,
    currency: subscription.currency,
    cancel_at_period_end: canceling,
    cancel_reason: subscription.cancelReason,
    canceled_at: iso(subscription.canceledAt),
    ended_at: iso(subscription.endedAt),
    start_date: (subscription.startedAt ?? subscription.createdAt).toISOString(),
    current_period_start: iso(subscription.currentPeriodStart),
    current_period_end: iso(subscription.currentPeriodEnd),
    renewal_date: isRunning(subscription.status) && !canceling ? iso(subscription.currentPeriodEnd) : null,
    package: { id: subscription.packageId, name: subscription.packageName, price, billing_cycle: 'monthly' },
    payment_method: card,
    customer_name: holder.name,
    customer_email: holder.email,
  };
}

export function toInvoiceReply(invoice: Invoice): InvoiceReply {
  return {
    id: invoice.id,
    number: invoice.number,
    created: invoice.stripeCreatedAt.toISOString(),
    amount_paid: invoice.amountPaid,
    amount_due: invoice.amountDue,
    currency: invoice.currency,
    status: invoice.status,
    invoice_pdf: invoice.invoicePdf,
    hosted_invoice_url: invoice.hostedInvoiceUrl,
    period_start: iso(invoice.periodStart),
    period_end: iso(invoice.periodEnd),
  };
}
