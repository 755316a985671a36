import type Stripe from 'stripe';
import { found, invalidRequest } from './errors';
import { newId } from './ids';
import { LIST_PARAMS, listOptions, mergeMetadata } from './params';
import { Call, copy, FakeStripeState, paginate } from './state';

/** Stripe's dispute reasons (https://docs.stripe.com/disputes/categories). */
const DISPUTE_REASONS = [
  'bank_cannot_process',
  'check_returned',
  'credit_not_processed',
  'customer_initiated',
  'debit_not_authorized',
  'duplicate',
  'fraudulent',
  'general',
  'incorrect_account_details',
  'insufficient_funds',
  'noncompliant',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'unrecognized',
] as const;

type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** How a dispute starts: a chargeback (funds withdrawn at once) or an inquiry (a warning, no funds moved). */
export interface DisputeOptions {
  reason?: DisputeReason;
  inquiry?: boolean;
}

/** Days the merchant has to answer: test-mode disputes are due at the end of a day about a week away (UTC). */
const EVIDENCE_DAYS = 7;
const DAY = 86_400;

/** Every evidence field Stripe lists, empty (`evidence` of a new dispute). */
const EVIDENCE_TEXT_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_communication',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'customer_signature',
  'duplicate_charge_documentation',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'receipt',
  'refund_policy',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'service_documentation',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_documentation',
  'shipping_tracking_number',
  'uncategorized_file',
  'uncategorized_text',
] as const;

/**
 * A dispute of a succeeded charge, as the bank opens it (Stripe's test cards 4000 0000 0000 0259 and
 * others do this right after the charge; tests call it for any charge): the charge is `disputed`, and
 * `charge.dispute.created` follows. A chargeback takes the amount from the balance at once
 * (`charge.dispute.funds_withdrawn`, a balance transaction); an inquiry (`warning_needs_response`) moves
 * no money.
 */
