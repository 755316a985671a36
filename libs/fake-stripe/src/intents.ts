import type Stripe from 'stripe';
import { invoicePaymentActionRequired, invoicePaymentFailed, invoicePaymentSucceeded } from './billing';
import { attachPaymentMethod, createPaymentMethod, customerOfParam, paymentMethodFor } from './customers';
import { declineError, DeclineReason } from './declines';
import { openDispute } from './disputes';
import {
  badParam,
  docUrl,
  found,
  invalidRequest,
  noSuch,
  StripeApiError,
  StripeErrorBody,
  unexpectedState,
} from './errors';
import { clientSecretFor, newId } from './ids';
import { createdFilter, LIST_PARAMS, listOptions, mergeMetadata, Params } from './params';
import { Call, Caller, copy, FakeStripeState, paginate } from './state';
import { disputeOf } from './test-cards';

// ---- shared

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** Stripe.js sends the client secret with the publishable key; it must be the intent's. */
function checkClientSecret(caller: Caller, params: Params, intent: { client_secret: string | null }): void {
  if (caller === 'secret') return;
  if (params.string('client_secret') !== intent.client_secret) {
    throw badParam(
      'The client_secret provided does not match the client_secret associated with this intent.',
      'client_secret',
    );
  }
}

/** The payment method a confirmation uses: `payment_method`, `payment_method_data` (new card), or the intent's. */
function paymentMethodOfConfirmation(
  call: Call,
  current: string | Stripe.PaymentMethod | null,
): Stripe.PaymentMethod | null {
  const { state, params } = call;
  const id = params.string('payment_method');
  // A successful setup attaches the method to the intent's customer (completeSetup), a test one included.
  if (id) return paymentMethodFor(state, id, 'payment_method');
  const data = params.object('payment_method_data');
  if (data) return createPaymentMethod({ ...call, params: data });
  if (current) return state.paymentMethods.get(current as string) ?? null;
  return null;
}

function checkOwnership(state: FakeStripeState, paymentMethod: Stripe.PaymentMethod, customer: Stripe.Customer | null) {
  if (paymentMethod.customer && customer && paymentMethod.customer !== customer.id) {
    throw badParam(
      `The customer does not have a payment method with the ID ${paymentMethod.id}. The payment method must be attached to the customer.`,
      'payment_method',
      'resource_missing',
    );
  }
  if (!paymentMethod.customer && state.cards.get(paymentMethod.id)?.spent) {
    throw invalidRequest(
      'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
      { param: 'payment_method' },
    );
  }
}

/**
 * What Stripe.js's 3-D Secure step reads. The fake's stand-in Stripe.js shows its own modal and reports
 * the outcome to `POST /__fake/3ds/{intent}/{complete|fail}` (not a Stripe path).
 */
function useStripeSdk(state: FakeStripeState, intentId: string) {
  return {
    type: 'use_stripe_sdk',
    use_stripe_sdk: {
      type: 'three_d_secure_redirect',
      stripe_js: `${state.baseUrl()}/__fake/3ds/${intentId}`,
      source: newId('src'),
    },
  };
}

/**
 * `allowed_payment_method_types` (API 2026: `payment_method_types` is no longer a parameter). The fake knows
 * cards only.
 */
function allowedTypesOf(params: Params): Array<'card'> | null {
  const types = params.strings('allowed_payment_method_types');
  if (types?.some((type) => type !== 'card')) {
    throw badParam('The fake Stripe only supports cards.', 'allowed_payment_method_types');
  }
  return types ? ['card'] : null;
}

function intentState(state: FakeStripeState, id: string) {
  const setupIntent = state.setupIntents.get(id);
  if (setupIntent) return { setupIntent };
  const paymentIntent = state.paymentIntents.get(id);
  if (paymentIntent) return { paymentIntent };
  return {};
}

// ---- setup intents

