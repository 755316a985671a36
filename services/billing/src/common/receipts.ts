import type { MailTemplates } from '@portal/events';
import type { Order } from '../payments/order.entity';
import type { Invoice } from '../subscriptions/invoice.entity';
import type { Subscription } from '../subscriptions/subscription.entity';

type Receipt = MailTemplates['payment-receipt'];
type PaymentFailed = MailTemplates['payment-failed'];

const card = (brand: string | null, last4: string | null) => (brand && last4 ? { brand, last4 } : null);

/** Where receipts send people: the purchase history of their profile. */
export const purchaseHistoryLink = (appUrl: string) => `${appUrl}/profile#purchase-history`;

/** The page that changes a subscription's card (the failed-renewal mail's link). */
export const updatePaymentLink = (appUrl: string, subscriptionId: string) =>
  `${appUrl}/subscription/${subscriptionId}/payment`;

export function orderReceipt(order: Order, name: string | null, appUrl: string): Receipt {
  return {
    name,
    description: order.itemName,
    kind: order.kind,
    amountCents: order.amountCents,
    currency: order.currency,
    paidAt: (order.paidAt ?? new Date()).toISOString(),
    reference: order.id,
    card: card(order.cardBrand, order.cardLast4),
    link: purchaseHistoryLink(appUrl),
  };
}

export function invoiceReceipt(
  invoice: Invoice,
  subscription: Pick<Subscription, 'packageName'>,
  name: string | null,
  appUrl: string,
): Receipt {
  return {
    name,
    description: subscription.packageName,
    kind: 'subscription',
    amountCents: invoice.amountPaid,
    currency: invoice.currency,
    paidAt: (invoice.paidAt ?? new Date()).toISOString(),
    reference: invoice.number ?? invoice.stripeInvoiceId,
    card: card(invoice.cardBrand, invoice.cardLast4),
    periodStart: invoice.periodStart?.toISOString() ?? null,
    periodEnd: invoice.periodEnd?.toISOString() ?? null,
    invoiceUrl: invoice.hostedInvoiceUrl,
    link: purchaseHistoryLink(appUrl),
  };
}

export function renewalFailed(
  invoice: Invoice,
  subscription: Pick<Subscription, 'id' | 'packageName'>,
  name: string | null,
  appUrl: string,
): PaymentFailed {
  return {
    name,
    packageName: subscription.packageName,
    amountCents: invoice.amountDue,
    currency: invoice.currency,
    link: updatePaymentLink(appUrl, subscription.id),
    nextAttemptAt: invoice.nextPaymentAttempt?.toISOString() ?? null,
  };
}
