import type { MailTemplates } from '@portal/events';
import { layout, MailLayoutOptions, RenderedMail } from './layout';

/** Billing's mails (receipts, failed renewals), rendered here with the data billing queues. */
type BillingTemplate = 'payment-receipt' | 'payment-failed';
type Renderer<T extends BillingTemplate> = (data: MailTemplates[T], options: MailLayoutOptions) => RenderedMail;

/** `22 November 2026`: the day a payment was made or a period starts, in the firm's time zone. */
export function formatDay(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${iso}`);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, day: 'numeric', month: 'long', year: 'numeric' })
    .formatToParts(date)
    .reduce<Record<string, string>>((found, part) => ({ ...found, [part.type]: part.value }), {});
  return `${parts.day} ${parts.month} ${parts.year}`;
}

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
};