export function createSetupIntent(call: Call): Stripe.SetupIntent {
  const { state, params } = call;
  params.allow(
    'customer',
    'usage',
    'allowed_payment_method_types',
    'payment_method',
    'confirm',
    'metadata',
    'description',
    'automatic_payment_methods',
    'payment_method_options',
    'return_url',
    'use_stripe_sdk',
  );
  const customer = customerOfParam(state, params);
  const allowedTypes = allowedTypesOf(params);
  const id = newId('seti');
  const setupIntent: Stripe.SetupIntent = {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: allowedTypes,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: clientSecretFor(id),
    created: state.now(),
    customer: customer?.id ?? null,
    description: params.string('description') || null,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: mergeMetadata({}, params.metadata()),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: params.oneOf('usage', ['on_session', 'off_session']) ?? 'off_session',
  };
  const paymentMethodId = params.string('payment_method');
  if (paymentMethodId) {
    const paymentMethod = paymentMethodFor(state, paymentMethodId, 'payment_method');
    setupIntent.payment_method = paymentMethod.id;
    setupIntent.status = 'requires_confirmation';
  }
  state.setupIntents.set(id, setupIntent);
  state.emit('setup_intent.created', setupIntent);
  if (params.boolean('confirm')) return confirmSetupIntent({ ...call, path: [id], params: new Params({}) });
  return setupIntent;
}

export function retrieveSetupIntent({ state, params, path, caller }: Call): Stripe.SetupIntent {
  params.allow('client_secret');
  const setupIntent = found(state.setupIntents, 'setupintent', path[0]);
  checkClientSecret(caller, params, setupIntent);
  return setupIntent;
}

