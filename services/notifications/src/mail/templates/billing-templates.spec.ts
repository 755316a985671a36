import { extractLinks } from '@portal/events';
// Billing's mails, rendered here with the data billing queues.
import { formatDay, formatMoney } from './billing-templates';
import { renderTemplate } from './templates';

const options = { brand: 'Harbor Tax & Accounting', supportEmail: 'support@example.com', timeZone: 'America/New_York' };

describe('billing mails', () => {
  it("write amounts from cents and days in the firm's time zone", () => {
    expect(formatMoney(39900, 'usd')).toBe('$399.00');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(5, 'eur')).toBe('0.05 EUR');
    expect(() => formatMoney(1.5, 'usd')).toThrow('not an amount in cents');
    // 02:30 UTC on the 23rd is still the evening of the 22nd in New York, where the firm is.
    expect(formatDay('2026-11-23T02:30:00.000Z', 'America/New_York')).toBe('22 November 2026');
    expect(formatDay('2026-11-23T02:30:00.000Z', 'UTC')).toBe('23 November 2026');
    expect(formatDay('2027-01-01T04:59:59.000Z', 'America/New_York')).toBe('31 December 2026');
    expect(() => formatDay('soon', 'UTC')).toThrow('not a date');
  });

  it('receipt of a service: amount, order, card, the fees note and the purchase history link', () => {
    const link = 'https://portal.example.com/profile#purchase-history';
    const mail = renderTemplate(
      {
        template: 'payment-receipt',
        to: 'client@example.com',
        data: {
          name: 'Ada  Lovelace',
          description: 'LLC Formation',
          kind: 'service',
          amountCents: 39900,
          currency: 'usd',
          paidAt: '2026-11-22T14:00:00.000Z',
          reference: '6f1c2b0e-0000-4000-8000-000000000001',
          card: { brand: 'visa', last4: '4242' },
          link,
        },
      },
      options,
    );
    expect(mail.subject).toBe('Your Harbor Tax & Accounting receipt: $399.00 for LLC Formation');
    expect(mail.text).toContain('Hello Ada Lovelace,');
    expect(mail.text).toContain('We received your payment of $399.00 for LLC Formation.');
    expect(mail.text).toContain('Order: 6f1c2b0e-0000-4000-8000-000000000001');
    expect(mail.text).toContain('Card: Visa ending in 4242');
    expect(mail.text).toContain('Date: 22 November 2026');
    expect(mail.text).toContain('filing fees are not included');
    expect(extractLinks(mail)).toEqual([link]);
  });

  it('receipt of a subscription invoice: the period, the invoice number and its page', () => {
    const mail = renderTemplate(
      {
        template: 'payment-receipt',
        to: 'client@example.com',
        data: {
          description: 'Starter Bookkeeping',
          kind: 'subscription',
          amountCents: 29900,
          currency: 'usd',
          paidAt: '2026-12-22T14:00:00.000Z',
          reference: 'ABCD1234-0002',
          periodStart: '2026-12-22T14:00:00.000Z',
          periodEnd: '2027-01-22T14:00:00.000Z',
          invoiceUrl: 'https://invoice.stripe.com/i/acct_1/in_1',
          link: 'https://portal.example.com/profile#purchase-history',
        },
      },
      options,
    );
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('for your Starter Bookkeeping subscription');
    expect(mail.text).toContain('Invoice: ABCD1234-0002');
    expect(mail.text).toContain('Period: 22 December 2026 to 22 January 2027');
    expect(mail.text).not.toContain('filing fees');
    expect(extractLinks(mail)).toContain('https://invoice.stripe.com/i/acct_1/in_1');
  });

  it('failed renewal: what failed, when it is tried again, and the link to change the card', () => {
    const link = 'https://portal.example.com/subscription/0b6f/payment';
    const mail = renderTemplate(
      {
        template: 'payment-failed',
        to: 'client@example.com',
        data: {
          packageName: 'Starter Bookkeeping',
          amountCents: 29900,
          currency: 'usd',
          link,
          nextAttemptAt: '2026-12-25T14:00:00.000Z',
        },
      },
      options,
    );
    expect(mail.subject).toBe('Action needed: your Starter Bookkeeping payment failed');
    expect(mail.text).toContain('We could not charge $299.00 to your card for your Starter Bookkeeping subscription.');
    expect(mail.text).toContain('We will try again on 25 December 2026.');
    expect(mail.text).toContain(`Update your payment method: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(extractLinks(mail)).toEqual([link]);
  });
});
