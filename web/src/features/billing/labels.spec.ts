import {
  billingPeriodLabel,
  canCancel,
  cancelRequest,
  cancelTrialSentence,
  canReactivate,
  cardLabel,
  invoiceAmount,
  invoiceNames,
  invoiceStatusLabel,
  BILLING_MESSAGES,
  purchaseName,
  purchaseStatusLabel,
  reactivationMessage,
  refundLabel,
  subscriptionStatusLabel,
} from './labels';

const now = new Date('2026-05-01T12:00:00Z');
const future = '2026-06-01T12:00:00Z';
const past = '2026-04-01T12:00:00Z';

describe('billing labels', () => {
  // The e2e tests read these texts from BILLING_MESSAGES: pinned here as the spec words them (part 2,
  // sections 2, 4 and 8, in the catalogue's order), so a typo in labels.ts fails a test.
  it.each([
    ['paymentFailed', 'Failed to process payment. Please try again.'],
    ['paymentErrorPassedUp', 'An error occurred during payment processing. Please try again.'],
    ['serviceLoad', 'Failed to load service details. Please try again.'],
    ['formLoad', 'Failed to load form details. Please try again.'],
    ['setupIntent', 'Failed to initialize payment form. Please try again.'],
    ['subscriptionProcessing', 'Failed to process subscription. Please try again.'],
    ['subscriptionLoad', 'Failed to load subscription details. Please try again.'],
    ['confirmationLoad', 'Failed to load subscription details. Please contact support.'],
    ['noPackage', 'No package selected'],
    ['subscriptionsLoad', 'Failed to load subscription information'],
    ['cancel', 'Failed to cancel subscription'],
    ['reactivate', 'Failed to reactivate subscription'],
    ['invoices', 'Failed to load invoice history'],
    ['paymentPageLoad', 'Failed to load subscription details'],
    ['updatePaymentMethod', 'Failed to update payment method'],
    ['purchasesLoad', 'Failed to fetch purchase history'],
    ['noService', 'No service selected. Please choose a service to purchase.'],
    ['noFiling', 'No filing selected. Please choose a filing to purchase.'],
    ['paymentSuccessful', 'Payment Successful!'],
    ['processing', 'Processing...'],
    ['trialCancel', "You are still in your trial period. You won't be charged if you cancel now."],
    ['chargedNow', 'Your credit card will be charged immediately and your subscription will be active right away.'],
  ] as const)('words %s as the spec does', (key, text) => {
    expect(BILLING_MESSAGES[key]).toBe(text);
  });

  it.each([
    ['paid', 'Paid'],
    ['open', 'Unpaid'],
    ['void', 'Void'],
    ['draft', 'Draft'],
    ['uncollectible', 'Uncollectible'],
    ['refunded', 'refunded'],
  ])('invoice status %s reads %s', (status, label) => {
    expect(invoiceStatusLabel(status)).toBe(label);
  });

  it('shows statuses uppercase, and CANCELING while cancel_at_period_end', () => {
    expect(subscriptionStatusLabel({ status: 'trialing', cancel_at_period_end: false })).toBe('TRIALING');
    expect(subscriptionStatusLabel({ status: 'active', cancel_at_period_end: true })).toBe('CANCELING');
    expect(subscriptionStatusLabel({ status: 'past_due', cancel_at_period_end: false })).toBe('PAST_DUE');
    expect(purchaseStatusLabel({ status: 'succeeded' })).toBe('SUCCEEDED');
  });

  it('offers Cancel while not cancelling, Re-Activate while cancelling', () => {
    expect(canCancel({ status: 'active', cancel_at_period_end: false })).toBe(true);
    expect(canCancel({ status: 'trialing', cancel_at_period_end: true })).toBe(false);
    expect(canCancel({ status: 'canceled', cancel_at_period_end: false })).toBe(false);
    expect(canReactivate({ cancel_at_period_end: true })).toBe(true);
    expect(canReactivate({ cancel_at_period_end: false })).toBe(false);
  });

  it('says in the cancel dialog that a trial costs nothing, while the trial lasts', () => {
    expect(cancelTrialSentence({ trial_end_date: future }, now)).toBe(
      "You are still in your trial period. You won't be charged if you cancel now.",
    );
    expect(cancelTrialSentence({ trial_end_date: past }, now)).toBeNull();
    expect(cancelTrialSentence({ trial_end_date: null }, now)).toBeNull();
  });

  it('tells what re-activating does: the trial goes on, or the card is charged', () => {
    expect(reactivationMessage({ status: 'trialing', trial_end_date: future }, now)).toBe(
      'Your subscription will continue with your current trial period. Your credit card will not be charged until June 1, 2026.',
    );
    const chargedNow = 'Your credit card will be charged immediately and your subscription will be active right away.';
    expect(reactivationMessage({ status: 'active', trial_end_date: past }, now)).toBe(chargedNow);
    expect(reactivationMessage({ status: 'trialing', trial_end_date: past }, now)).toBe(chargedNow);
  });

  it('names purchases, cards and the billing period', () => {
    expect(purchaseName({ package: { name: 'Starter Bookkeeping' }, service: null, form: null })).toBe(
      'Starter Bookkeeping',
    );
    expect(purchaseName({ package: null, service: null, form: { form_name: 'Annual Report' } })).toBe('Annual Report');
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
    expect(cardLabel(null)).toBe('No card on file');
    expect(billingPeriodLabel(undefined)).toBe('Monthly');
    expect(billingPeriodLabel('monthly')).toBe('Monthly');
  });

  it('tells what was refunded of a purchase: all of it, part of it, or nothing', () => {
    const llc = { amount: 399, currency: 'usd' };
    expect(refundLabel({ ...llc, amount_refunded: 399 })).toBe('Refunded');
    expect(refundLabel({ ...llc, amount_refunded: 100 })).toBe('Refunded $100.00 of $399.00');
    expect(refundLabel({ ...llc, amount_refunded: 0.5 })).toBe('Refunded $0.50 of $399.00');
    expect(refundLabel({ ...llc, amount_refunded: 0 })).toBeNull();
    // Subscription payments: their refunds are not told.
    expect(refundLabel({ ...llc, amount_refunded: null })).toBeNull();
  });

  it('sends the cancel reason as a text, empty when none was typed', () => {
    expect(cancelRequest('  We hired an in-house bookkeeper. ')).toEqual({
      reason: 'We hired an in-house bookkeeper.',
    });
    expect(cancelRequest('   ')).toEqual({ reason: '' });
  });

  it('names each invoice distinctly for its links: by number, else by date and amount', () => {
    const invoice = {
      number: null,
      created: '2026-05-01T12:00:00Z',
      amount_paid: 0,
      amount_due: 29900,
      currency: 'usd',
      status: 'draft' as const,
    };
    const paid = { ...invoice, number: 'F2A1B3C4-0002', amount_paid: 29900, status: 'paid' as const };
    const june = { ...invoice, created: '2026-06-01T12:00:00Z', status: 'open' as const };
    const voided = { ...invoice, amount_due: 4900, status: 'void' as const };
    expect(invoiceAmount(paid)).toBe('$299.00');
    expect(invoiceNames([paid, june, invoice, voided])).toEqual([
      'invoice F2A1B3C4-0002',
      'invoice dated June 1, 2026, $299.00',
      'invoice dated May 1, 2026, $299.00',
      'invoice dated May 1, 2026, $49.00',
    ]);
    // Alike in number, date and amount: told apart by their order.
    expect(invoiceNames([invoice, paid, { ...invoice, status: 'open' as const }])).toEqual([
      'invoice dated May 1, 2026, $299.00 (1 of 2)',
      'invoice F2A1B3C4-0002',
      'invoice dated May 1, 2026, $299.00 (2 of 2)',
    ]);
  });
});
