import type Stripe from 'stripe';
import { badParam, found, invalidRequest } from './errors';
import { newId } from './ids';
import { mergeMetadata, missing, Params } from './params';
import { Call, copy, FakeStripeState } from './state';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

/** How many refunds a charge's `refunds` list holds when expanded (Stripe's default page). */
const REFUNDS_PAGE = 10;

/**
 * A card refund of a succeeded charge, named by `payment_intent` (its latest charge) or `charge`: all that
 * is left of it unless `amount` says less. Card refunds succeed at once here (Stripe's test cards do too);
 * the charge takes the amount (`amount_refunded`, `refunded` once nothing is left) and Stripe's two events
 * follow: `charge.refunded` with the charge, then `refund.created` with the refund.
 */
export function createRefund({ state, params }: Call): Stripe.Refund {
  params.allow('payment_intent', 'charge', 'amount', 'reason', 'metadata');
  const charge = chargeToRefund(state, params);
  const left = charge.amount_captured - charge.amount_refunded;
  if (charge.refunded || left <= 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  }
  const amount = params.integer('amount') ?? left;
  if (amount < 1) throw badParam('This value must be greater than or equal to 1.', 'amount');
  if (amount > left) {
    throw invalidRequest(
      `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
      { param: 'amount', code: 'amount_too_large' },
    );
  }
  const refund: Stripe.Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: state.now(),
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    destination_details: { card: { type: 'refund' }, type: 'card' } as Stripe.Refund.DestinationDetails,
    metadata: mergeMetadata({}, params.metadata()),
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: params.oneOf('reason', REASONS) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  state.refunds.set(refund.id, refund);
  const before = copy(charge);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount_captured;
  state.emit('charge.refunded', charge, before);
  state.emit('refund.created', refund);
  return refund;
}

export function retrieveRefund({ state, params, path }: Call): Stripe.Refund {
  params.allow();
  return found(state.refunds, 'refund', path[0]);
}

/**
 * A charge's `refunds`, newest first: since API 2022-11-15 Stripe leaves the list out of a charge unless
 * it is expanded (`expand[]=refunds`, or `latest_charge.refunds` from its PaymentIntent).
 */
export function chargeRefunds(state: FakeStripeState, charge: Stripe.Charge): Stripe.ApiList<Stripe.Refund> {
  const refunds = [...state.refunds.values()].filter((refund) => refund.charge === charge.id).reverse();
  return {
    object: 'list',
    data: refunds.slice(0, REFUNDS_PAGE).map(copy),
    has_more: refunds.length > REFUNDS_PAGE,
    url: `/v1/charges/${charge.id}/refunds`,
  };
}

function chargeToRefund(state: FakeStripeState, params: Params): Stripe.Charge {
  const paymentIntentId = params.string('payment_intent');
  const chargeId = params.string('charge');
  if (!paymentIntentId && !chargeId) throw missing('payment_intent');
  let charge: Stripe.Charge | undefined;
  if (paymentIntentId) {
    const paymentIntent = found(state.paymentIntents, 'payment_intent', paymentIntentId, 'payment_intent');
    charge = paymentIntent.latest_charge ? state.charges.get(paymentIntent.latest_charge as string) : undefined;
    if (paymentIntent.status !== 'succeeded' || !charge) {
      throw invalidRequest(`This PaymentIntent (${paymentIntentId}) does not have a successful charge to refund.`, {
        param: 'payment_intent',
      });
    }
    if (chargeId && chargeId !== charge.id) {
      throw badParam(`The charge ${chargeId} does not belong to PaymentIntent ${paymentIntentId}.`, 'charge');
    }
  } else {
    charge = found(state.charges, 'charge', chargeId!, 'charge');
  }
  if (charge.status !== 'succeeded') {
    throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be refunded.`, { param: 'charge' });
  }
  return charge;
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
