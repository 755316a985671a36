import { extractLinks } from '@portal/events';
// Billing's mails, rendered here with the data billing queues.
import { formatMoney } from './billing-templates';
import { formatDay } from './dates';
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

  describe('dispute alert for the staff', () => {
    const dashboardUrl = 'https://dashboard.stripe.com/test/disputes/dp_1';
    const opened = {
      stage: 'opened' as const,
      clientName: 'Ada  Lovelace',
      clientEmail: 'ada@example.com',
      description: 'LLC Formation',
      reference: '6f1c2b0e-0000-4000-8000-000000000001',
      kind: 'service' as const,
      amountCents: 39900,
      currency: 'usd',
      reason: 'fraudulent',
      status: 'needs_response',
      // 23:59:59 UTC on 7 December is 6:59 PM in New York, where the firm is.
      evidenceDueBy: '2026-12-07T23:59:59.000Z',
      disputeId: 'dp_1',
      dashboardUrl,
    };
    const render = (data: typeof opened | Record<string, unknown>) =>
      renderTemplate({ template: 'dispute-alert', to: 'staff@example.com', data: { ...opened, ...data } }, options);

    it('opened: who, what, how much, why, the deadline in the firm’s time zone and the Stripe link', () => {
      const mail = render(opened);
      expect(mail.subject).toBe('Payment disputed: $399.00 for LLC Formation, evidence due 7 December 2026');
      expect(mail.text).toContain('disputed the payment of $399.00 for LLC Formation');
      expect(mail.text).toContain('Client: Ada Lovelace <ada@example.com>');
      expect(mail.text).toContain('Purchase: LLC Formation');
      expect(mail.text).toContain('Order: 6f1c2b0e-0000-4000-8000-000000000001');
      expect(mail.text).toContain('Amount: $399.00');
      expect(mail.text).toContain('Reason: fraudulent (the cardholder says they did not make the payment)');
      expect(mail.text).toContain('Evidence due by: 7 December 2026 at 6:59 PM EST (America/New_York)');
      expect(mail.text).toContain('Stripe dispute: dp_1');
      expect(mail.text).toContain(`Respond in Stripe: ${dashboardUrl}`);
      expect(mail.text).toContain('accept the dispute in Stripe instead of refunding it');
      expect(mail.replyTo).toBeUndefined();
      expect(mail.html).toContain('Ada Lovelace &lt;ada@example.com&gt;');
      expect(extractLinks(mail)).toEqual([dashboardUrl]);
    });

    it('escalated: the inquiry became a chargeback, with its new deadline', () => {
      const mail = render({ escalated: true, evidenceDueBy: '2026-12-14T23:59:59.000Z' });
      expect(mail.subject).toBe(
        'Inquiry became a chargeback: $399.00 for LLC Formation, evidence due 14 December 2026',
      );
      expect(mail.text).toContain(
        "The cardholder's bank turned its inquiry about the payment of $399.00 for LLC Formation into a chargeback",
      );
      expect(mail.text).toContain('Evidence due by: 14 December 2026 at 6:59 PM EST (America/New_York)');
    });

    it('opened on a subscription payment, as an inquiry, and for a charge that is not the portal’s', () => {
      const subscription = render({
        description: 'Starter Bookkeeping subscription',
        reference: 'ABCD1234-0002',
        kind: 'subscription',
        status: 'warning_needs_response',
        reason: 'product_not_received',
      });
      expect(subscription.subject).toBe(
        'Payment inquiry: $399.00 for Starter Bookkeeping subscription, evidence due 7 December 2026',
      );
      expect(subscription.text).toContain('an inquiry: no money has been taken yet');
      expect(subscription.text).toContain('Subscription payment: Starter Bookkeeping subscription');
      expect(subscription.text).toContain('Invoice: ABCD1234-0002');
      expect(subscription.text).toContain('Reason: service not received');

      const stranger = render({
        clientName: null,
        clientEmail: null,
        description: 'Charge ch_9',
        reference: null,
        kind: null,
        evidenceDueBy: null,
        reason: 'something_new',
      });
      expect(stranger.subject).toBe('Payment disputed: $399.00 for Charge ch_9');
      expect(stranger.text).toContain('Client: unknown (not a portal client)');
      expect(stranger.text).not.toContain('Order:');
      expect(stranger.text).toContain('Reason: something_new');
      expect(stranger.text).toContain('Submit evidence in Stripe as soon as possible.');
    });

    it('closed: the outcome, without a deadline', () => {
      const won = render({ stage: 'closed', status: 'won', evidenceDueBy: null });
      expect(won.subject).toBe('Dispute won: $399.00 for LLC Formation');
      expect(won.text).toContain(
        'The dispute of the payment of $399.00 for LLC Formation is won: the bank returned the amount.',
      );
      expect(won.text).not.toContain('Evidence due');
      expect(extractLinks(won)).toEqual([dashboardUrl]);
      expect(render({ stage: 'closed', status: 'lost' }).subject).toBe('Dispute lost: $399.00 for LLC Formation');
      const inquiry = render({ stage: 'closed', status: 'warning_closed' });
      expect(inquiry.subject).toBe('Dispute closed: $399.00 for LLC Formation');
      expect(inquiry.text).toContain('closed by the bank without a chargeback');
    });
  });
});
