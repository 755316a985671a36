import type {
  CancelSubscriptionRequest,
  InvoiceReply,
  InvoiceStatus,
  PurchaseReply,
  SubscriptionReply,
} from '@portal/contracts';
import { formatAmount, formatCents, formatDate } from './money';
import { isTrialActive } from './trial';

/** The texts of billing (spec part 2, sections 4, 5, 8). */
export const BILLING_MESSAGES = {
  noPackage: 'No package selected',
  noService: 'No service selected. Please choose a service to purchase.',
  noFiling: 'No filing selected. Please choose a filing to purchase.',
  paymentSuccessful: 'Payment Successful!',
  subscriptionSuccessful: 'Subscription Successful!',
  processing: 'Processing...',
  paymentFailed: 'Failed to process payment. Please try again.',
  // Said after the failure when no final answer came (not for a decline): the charge may have happened.
  paymentOutcomeUnknown:
    'Your payment may have gone through: check your Purchase History before paying again. Pressing Pay again will not charge you twice.',
  subscriptionOutcomeUnknown:
    'Your subscription may have started: check My Subscriptions on your profile before trying again. Trying again will not charge you twice.',
  paymentErrorPassedUp: 'An error occurred during payment processing. Please try again.',
  serviceLoad: 'Failed to load service details. Please try again.',
  formLoad: 'Failed to load form details. Please try again.',
  setupIntent: 'Failed to initialize payment form. Please try again.',
  subscriptionProcessing: 'Failed to process subscription. Please try again.',
  subscriptionLoad: 'Failed to load subscription details. Please try again.',
  confirmationLoad: 'Failed to load subscription details. Please contact support.',
  subscriptionsLoad: 'Failed to load subscription information',
  purchasesLoad: 'Failed to fetch purchase history',
  cancel: 'Failed to cancel subscription',
  reactivate: 'Failed to reactivate subscription',
  invoices: 'Failed to load invoice history',
  paymentPageLoad: 'Failed to load subscription details',
  updatePaymentMethod: 'Failed to update payment method',
  trialCancel: "You are still in your trial period. You won't be charged if you cancel now.",
  chargedNow: 'Your credit card will be charged immediately and your subscription will be active right away.',
  testMode: 'Test mode — no real charges',
} as const;

/** 'Your subscription will continue with your current trial period. ...' (spec part 2, section 4). */
export function trialContinues(trialEnd: string): string {
  return `Your subscription will continue with your current trial period. Your credit card will not be charged until ${formatDate(trialEnd)}.`;
}

const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  paid: 'Paid',
  open: 'Unpaid',
  void: 'Void',
  draft: 'Draft',
  uncollectible: 'Uncollectible',
};

/** paid → Paid, open → Unpaid, void, draft, uncollectible; any other value as it is. */
export function invoiceStatusLabel(status: string): string {
  return INVOICE_STATUS_LABELS[status as InvoiceStatus] ?? status;
}

type InvoiceFacts = Pick<InvoiceReply, 'number' | 'created' | 'amount_paid' | 'amount_due' | 'currency' | 'status'>;

/** What an invoice comes to: what was paid once it is paid, else what is due. */
export function invoiceAmount(invoice: InvoiceFacts): string {
  return formatCents(invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due, invoice.currency);
}

/**
 * How each invoice of a list is named to a screen reader (its links: 'View invoice …', 'PDF of invoice
 * …'): by its number, or, without one (a draft has none), by its date and amount; names still alike are
 * told apart by their order in the list.
 */
export function invoiceNames(invoices: readonly InvoiceFacts[]): string[] {
  const names = invoices.map((invoice) =>
    invoice.number
      ? `invoice ${invoice.number}`
      : `invoice dated ${formatDate(invoice.created)}, ${invoiceAmount(invoice)}`,
  );
  const total = (name: string) => names.filter((other) => other === name).length;
  return names.map((name, index) => {
    if (total(name) === 1) return name;
    const place = names.slice(0, index + 1).filter((other) => other === name).length;
    return `${name} (${place} of ${total(name)})`;
  });
}

const ENDED = ['canceled', 'incomplete_expired'];

/** Status shown uppercase; a subscription that cancels at the period end shows CANCELING. */
export function subscriptionStatusLabel(
  subscription: Pick<SubscriptionReply, 'status' | 'cancel_at_period_end'>,
): string {
  return subscription.cancel_at_period_end ? 'CANCELING' : subscription.status.toUpperCase();
}

export function purchaseStatusLabel(purchase: Pick<PurchaseReply, 'status'>): string {
  return purchase.status.toUpperCase();
}

/**
 * What was refunded of a purchase (staff refund from Stripe): 'Refunded' when all of it, 'Refunded $100.00
 * of $399.00' when part of it (a one-time purchase or a subscription payment alike); null when nothing.
 */
export function refundLabel(purchase: Pick<PurchaseReply, 'amount' | 'currency' | 'amount_refunded'>): string | null {
  const refunded = purchase.amount_refunded ?? 0;
  if (refunded <= 0) return null;
  if (refunded >= purchase.amount) return 'Refunded';
  return `Refunded ${formatAmount(refunded, purchase.currency)} of ${formatAmount(purchase.amount, purchase.currency)}`;
}

/** Cancel is offered while not cancelling (and not ended: an ended one has nothing left to cancel). */
export function canCancel(subscription: Pick<SubscriptionReply, 'status' | 'cancel_at_period_end'>): boolean {
  return (
    !subscription.cancel_at_period_end && !ENDED.includes(subscription.status) && subscription.status !== 'incomplete'
  );
}

/** Re-Activate is offered while cancel_at_period_end is true. */
export function canReactivate(subscription: Pick<SubscriptionReply, 'cancel_at_period_end'>): boolean {
  return subscription.cancel_at_period_end;
}

/** The cancel dialog's sentence during an active trial, else null. */
export function cancelTrialSentence(subscription: Pick<SubscriptionReply, 'trial_end_date'>, now: Date): string | null {
  return isTrialActive(subscription, now) ? BILLING_MESSAGES.trialCancel : null;
}

/** The cancel call's body: it carries the reason as a text, empty when none was typed (spec part 2, section 4). */
export function cancelRequest(reason: string): CancelSubscriptionRequest {
  return { reason: reason.trim() };
}

/** The re-activation message: the trial goes on when trialing and not over, else the card is charged. */
export function reactivationMessage(
  subscription: Pick<SubscriptionReply, 'status' | 'trial_end_date'>,
  now: Date,
): string {
  if (subscription.status === 'trialing' && isTrialActive(subscription, now)) {
    return trialContinues(subscription.trial_end_date!);
  }
  return BILLING_MESSAGES.chargedNow;
}

/** 'Monthly' is the only billing period (and the default without a package). */
export function billingPeriodLabel(billingCycle: string | null | undefined): string {
  return billingCycle === 'monthly' || !billingCycle
    ? 'Monthly'
    : billingCycle.charAt(0).toUpperCase() + billingCycle.slice(1);
}

/** What a purchase was for: the package, the service or the filing. */
export function purchaseName(purchase: Pick<PurchaseReply, 'package' | 'service' | 'form'>): string {
  return purchase.package?.name ?? purchase.service?.name ?? purchase.form?.form_name ?? 'Purchase';
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'Visa ending in 4242'. */
export function cardLabel(card: { brand: string; last4: string } | null | undefined): string {
  if (!card) return 'No card on file';
  return `${BRANDS[card.brand] ?? card.brand} ending in ${card.last4}`;
}