export function confirmSetupIntent(call: Call): Stripe.SetupIntent {
  const { state, params } = call;
  params.allow(
    'payment_method',
    'payment_method_data',
    'client_secret',
    'return_url',
    'use_stripe_sdk',
    'mandate_data',
    'payment_method_options',
  );
  const setupIntent = retrieveSetupIntent({
    ...call,
    params: new Params({ client_secret: params.string('client_secret') ?? '' }),
  });
  if (!CONFIRMABLE.includes(setupIntent.status)) {
    throw unexpectedState(
      `You cannot confirm this SetupIntent because it has a status of ${setupIntent.status}. Only a SetupIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
      'setup_intent_unexpected_state',
    );
  }
  const customer = setupIntent.customer ? (state.customers.get(setupIntent.customer as string) ?? null) : null;
  const paymentMethod = paymentMethodOfConfirmation(call, setupIntent.payment_method);
  if (!paymentMethod) {
    throw unexpectedState(
      "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
      'setup_intent_unexpected_state',
    );
  }
  checkOwnership(state, paymentMethod, customer);
  const card = state.cards.get(paymentMethod.id)!;
  if (card.behavior === 'decline') {
    const error: StripeErrorBody = { ...declineError('card_declined'), payment_method: copy(paymentMethod) };
    failSetup(state, setupIntent, error);
    throw new StripeApiError(402, { ...error, setup_intent: copy(setupIntent) });
  }
  const before = copy(setupIntent);
  setupIntent.payment_method = paymentMethod.id;
  setupIntent.last_setup_error = null;
  if (card.behavior === 'authenticate_always' || card.behavior === 'authenticate_unless_setup') {
    setupIntent.status = 'requires_action';
    setupIntent.next_action = useStripeSdk(state, setupIntent.id) as Stripe.SetupIntent.NextAction;
    state.emit('setup_intent.requires_action', setupIntent, before);
    return setupIntent;
  }
  return completeSetup(state, setupIntent, paymentMethod);
}

function completeSetup(
  state: FakeStripeState,
  setupIntent: Stripe.SetupIntent,
  paymentMethod: Stripe.PaymentMethod,
): Stripe.SetupIntent {
  const customer = setupIntent.customer ? state.customers.get(setupIntent.customer as string) : undefined;
  if (customer) attachPaymentMethod(state, paymentMethod, customer);
  state.cards.get(paymentMethod.id)!.setUpForOffSession = setupIntent.usage === 'off_session';
  setupIntent.status = 'succeeded';
  setupIntent.payment_method = paymentMethod.id;
  setupIntent.next_action = null;
  setupIntent.last_setup_error = null;
  state.emit('setup_intent.succeeded', setupIntent);
  return setupIntent;
}

function failSetup(state: FakeStripeState, setupIntent: Stripe.SetupIntent, error: StripeErrorBody): void {
  setupIntent.status = 'requires_payment_method';
  setupIntent.payment_method = null;
  setupIntent.next_action = null;
  setupIntent.last_setup_error = error as Stripe.SetupIntent.LastSetupError;
  state.emit('setup_intent.setup_failed', setupIntent);
}

export function cancelSetupIntent({ state, params, path }: Call): Stripe.SetupIntent {
  params.allow('cancellation_reason');
  const setupIntent = retrieveSetupIntent({ state, params: new Params({}), path, caller: 'secret' });
  if (setupIntent.status === 'succeeded' || setupIntent.status === 'canceled') {
    throw unexpectedState(
      `You cannot cancel this SetupIntent because it has a status of ${setupIntent.status}.`,
      'setup_intent_unexpected_state',
    );
  }
  setupIntent.status = 'canceled';
  setupIntent.cancellation_reason =
    params.oneOf('cancellation_reason', ['abandoned', 'requested_by_customer', 'duplicate']) ?? null;
  setupIntent.next_action = null;
  state.emit('setup_intent.canceled', setupIntent);
  return setupIntent;
}

// ---- payment intents

const PAYMENT_INTENT_CREATE = [
  'amount',
  'currency',
  'customer',
  'payment_method',
  'confirm',
  'off_session',
  'metadata',
  'description',
  'allowed_payment_method_types',
  'setup_future_usage',
  'receipt_email',
  'statement_descriptor',
  'statement_descriptor_suffix',
  'capture_method',
  'confirmation_method',
  'return_url',
  'error_on_requires_action',
  'use_stripe_sdk',
  'automatic_payment_methods',
  'payment_method_options',
  'mandate_data',
];

/** What the fake remembers of a PaymentIntent beyond its fields. */
const authenticated = new WeakSet<Stripe.PaymentIntent>();

export interface NewPaymentIntent {
  amount: number;
  currency: string;
  customer: string | null;
  paymentMethod: string | null;
  description: string | null;
  metadata: Record<string, string>;
  setupFutureUsage: Stripe.PaymentIntent.SetupFutureUsage | null;
}

export function newPaymentIntent(state: FakeStripeState, spec: NewPaymentIntent): Stripe.PaymentIntent {
  const id = newId('pi');
  const paymentIntent: Stripe.PaymentIntent = {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: spec.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: clientSecretFor(id),
    confirmation_method: 'automatic',
    created: state.now(),
    currency: spec.currency,
    customer: spec.customer,
    customer_account: null,
    description: spec.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: spec.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: spec.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: spec.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: spec.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
  state.paymentIntents.set(id, paymentIntent);
  state.emit('payment_intent.created', paymentIntent);
  return paymentIntent;
}

export function createPaymentIntent(call: Call): Stripe.PaymentIntent {
  const { state, params } = call;
  params.allow(...PAYMENT_INTENT_CREATE);
  const amount = params.requiredInteger('amount');
  const currency = params.requiredString('currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw badParam(`Invalid currency: ${currency}.`, 'currency');
  if (amount < 50) {
    throw badParam(`Amount must be at least $0.50 ${currency}`, 'amount', 'amount_too_small');
  }
  const allowedTypes = allowedTypesOf(params);
  if (params.oneOf('capture_method', ['automatic', 'automatic_async', 'manual']) === 'manual') {
    throw badParam('The fake Stripe does not support capture_method=manual.', 'capture_method');
  }
  const customer = customerOfParam(state, params);
  const confirm = params.boolean('confirm') ?? false;
  if (params.has('off_session') && !confirm) {
    throw badParam('off_session can only be used when confirm=true.', 'off_session');
  }
  const paymentMethodId = params.string('payment_method');
  const paymentMethod = paymentMethodId ? paymentMethodFor(state, paymentMethodId, 'payment_method') : null;
  const paymentIntent = newPaymentIntent(state, {
    amount,
    currency,
    customer: customer?.id ?? null,
    paymentMethod: paymentMethod?.id ?? null,
    description: params.string('description') || null,
    metadata: mergeMetadata({}, params.metadata()),
    setupFutureUsage: params.oneOf('setup_future_usage', ['on_session', 'off_session']) ?? null,
  });
  paymentIntent.allowed_payment_method_types = allowedTypes;
  paymentIntent.confirmation_method = params.oneOf('confirmation_method', ['automatic', 'manual']) ?? 'automatic';
  paymentIntent.receipt_email = params.string('receipt_email') || null;
  paymentIntent.statement_descriptor_suffix = params.string('statement_descriptor_suffix') || null;
  if (!confirm) return paymentIntent;
  const confirmParams: Record<string, string> = {};
  const offSession = params.string('off_session');
  if (offSession !== undefined) confirmParams.off_session = offSession;
  return confirmPaymentIntent({ ...call, path: [paymentIntent.id], params: new Params(confirmParams) });
}

export function retrievePaymentIntent({ state, params, path, caller }: Call): Stripe.PaymentIntent {
  params.allow('client_secret');
  const paymentIntent = found(state.paymentIntents, 'payment_intent', path[0]);
  checkClientSecret(caller, params, paymentIntent);
  return paymentIntent;
}

/** Newest first; by customer and by creation time, as Stripe's list does. */
export function listPaymentIntents({ state, params }: Call): Stripe.ApiList<Stripe.PaymentIntent> {
  params.allow('customer', 'created', ...LIST_PARAMS);
  const customer = params.string('customer');
  const created = createdFilter(params);
  const paymentIntents = [...state.paymentIntents.values()]
    .reverse()
    .filter((paymentIntent) => (!customer || paymentIntent.customer === customer) && created(paymentIntent.created));
  return paginate(paymentIntents, '/v1/payment_intents', listOptions(params));
}

export function updatePaymentIntent({ state, params, path }: Call): Stripe.PaymentIntent {
  params.allow('amount', 'description', 'metadata', 'payment_method', 'receipt_email', 'setup_future_usage');
  const paymentIntent = retrievePaymentIntent({ state, params: new Params({}), path, caller: 'secret' });
  if (!CONFIRMABLE.includes(paymentIntent.status)) {
    throw unexpectedState(
      `This PaymentIntent could not be updated because it has a status of ${paymentIntent.status}.`,
      'payment_intent_unexpected_state',
    );
  }
  const amount = params.integer('amount');
  if (amount !== undefined) paymentIntent.amount = amount;
  if (params.has('description')) paymentIntent.description = params.string('description') || null;
  if (params.has('receipt_email')) paymentIntent.receipt_email = params.string('receipt_email') || null;
  paymentIntent.metadata = mergeMetadata(paymentIntent.metadata, params.metadata());
  const paymentMethodId = params.string('payment_method');
  if (paymentMethodId) {
    paymentIntent.payment_method = paymentMethodFor(state, paymentMethodId, 'payment_method').id;
    paymentIntent.status = 'requires_confirmation';
  }
  return paymentIntent;
}

export function confirmPaymentIntent(call: Call): Stripe.PaymentIntent {
  const { state, params } = call;
  params.allow(
    'payment_method',
    'payment_method_data',
    'off_session',
    'client_secret',
    'return_url',
    'setup_future_usage',
    'use_stripe_sdk',
    'error_on_requires_action',
    'receipt_email',
    'mandate_data',
    'payment_method_options',
  );
  const paymentIntent = retrievePaymentIntent({
    ...call,
    params: new Params({ client_secret: params.string('client_secret') ?? '' }),
  });
  if (!CONFIRMABLE.includes(paymentIntent.status)) {
    throw unexpectedState(
      `You cannot confirm this PaymentIntent because it has a status of ${paymentIntent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
      'payment_intent_unexpected_state',
    );
  }
  const customer = paymentIntent.customer ? (state.customers.get(paymentIntent.customer as string) ?? null) : null;
  const paymentMethod = paymentMethodOfConfirmation(call, paymentIntent.payment_method);
  if (!paymentMethod) {
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      'payment_intent_unexpected_state',
    );
  }
  checkOwnership(state, paymentMethod, customer);
  const setupFutureUsage = params.oneOf('setup_future_usage', ['on_session', 'off_session']);
  if (setupFutureUsage) paymentIntent.setup_future_usage = setupFutureUsage;
  const offSession = params.string('off_session');
  const error = attemptPayment(state, paymentIntent, paymentMethod, {
    offSession: offSession !== undefined && offSession !== 'false',
  });
  if (error) throw new StripeApiError(402, { ...error, payment_intent: copy(paymentIntent) });
  return paymentIntent;
}