export function openDispute(state: FakeStripeState, chargeId: string, options: DisputeOptions = {}): Stripe.Dispute {
  const charge = found(state.charges, 'charge', chargeId, 'charge');
  if (charge.status !== 'succeeded') {
    throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be disputed.`, { param: 'charge' });
  }
  if ([...state.disputes.values()].some((dispute) => dispute.charge === charge.id)) {
    throw invalidRequest(`Charge ${charge.id} has already been disputed.`, { param: 'charge' });
  }
  const created = state.now();
  const card = charge.payment_method_details?.card;
  const dispute: Stripe.Dispute = {
    id: newId('dp'),
    object: 'dispute',
    amount: charge.amount_captured - charge.amount_refunded,
    balance_transactions: [],
    charge: charge.id,
    created,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: {
      ...(Object.fromEntries(EVIDENCE_TEXT_FIELDS.map((field) => [field, null])) as Record<
        (typeof EVIDENCE_TEXT_FIELDS)[number],
        null
      >),
      enhanced_evidence: {},
    },
    evidence_details: {
      due_by: evidenceDueBy(created),
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    network_reason_code: null,
    payment_intent: charge.payment_intent,
    payment_method_details: {
      card: {
        brand: card?.brand ?? 'visa',
        case_type: options.inquiry ? 'inquiry' : 'chargeback',
        network: card?.network ?? card?.brand ?? 'visa',
        network_reason_code: null,
      },
      type: 'card',
    },
    reason: options.reason ?? 'fraudulent',
    status: options.inquiry ? 'warning_needs_response' : 'needs_response',
  };
  state.disputes.set(dispute.id, dispute);
  charge.disputed = true;
  // The bank opens it, not an API request of ours: its events name no request.
  const request = state.request;
  state.request = null;
  try {
    state.emit('charge.dispute.created', dispute);
    if (!options.inquiry) moveFunds(state, dispute, 'withdrawn');
  } finally {
    state.request = request;
  }
  return dispute;
}

/**
 * The bank escalates an open inquiry into a chargeback (no API request of ours does this): the same
 * dispute becomes a chargeback (`needs_response`, a new evidence deadline, the submission count kept),
 * with `charge.dispute.updated` and then `charge.dispute.funds_withdrawn`.
 */
export function escalateDispute(state: FakeStripeState, disputeId: string): Stripe.Dispute {
  const dispute = disputeOf(state, disputeId);
  assertOpen(dispute);
  if (!isInquiry(dispute)) throw invalidRequest(`Dispute ${dispute.id} is not an inquiry.`, { param: 'dispute' });
  const before = copy(dispute);
  dispute.payment_method_details!.card!.case_type = 'chargeback';
  dispute.status = 'needs_response';
  dispute.evidence_details.due_by = evidenceDueBy(state.now());
  const request = state.request;
  state.request = null;
  try {
    state.emit('charge.dispute.updated', dispute, before);
    moveFunds(state, dispute, 'withdrawn');
  } finally {
    state.request = request;
  }
  return dispute;
}

/** 23:59:59 UTC, EVIDENCE_DAYS days after the day of `from`: when Stripe's test disputes want evidence by. */
function evidenceDueBy(from: number): number {
  return Math.floor(from / DAY) * DAY + EVIDENCE_DAYS * DAY + DAY - 1;
}

export function retrieveDispute({ state, params, path }: Call): Stripe.Dispute {
  params.allow();
  return disputeOf(state, path[0]);
}

/** Disputes, newest first, of a charge or a PaymentIntent when asked. */
export function listDisputes({ state, params }: Call): Stripe.ApiList<Stripe.Dispute> {
  params.allow('charge', 'payment_intent', 'created', ...LIST_PARAMS);
  const charge = params.string('charge');
  const paymentIntent = params.string('payment_intent');
  const disputes = [...state.disputes.values()]
    .reverse()
    .filter(
      (dispute) =>
        (!charge || dispute.charge === charge) && (!paymentIntent || dispute.payment_intent === paymentIntent),
    );
  return paginate(disputes, '/v1/disputes', listOptions(params));
}

/**
 * Evidence and metadata; `submit` (true unless false) sends the evidence to the bank: the dispute goes
 * under review. As in Stripe's test mode, `uncategorized_text` `winning_evidence` or `losing_evidence`
 * settles it at once (won, the funds reinstated; or lost), with `charge.dispute.closed`.
 */
export function updateDispute({ state, params, path }: Call): Stripe.Dispute {
  params.allow('evidence', 'metadata', 'submit', 'intended_submission_method');
  const dispute = disputeOf(state, path[0]);
  assertOpen(dispute);
  const evidence = params.object('evidence');
  evidence?.allow(...EVIDENCE_TEXT_FIELDS);
  const submit = params.boolean('submit') ?? true;
  const before = copy(dispute);
  for (const field of EVIDENCE_TEXT_FIELDS) {
    const value = evidence?.string(field);
    if (value !== undefined) dispute.evidence[field] = value;
  }
  dispute.metadata = mergeMetadata(dispute.metadata, params.metadata());
  dispute.evidence_details.has_evidence = EVIDENCE_TEXT_FIELDS.some((field) => dispute.evidence[field] !== null);
  if (submit) {
    dispute.evidence_details.submission_count += 1;
    dispute.evidence_details.submission_method = 'manual';
    dispute.status = isInquiry(dispute) ? 'warning_under_review' : 'under_review';
  }
  state.emit('charge.dispute.updated', dispute, before);
  const text = dispute.evidence.uncategorized_text;
  if (submit && (text === 'winning_evidence' || text === 'losing_evidence')) {
    closeAs(state, dispute, text === 'winning_evidence' ? 'won' : 'lost');
  }
  return dispute;
}

/** Accepting the dispute: a chargeback is lost, an inquiry closed (warning_closed). */
export function closeDispute({ state, params, path }: Call): Stripe.Dispute {
  params.allow();
  const dispute = disputeOf(state, path[0]);
  assertOpen(dispute);
  closeAs(state, dispute, isInquiry(dispute) ? 'warning_closed' : 'lost');
  return dispute;
}

/** The fake-only route that opens a dispute on a charge: `reason` and `inquiry` as in DisputeOptions. */
export function openDisputeCall({ state, params, path }: Call): Stripe.Dispute {
  params.allow('reason', 'inquiry');
  return openDispute(state, path[0], {
    reason: params.oneOf('reason', DISPUTE_REASONS),
    inquiry: params.boolean('inquiry'),
  });
}

function closeAs(state: FakeStripeState, dispute: Stripe.Dispute, status: 'won' | 'lost' | 'warning_closed'): void {
  dispute.status = status;
  state.emit('charge.dispute.closed', dispute);
  if (status === 'won' && dispute.balance_transactions.length > 0) moveFunds(state, dispute, 'reinstated');
}

function moveFunds(state: FakeStripeState, dispute: Stripe.Dispute, way: 'withdrawn' | 'reinstated'): void {
  const amount = way === 'withdrawn' ? -dispute.amount : dispute.amount;
  const transaction = {
    id: newId('txn'),
    object: 'balance_transaction',
    amount,
    available_on: state.now(),
    balance_type: 'payments',
    created: state.now(),
    currency: dispute.currency,
    description: way === 'withdrawn' ? `Chargeback withdrawal for ${dispute.charge as string}` : 'Chargeback reversal',
    exchange_rate: null,
    fee: way === 'withdrawn' ? 1500 : -1500,
    fee_details: [],
    net: amount - (way === 'withdrawn' ? 1500 : -1500),
    reporting_category: way === 'withdrawn' ? 'dispute' : 'dispute_reversal',
    source: dispute.id,
    status: 'available',
    type: 'adjustment',
  } as unknown as Stripe.BalanceTransaction;
  dispute.balance_transactions.push(transaction);
  state.emit(`charge.dispute.funds_${way}`, dispute);
}

function disputeOf(state: FakeStripeState, id: string): Stripe.Dispute {
  return found(state.disputes, 'dispute', id);
}

function isInquiry(dispute: Stripe.Dispute): boolean {
  return dispute.payment_method_details?.card?.case_type === 'inquiry';
}

function assertOpen(dispute: Stripe.Dispute): void {
  if (['won', 'lost', 'warning_closed', 'prevented'].includes(dispute.status)) {
    throw invalidRequest(`This dispute is already closed (${dispute.status}).`, { code: 'dispute_already_closed' });
  }
}
