import type { MailTemplates } from '@portal/events';
import { formatDay, formatTimeIn } from './dates';
import { layout, MailLayoutOptions, oneLine, RenderedMail } from './layout';

/** Billing's mails (receipts, failed renewals, disputes for the staff), rendered here with the data billing queues. */
type BillingTemplate = 'payment-receipt' | 'payment-failed' | 'dispute-alert';
type Renderer<T extends BillingTemplate> = (data: MailTemplates[T], options: MailLayoutOptions) => RenderedMail;

/** `$1,234.50` for dollars, `1,234.50 EUR` for another currency: amounts are integer cents. */
export function formatMoney(cents: number, currency: string): string {
  if (!Number.isInteger(cents)) throw new Error(`not an amount in cents: ${cents}`);
  const amount = (Math.abs(cents) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const sign = cents < 0 ? '-' : '';
  return currency.toLowerCase() === 'usd' ? `${sign}$${amount}` : `${sign}${amount} ${currency.toUpperCase()}`;
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

function cardText(card: { brand: string; last4: string }): string {
  return `${BRANDS[card.brand] ?? card.brand} ending in ${card.last4}`;
}

/** Stripe's dispute reasons as staff read them (https://docs.stripe.com/disputes/categories). */
const DISPUTE_REASONS: Record<string, string> = {
  bank_cannot_process: 'bank cannot process',
  check_returned: 'check returned',
  credit_not_processed: 'credit not processed (the client says a refund was promised)',
  customer_initiated: 'initiated by the customer',
  debit_not_authorized: 'debit not authorized',
  duplicate: 'duplicate charge',
  fraudulent: 'fraudulent (the cardholder says they did not make the payment)',
  general: 'general',
  incorrect_account_details: 'incorrect account details',
  insufficient_funds: 'insufficient funds',
  noncompliant: 'noncompliant',
  product_not_received: 'service not received',
  product_unacceptable: 'service unacceptable',
  subscription_canceled: 'subscription canceled',
  unrecognized: 'unrecognized by the cardholder',
};

const DISPUTE_OUTCOMES: Record<string, string> = {
  won: 'won: the bank returned the amount',
  lost: 'lost: the bank keeps the amount',
  warning_closed: 'closed by the bank without a chargeback',
  prevented: 'prevented: no chargeback was made',
};

const greeting = (name?: string | null) => (name?.trim() ? `Hello ${name.trim().replace(/\s+/g, ' ')},` : 'Hello,');

export const BILLING_TEMPLATES: { [T in BillingTemplate]: Renderer<T> } = {
  'payment-receipt': (data, options) => {
    const amount = formatMoney(data.amountCents, data.currency);
    const subject = `Your ${options.brand} receipt: ${amount} for ${data.description}`;
    const what =
      data.kind === 'subscription'
        ? `We received your payment of ${amount} for your ${data.description} subscription.`
        : `We received your payment of ${amount} for ${data.description}.`;
    const details = [
      `Amount paid: ${amount}`,
      `Date: ${formatDay(data.paidAt, options.timeZone)}`,
      `${data.kind === 'subscription' ? 'Invoice' : 'Order'}: ${data.reference}`,
      ...(data.card ? [`Card: ${cardText(data.card)}`] : []),
      ...(data.periodStart && data.periodEnd
        ? [`Period: ${formatDay(data.periodStart, options.timeZone)} to ${formatDay(data.periodEnd, options.timeZone)}`]
        : []),
    ];
    const after = [
      ...(data.kind === 'subscription'
        ? []
        : ['State and other government filing fees are not included in this amount and are billed separately.']),
      ...(data.invoiceUrl ? [`The invoice: ${data.invoiceUrl}`] : []),
      'Keep this e-mail for your records.',
    ];
    return {
      subject,
      text: [greeting(data.name), what, details.join('\n'), `Your purchase history: ${data.link}`, ...after].join(
        '\n\n',
      ),
      html: layout(options, {
        paragraphs: [greeting(data.name), what, ...details],
        action: { label: 'View your purchase history', url: data.link },
        after,
      }),
    };
  },
  'payment-failed': (data, options) => {
    const amount = formatMoney(data.amountCents, data.currency);
    const subject = `Action needed: your ${data.packageName} payment failed`;
    const lines = [
      greeting(data.name),
      `We could not charge ${amount} to your card for your ${data.packageName} subscription.`,
      data.nextAttemptAt
        ? `We will try again on ${formatDay(data.nextAttemptAt, options.timeZone)}. To keep your subscription active, please update your payment method before then.`
        : 'To keep your subscription active, please update your payment method.',
    ];
    const after = ['If you have already updated your card, you can ignore this e-mail.'];
    return {
      subject,
      text: [...lines, `Update your payment method: ${data.link}`, ...after].join('\n\n'),
      html: layout(options, {
        paragraphs: lines,
        action: { label: 'Update payment method', url: data.link },
        after,
      }),
    };
  },
  'dispute-alert': (data, options) => {
    const amount = formatMoney(data.amountCents, data.currency);
    const inquiry = data.status.startsWith('warning_');
    const client = data.clientName?.trim()
      ? `${oneLine(data.clientName)}${data.clientEmail ? ` <${data.clientEmail}>` : ''}`
      : (data.clientEmail ?? 'unknown (not a portal client)');
    const due = data.evidenceDueBy ? formatTimeIn(data.evidenceDueBy, options.timeZone) : null;
    const what = oneLine(data.description);
    const details = [
      `Client: ${client}`,
      `${data.kind === 'subscription' ? 'Subscription payment' : 'Purchase'}: ${what}`,
      ...(data.reference ? [`${data.kind === 'subscription' ? 'Invoice' : 'Order'}: ${data.reference}`] : []),
      `Amount: ${amount}`,
      `Reason: ${DISPUTE_REASONS[data.reason] ?? data.reason}`,
      ...(data.stage === 'opened' && due ? [`Evidence due by: ${due}`] : []),
      `Stripe dispute: ${data.disputeId}`,
    ];
    if (data.stage === 'closed') {
      const outcome = DISPUTE_OUTCOMES[data.status] ?? `closed (${data.status})`;
      const lines = [`The dispute of the payment of ${amount} for ${what} is ${outcome}.`, ...details];
      return {
        subject: oneLine(
          `Dispute ${data.status === 'won' || data.status === 'lost' ? data.status : 'closed'}: ${amount} for ${what}`,
        ),
        text: [lines[0], details.join('\n'), `The dispute in Stripe: ${data.dashboardUrl}`].join('\n\n'),
        html: layout(options, {
          paragraphs: lines,
          action: { label: 'Open the dispute in Stripe', url: data.dashboardUrl },
        }),
      };
    }
    const intro = inquiry
      ? `The cardholder's bank asks about the payment of ${amount} for ${what} (an inquiry: no money has been taken yet, but an unanswered inquiry can become a chargeback).`
      : data.escalated
        ? `The cardholder's bank turned its inquiry about the payment of ${amount} for ${what} into a chargeback: it took the amount back, with a dispute fee, and set a new deadline.`
        : `The cardholder's bank disputed the payment of ${amount} for ${what} and took the amount back, with a dispute fee.`;
    const after = [
      due
        ? `Submit evidence in Stripe before ${due}: after that the dispute cannot be answered and is lost.`
        : 'Submit evidence in Stripe as soon as possible.',
      'If the client agrees the charge was wrong, accept the dispute in Stripe instead of refunding it: a refund now would pay the amount twice.',
    ];
    return {
      subject: oneLine(
        `${inquiry ? 'Payment inquiry' : data.escalated ? 'Inquiry became a chargeback' : 'Payment disputed'}: ${amount} for ${what}${due ? `, evidence due ${formatDay(data.evidenceDueBy!, options.timeZone)}` : ''}`,
      ),
      text: [intro, details.join('\n'), `Respond in Stripe: ${data.dashboardUrl}`, ...after].join('\n\n'),
      html: layout(options, {
        paragraphs: [intro, ...details],
        action: { label: 'Respond in Stripe', url: data.dashboardUrl },
        after,
      }),
    };
  },
};