export function cancelPaymentIntent({ state, params, path }: Call): Stripe.PaymentIntent {
  params.allow('cancellation_reason');
  const paymentIntent = retrievePaymentIntent({ state, params: new Params({}), path, caller: 'secret' });
  if (state.invoiceOfPaymentIntent.has(paymentIntent.id)) {
    throw unexpectedState(
      'You cannot cancel this PaymentIntent because it was created by an invoice. Void the invoice instead.',
      'payment_intent_unexpected_state',
    );
  }
  cancelIntent(state, paymentIntent, params.string('cancellation_reason') ?? null);
  return paymentIntent;
}

export function cancelIntent(state: FakeStripeState, paymentIntent: Stripe.PaymentIntent, reason: string | null) {
  if (!CONFIRMABLE.includes(paymentIntent.status)) {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${paymentIntent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CONFIRMABLE.join(', ')}, requires_capture, processing.`,
      'payment_intent_unexpected_state',
    );
  }
  paymentIntent.status = 'canceled';
  paymentIntent.canceled_at = state.now();
  paymentIntent.cancellation_reason = reason as Stripe.PaymentIntent.CancellationReason | null;
  paymentIntent.next_action = null;
  state.emit('payment_intent.canceled', paymentIntent);
}

/**
 * Confirms a payment the way the card decides: it succeeds (a succeeded charge), needs 3-D Secure
 * (requires_action; off-session, where nobody can authenticate, a decline), or is declined (a failed
 * charge, the intent back to requires_payment_method with `last_payment_error`). Returns the card error
 * for a decline, to be answered with 402 by an API call.
 */
export function attemptPayment(
  state: FakeStripeState,
  paymentIntent: Stripe.PaymentIntent,
  paymentMethod: Stripe.PaymentMethod,
  options: { offSession: boolean },
): StripeErrorBody | null {
  const card = state.cards.get(paymentMethod.id)!;
  paymentIntent.payment_method = paymentMethod.id;
  paymentIntent.last_payment_error = null;
  paymentIntent.next_action = null;
  const needsAuthentication =
    !authenticated.has(paymentIntent) &&
    (card.behavior === 'authenticate_always' ||
      (card.behavior === 'authenticate_unless_setup' && !(options.offSession && card.setUpForOffSession)));
  if (needsAuthentication && !options.offSession) {
    paymentIntent.status = 'requires_action';
    paymentIntent.next_action = useStripeSdk(state, paymentIntent.id) as Stripe.PaymentIntent.NextAction;
    state.emit('payment_intent.requires_action', paymentIntent);
    invoicePaymentActionRequired(state, paymentIntent);
    return null;
  }
  if (needsAuthentication) return decline(state, paymentIntent, paymentMethod, 'authentication_required');
  if (card.behavior === 'decline' || card.behavior === 'attach_then_fail') {
    return decline(state, paymentIntent, paymentMethod, 'card_declined');
  }
  succeed(state, paymentIntent, paymentMethod);
  return null;
}

function succeed(state: FakeStripeState, paymentIntent: Stripe.PaymentIntent, paymentMethod: Stripe.PaymentMethod) {
  const charge = newCharge(state, paymentIntent, paymentMethod, null);
  paymentIntent.status = 'succeeded';
  paymentIntent.amount_received = paymentIntent.amount;
  paymentIntent.latest_charge = charge.id;
  const card = state.cards.get(paymentMethod.id)!;
  const customer = paymentIntent.customer ? state.customers.get(paymentIntent.customer as string) : undefined;
  if (paymentIntent.setup_future_usage && customer) {
    attachPaymentMethod(state, paymentMethod, customer);
    if (paymentIntent.setup_future_usage === 'off_session') card.setUpForOffSession = true;
  } else if (!paymentMethod.customer) {
    card.spent = true;
  }
  state.emit('charge.succeeded', charge);
  state.emit('payment_intent.succeeded', paymentIntent);
  invoicePaymentSucceeded(state, paymentIntent);
  const dispute = disputeOf(card.number);
  if (dispute) openDispute(state, charge.id, dispute);
}

function decline(
  state: FakeStripeState,
  paymentIntent: Stripe.PaymentIntent,
  paymentMethod: Stripe.PaymentMethod,
  reason: DeclineReason,
): StripeErrorBody {
  const error = declineError(reason);
  const charge = newCharge(state, paymentIntent, paymentMethod, error);
  const full: StripeErrorBody = { ...error, charge: charge.id, payment_method: copy(paymentMethod) };
  paymentIntent.latest_charge = charge.id;
  failPayment(state, paymentIntent, full);
  state.emit('charge.failed', charge);
  state.emit('payment_intent.payment_failed', paymentIntent);
  invoicePaymentFailed(state, paymentIntent);
  return full;
}

function failPayment(state: FakeStripeState, paymentIntent: Stripe.PaymentIntent, error: StripeErrorBody) {
  paymentIntent.status = 'requires_payment_method';
  paymentIntent.last_payment_error = error as Stripe.PaymentIntent.LastPaymentError;
  paymentIntent.payment_method = null;
  paymentIntent.next_action = null;
  const paymentMethod = error.payment_method;
  if (paymentMethod && !paymentMethod.customer) state.cards.get(paymentMethod.id)!.spent = true;
}

function newCharge(
  state: FakeStripeState,
  paymentIntent: Stripe.PaymentIntent,
  paymentMethod: Stripe.PaymentMethod,
  failure: StripeErrorBody | null,
): Stripe.Charge {
  const card = paymentMethod.card!;
  const id = newId('ch');
  const charge: Stripe.Charge = {
    id,
    object: 'charge',
    amount: paymentIntent.amount,
    amount_captured: failure ? 0 : paymentIntent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: failure ? null : newId('txn'),
    billing_details: copy(paymentMethod.billing_details),
    calculated_statement_descriptor: 'FAKE STRIPE',
    captured: !failure,
    created: state.now(),
    currency: paymentIntent.currency,
    customer: paymentIntent.customer,
    description: paymentIntent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: failure
      ? {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'declined_by_network',
          reason: failure.decline_code ?? null,
          risk_level: 'normal',
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        }
      : {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          seller_message: 'Payment complete.',
          type: 'authorized',
        },
    paid: !failure,
    payment_intent: paymentIntent.id,
    payment_method: paymentMethod.id,
    payment_method_details: {
      card: {
        amount_authorized: failure ? null : paymentIntent.amount,
        authorization_code: failure ? null : '123456',
        brand: card.brand,
        checks: copy(card.checks),
        country: card.country,
        electronic_commerce_indicator: null,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        extended_authorization: { status: 'disabled' },
        fingerprint: card.fingerprint,
        funding: card.funding,
        incremental_authorization: { status: 'unavailable' },
        installments: null,
        last4: card.last4,
        mandate: null,
        multicapture: { status: 'unavailable' },
        network: card.brand,
        network_token: { used: false },
        network_transaction_id: null,
        overcapture: { maximum_amount_capturable: paymentIntent.amount, status: 'unavailable' },
        regulated_status: 'unregulated',
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
      type: 'card',
    },
    receipt_email: paymentIntent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: failure ? 'failed' : 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
  state.charges.set(id, charge);
  return charge;
}

export function retrieveCharge({ state, params, path }: Call): Stripe.Charge {
  params.allow();
  return found(state.charges, 'charge', path[0]);
}

// ---- 3-D Secure (fake-only)

/**
 * The outcome of the 3-D Secure step the fake Stripe.js shows, or that a test chooses with
 * `FakeStripe.authenticate`. Completing it lets the confirmation go on as Stripe does (a setup succeeds;
 * a payment is charged, or waits for the server's confirmation when confirmation_method is manual);
 * failing it puts the intent back to requires_payment_method with Stripe's authentication failure error.
 */
export function authenticateIntent(
  state: FakeStripeState,
  intentId: string,
  outcome: 'complete' | 'fail',
): Stripe.SetupIntent | Stripe.PaymentIntent {
  const { setupIntent, paymentIntent } = intentState(state, intentId);
  const intent = setupIntent ?? paymentIntent;
  if (!intent) throw noSuch('intent', intentId);
  if (intent.status !== 'requires_action') {
    throw unexpectedState(
      `This intent does not need authentication: its status is ${intent.status}.`,
      'payment_intent_unexpected_state',
    );
  }
  const paymentMethod = state.paymentMethods.get(intent.payment_method as string)!;
  if (setupIntent) {
    if (outcome === 'complete') return completeSetup(state, setupIntent, paymentMethod);
    failSetup(state, setupIntent, {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      doc_url: docUrl('setup_intent_authentication_failure'),
      message:
        'The latest attempt to set up the payment method has failed because authentication failed. Provide a new payment method to attempt to fulfill this SetupIntent again.',
      payment_method: copy(paymentMethod),
    });
    return setupIntent;
  }
  const payment = paymentIntent!;
  if (outcome === 'fail') {
    failPayment(state, payment, {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      doc_url: docUrl('payment_intent_authentication_failure'),
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      payment_method: copy(paymentMethod),
    });
    state.emit('payment_intent.payment_failed', payment);
    invoicePaymentFailed(state, payment);
    return payment;
  }
  authenticated.add(payment);
  if (payment.confirmation_method === 'manual') {
    payment.status = 'requires_confirmation';
    payment.next_action = null;
    return payment;
  }
  attemptPayment(state, payment, paymentMethod, { offSession: false });
  return payment;
}

export function authenticateCall(outcome: 'complete' | 'fail') {
  return ({ state, params, path, caller }: Call) => {
    params.allow('client_secret');
    const { setupIntent, paymentIntent } = intentState(state, path[0]);
    const intent = setupIntent ?? paymentIntent;
    if (!intent) throw noSuch('intent', path[0]);
    checkClientSecret(caller, params, intent);
    return authenticateIntent(state, path[0], outcome);
  };
}
