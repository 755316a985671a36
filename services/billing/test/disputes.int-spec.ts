import type { CreateSubscriptionReply, PaymentReply } from '@portal/contracts';
import type { MailTemplates } from '@portal/events';
import { waitForMail } from '@portal/testing';
import type Stripe from 'stripe';
import { api, newClient, newKey, serviceId, useBillingApp } from './billing-fixtures';

const STAFF_EMAIL = 'staff-disputes@example.com';

type DisputeAlert = MailTemplates['dispute-alert'];

/**
 * Disputes (chargebacks) of the portal's charges, opened by the fake Stripe's bank the way Stripe's test
 * mode does: recorded against what the charge paid for, and told to the staff once when opened (with the
 * evidence deadline) and once when closed, whatever the order or the number of deliveries of the events.
 */
describe('disputes', () => {
  const billing = useBillingApp({ STAFF_EMAIL, FIRM_TIME_ZONE: 'America/New_York' });
  const app = () => billing.app;

  const disputeRow = async (stripeDisputeId: string) => {
    const [row] = await app().sql<{
      order_id: string | null;
      invoice_id: string | null;
      user_id: string | null;
      stripe_charge_id: string;
      amount_cents: number;
      currency: string;
      reason: string;
      status: string;
      evidence_due_by: Date | null;
      alert_queued_at: Date | null;
      outcome_queued_at: Date | null;
    }>('SELECT * FROM billing.disputes WHERE stripe_dispute_id = $1', [stripeDisputeId]);
    return row;
  };
  /** The staff mails queued about a dispute, oldest first. */
  const alerts = async (stripeDisputeId: string) =>
    (
      await app().sql<{ to: string; data: DisputeAlert }>(
        `SELECT payload->>'to' AS to, payload->'data' AS data FROM billing.outbox
          WHERE payload->>'template' = 'dispute-alert' AND payload->'data'->>'disputeId' = $1 ORDER BY created_at`,
        [stripeDisputeId],
      )
    ).map(({ to, data }) => ({ to, stage: data.stage, status: data.status, data }));
  const eventsOf = (id: string, type?: string) =>
    billing.fake
      .events()
      .filter((event) => (event.data.object as { id: string }).id === id && (!type || event.type === type));
  /** Delivers stored events again as new ones (the endpoint forgets them first, as after a lost answer). */
  async function redeliver(events: Stripe.Event[], url?: string) {
    for (const event of events) {
      await app().sql('DELETE FROM billing.stripe_events WHERE id = $1', [event.id]);
      billing.fake.redeliver(event.id, url);
    }
    await billing.settled();
  }
  const disputesOfCharge = async (chargeId: string) => (await billing.stripe.disputes.list({ charge: chargeId })).data;

  /** A client who bought LLC Formation ($399) with `card`, every event of the payment processed. */
  async function paidLlc(label: string, card = 'pm_card_visa') {
    const client = await newClient(app(), label);
    const paid = await api<PaymentReply>(app(), 'POST', '/payments/service-payment', {
      token: client.token,
      key: newKey(),
      json: { service_id: await serviceId(app(), 'llc-formation'), payment_method_id: card },
    });
    expect(paid.body.status).toBe('succeeded');
    await billing.settled();
    const [{ stripe_payment_intent_id: paymentIntentId }] = await app().sql<{ stripe_payment_intent_id: string }>(
      'SELECT stripe_payment_intent_id FROM billing.orders WHERE id = $1',
      [paid.body.id],
    );
    const paymentIntent = await billing.stripe.paymentIntents.retrieve(paymentIntentId);
    return { client, orderId: paid.body.id, chargeId: paymentIntent.latest_charge as string };
  }

  it('records a dispute of a purchase (card 4000000000000259) and tells the staff once, even when its events come twice', async () => {
    const since = new Date();
    const { client, orderId, chargeId } = await paidLlc('dispute-card', 'pm_card_createDispute');
    const [dispute] = await disputesOfCharge(chargeId);
    expect(dispute).toMatchObject({ status: 'needs_response', reason: 'fraudulent', amount: 39900 });

    const dueBy = new Date(dispute.evidence_details.due_by! * 1000);
    expect(await disputeRow(dispute.id)).toMatchObject({
      order_id: orderId,
      invoice_id: null,
      user_id: client.userId,
      stripe_charge_id: chargeId,
      amount_cents: 39900,
      currency: 'usd',
      reason: 'fraudulent',
      status: 'needs_response',
      evidence_due_by: dueBy,
      outcome_queued_at: null,
    });
    expect(await alerts(dispute.id)).toEqual([
      {
        to: STAFF_EMAIL,
        stage: 'opened',
        status: 'needs_response',
        data: expect.objectContaining({
          clientEmail: client.email,
          description: 'LLC Formation',
          reference: orderId,
          kind: 'service',
          amountCents: 39900,
          evidenceDueBy: dueBy.toISOString(),
          dashboardUrl: `https://dashboard.stripe.com/test/disputes/${dispute.id}`,
        }),
      },
    ]);
    const mail = await waitForMail(app().dataDir, STAFF_EMAIL, { since, timeoutMs: 20_000 });
    expect(mail.subject).toMatch(/^Payment disputed: \$399\.00 for LLC Formation, evidence due \d+ \w+ \d{4}$/);
    expect(mail.text).toContain(client.email);
    expect(mail.text).toContain(`Order: ${orderId}`);
    expect(mail.text).toContain('Reason: fraudulent');
    expect(mail.text).toMatch(/Evidence due by: .* (EST|EDT)/);
    expect(mail.text).toContain(`https://dashboard.stripe.com/test/disputes/${dispute.id}`);

    // created and funds_withdrawn, each delivered again: the same row, no second alert.
    const recorded = await disputeRow(dispute.id);
    await redeliver(eventsOf(dispute.id));
    expect(await disputeRow(dispute.id)).toMatchObject({ alert_queued_at: recorded.alert_queued_at });
    expect(await alerts(dispute.id)).toHaveLength(1);
  });

  it('records the outcome when the dispute closes, with one note, and never alerts again', async () => {
    const { chargeId } = await paidLlc('dispute-won');
    const opened = billing.fake.dispute(chargeId, { reason: 'product_not_received' });
    await billing.settled();
    expect(await disputeRow(opened.id)).toMatchObject({ status: 'needs_response', reason: 'product_not_received' });

    await billing.stripe.disputes.update(opened.id, { evidence: { uncategorized_text: 'winning_evidence' } });
    await billing.settled();
    expect(await disputeRow(opened.id)).toMatchObject({ status: 'won', evidence_due_by: null });
    expect(await alerts(opened.id)).toEqual([
      expect.objectContaining({ stage: 'opened', status: 'needs_response' }),
      expect.objectContaining({ stage: 'closed', status: 'won' }),
    ]);

    // Every event of the dispute again, the opening last: it stays won, nothing more is sent.
    await redeliver(eventsOf(opened.id).reverse());
    expect(await disputeRow(opened.id)).toMatchObject({ status: 'won' });
    expect(await alerts(opened.id)).toHaveLength(2);
  });

  it('ends in Stripe’s state when the events arrive in reverse order: closed first, one outcome note', async () => {
    const { orderId, chargeId } = await paidLlc('dispute-late');
    // Nothing reaches the app while the dispute opens and is accepted (lost); then the events, newest first.
    billing.fake.setWebhookUrl(null);
    const opened = billing.fake.dispute(chargeId);
    await billing.stripe.disputes.close(opened.id);
    billing.fake.setWebhookUrl(`${app().gateway.baseUrl}/api/webhooks/stripe`);
    const events = eventsOf(opened.id);
    expect(events.map((event) => event.type)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.closed',
    ]);
    await redeliver(events.slice().reverse());

    expect(await disputeRow(opened.id)).toMatchObject({ order_id: orderId, status: 'lost', evidence_due_by: null });
    // Closed when first seen: the outcome is what the staff need; no deadline is left to alert about.
    expect(await alerts(opened.id)).toEqual([expect.objectContaining({ stage: 'closed', status: 'lost' })]);
  });

  it('tells the staff again, once, when the bank turns an inquiry into a chargeback', async () => {
    const { chargeId } = await paidLlc('dispute-escalated');
    const inquiry = billing.fake.dispute(chargeId, { inquiry: true });
    await billing.settled();
    expect(await alerts(inquiry.id)).toEqual([
      expect.objectContaining({ stage: 'opened', status: 'warning_needs_response' }),
    ]);
    expect((await alerts(inquiry.id))[0].data.escalated).toBeUndefined();

    billing.fake.escalateDispute(inquiry.id);
    await billing.settled();
    const chargeback = await billing.stripe.disputes.retrieve(inquiry.id);
    expect(await disputeRow(inquiry.id)).toMatchObject({
      status: 'needs_response',
      evidence_due_by: new Date(chargeback.evidence_details.due_by! * 1000),
    });
    const told = await alerts(inquiry.id);
    expect(told).toEqual([
      expect.objectContaining({ stage: 'opened', status: 'warning_needs_response' }),
      expect.objectContaining({
        stage: 'opened',
        status: 'needs_response',
        data: expect.objectContaining({ escalated: true }) as unknown,
      }),
    ]);

    // Every event again, in any order: nothing more (the inquiry's own events say nothing new either).
    await redeliver(eventsOf(inquiry.id).reverse());
    expect(await alerts(inquiry.id)).toHaveLength(2);
  });

  it('records a dispute of a subscription payment against its invoice', async () => {
    const client = await newClient(app(), 'dispute-subscription');
    const created = await api<CreateSubscriptionReply>(app(), 'POST', '/subscriptions/stripe', {
      token: client.token,
      key: newKey(),
      json: { package_id: await serviceId(app(), 'payroll-growth'), payment_method_id: 'pm_card_createDispute' },
    });
    expect(created.status).toBe(201);
    await billing.settled();
    const [invoice] = await app().sql<{ id: string; number: string; stripe_invoice_id: string }>(
      'SELECT id, number, stripe_invoice_id FROM billing.invoices WHERE user_id = $1',
      [client.userId],
    );
    const [payment] = (await billing.stripe.invoicePayments.list({ invoice: invoice.stripe_invoice_id })).data;
    const paymentIntent = await billing.stripe.paymentIntents.retrieve(payment.payment.payment_intent as string);
    const [dispute] = await disputesOfCharge(paymentIntent.latest_charge as string);

    expect(await disputeRow(dispute.id)).toMatchObject({
      order_id: null,
      invoice_id: invoice.id,
      user_id: client.userId,
      amount_cents: 10000,
      status: 'needs_response',
    });
    expect(await alerts(dispute.id)).toEqual([
      expect.objectContaining({
        stage: 'opened',
        data: expect.objectContaining({
          clientEmail: client.email,
          description: `${created.body.package_name} subscription`,
          reference: invoice.number,
          kind: 'subscription',
        }),
      }),
    ]);
  });
});
