import type Stripe from 'stripe';
import { addIntervals } from './clock';
import { customerById, paymentMethodFor } from './customers';
import { badParam, found, invalidRequest, noSuch, StripeApiError, unexpectedState } from './errors';
import { attemptPayment, cancelIntent, newPaymentIntent } from './intents';
import { newId } from './ids';
import { LIST_PARAMS, listOptions, mergeMetadata, missing, Params } from './params';
import { Call, copy, FakeStripeState, paginate, SubscriptionSchedule } from './state';

const DAY = 86_400;
/** Stripe lets the first payment of an incomplete subscription be made for 23 hours. */
const INCOMPLETE_EXPIRY = 23 * 3600;
const TRIAL_WILL_END_NOTICE = 3 * DAY;

// ---- products and prices

export function createProduct({ state, params }: Call): Stripe.Product {
  params.allow(
    'id',
    'name',
    'description',
    'metadata',
    'active',
    'default_price_data',
    'statement_descriptor',
    'unit_label',
    'url',
    'images',
  );
  const id = params.string('id') || newId('prod', 14);
  if (state.products.has(id)) {
    throw badParam(`Product already exists.`, 'id', 'resource_already_exists');
  }
  const now = state.now();
  const product: Stripe.Product = {
    id,
    object: 'product',
    active: params.boolean('active') ?? true,
    created: now,
    default_price: null,
    description: params.string('description') || null,
    images: params.strings('images') ?? [],
    livemode: false,
    marketing_features: [],
    metadata: mergeMetadata({}, params.metadata()),
    name: params.requiredString('name'),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: params.string('statement_descriptor') || null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: params.string('unit_label') || null,
    updated: now,
    url: params.string('url') || null,
  };
  state.products.set(id, product);
  state.emit('product.created', product);
  const priceData = params.object('default_price_data');
  if (priceData) {
    priceData.allow('currency', 'unit_amount', 'recurring');
    product.default_price = newPrice(state, priceData, product.id).id;
  }
  return product;
}

export function retrieveProduct({ state, params, path }: Call): Stripe.Product {
  params.allow();
  return found(state.products, 'product', path[0]);
}

export function createPrice({ state, params }: Call): Stripe.Price {
  params.allow(
    'currency',
    'unit_amount',
    'product',
    'product_data',
    'recurring',
    'nickname',
    'metadata',
    'lookup_key',
    'active',
    'tax_behavior',
  );
  let productId = params.string('product');
  const productData = params.object('product_data');
  if (productId) {
    if (!state.products.has(productId)) throw noSuch('product', productId, 'product');
  } else if (productData) {
    productData.allow('name', 'metadata', 'statement_descriptor', 'unit_label');
    productId = createProduct({ state, params: productData, caller: 'secret', path: [] }).id;
  } else {
    throw missing('product');
  }
  const price = newPrice(state, params, productId);
  price.nickname = params.string('nickname') || null;
  price.lookup_key = params.string('lookup_key') || null;
  price.metadata = mergeMetadata({}, params.metadata());
  price.active = params.boolean('active') ?? true;
  return price;
}

/** A price from `currency`, `unit_amount`, `recurring` (also inline `price_data`). */
function newPrice(state: FakeStripeState, params: Params, productId: string): Stripe.Price {
  const currency = params.requiredString('currency').toLowerCase();
  const unitAmount = params.requiredInteger('unit_amount');
  if (unitAmount < 0) throw badParam('Invalid non-negative integer', params.name('unit_amount'));
  const recurring = params.object('recurring');
  recurring?.allow('interval', 'interval_count', 'usage_type', 'trial_period_days');
  const price: Stripe.Price = {
    id: newId('price'),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: state.now(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: productId,
    recurring: recurring
      ? {
          interval: required(recurring.oneOf('interval', ['day', 'week', 'month', 'year']), recurring.name('interval')),
          interval_count: recurring.integer('interval_count') ?? 1,
          meter: null,
          trial_period_days: recurring.integer('trial_period_days') ?? null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: decimal(unitAmount),
  };
  state.prices.set(price.id, price);
  state.emit('price.created', price);
  return price;
}

/** Decimal fields are strings on the wire (the SDK turns them into its Decimal type). */
function decimal(value: number): NonNullable<Stripe.Price['unit_amount_decimal']> {
  return String(value) as unknown as NonNullable<Stripe.Price['unit_amount_decimal']>;
}

function required<T>(value: T | undefined, param: string): T {
  if (value === undefined) throw missing(param);
  return value;
}

export function retrievePrice({ state, params, path }: Call): Stripe.Price {
  params.allow();
  return found(state.prices, 'price', path[0]);
}

function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring!.interval,
    interval_count: price.recurring!.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: price.recurring!.trial_period_days,
    usage_type: 'licensed',
  };
}

// ---- subscriptions

const SUBSCRIPTION_CREATE = [
  'customer',
  'items',
  'default_payment_method',
  'trial_period_days',
  'trial_end',
  'payment_behavior',
  'metadata',
  'description',
  'off_session',
  'cancel_at_period_end',
  'collection_method',
  'payment_settings',
  'trial_settings',
  'proration_behavior',
  'currency',
];

export function subscriptionById(state: FakeStripeState, id: string, param = 'id'): Stripe.Subscription {
  return found(state.subscriptions, 'subscription', id, param);
}

function scheduleOf(state: FakeStripeState, subscription: Stripe.Subscription): SubscriptionSchedule {
  return state.schedules.get(subscription.id)!;
}

/** Subscription ids being created: their status changes are part of `customer.subscription.created`. */
const creating = new WeakSet<Stripe.Subscription>();

export function createSubscription({ state, params }: Call): Stripe.Subscription {
  params.allow(...SUBSCRIPTION_CREATE);
  const customer = customerById(state, params.requiredString('customer'), 'customer');
  const itemParams = params.objects('items');
  if (itemParams.length === 0) throw missing('items');
  const prices = itemParams.map((item) => priceOfItem(state, item));
  const first = prices[0];
  for (const [index, price] of prices.entries()) {
    if (!price.recurring) {
      throw badParam(
        `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
        `items[${index}][price]`,
      );
    }
    if (price.currency !== first.currency || price.recurring.interval !== first.recurring!.interval) {
      throw badParam(
        'Subscriptions cannot contain prices with different currencies or billing intervals.',
        `items[${index}][price]`,
      );
    }
  }
  if ((params.string('collection_method') ?? 'charge_automatically') !== 'charge_automatically') {
    throw badParam('The fake Stripe only supports collection_method=charge_automatically.', 'collection_method');
  }
  const paymentBehavior =
    params.oneOf('payment_behavior', [
      'allow_incomplete',
      'default_incomplete',
      'error_if_incomplete',
      'pending_if_incomplete',
    ]) ?? 'allow_incomplete';
  if (paymentBehavior === 'pending_if_incomplete') {
    throw badParam(
      'payment_behavior=pending_if_incomplete can only be used when updating a subscription.',
      'payment_behavior',
    );
  }
  const defaultPaymentMethodId = params.string('default_payment_method');
  const defaultPaymentMethod = defaultPaymentMethodId
    ? ownPaymentMethod(state, defaultPaymentMethodId, 'default_payment_method', customer)
    : null;

  const now = state.now();
  const trialEnd = trialEndOf(params, now);
  const total = prices.reduce((sum, price, index) => sum + price.unit_amount! * quantityOf(itemParams[index]), 0);
  const hasPaymentMethod = defaultPaymentMethod || customer.invoice_settings.default_payment_method;
  if (!trialEnd && total > 0 && !hasPaymentMethod && paymentBehavior !== 'default_incomplete') {
    throw invalidRequest(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
    );
  }
  const interval = first.recurring!.interval;
  const intervalCount = first.recurring!.interval_count;
  const periodEnd = trialEnd ?? addIntervals(now, interval, intervalCount, 1);
  const id = newId('sub');
  const trialSettings = params.object('trial_settings');
  trialSettings?.allow('end_behavior');
  const endBehavior = trialSettings?.object('end_behavior');
  endBehavior?.allow('missing_payment_method');
  const paymentSettings = params.object('payment_settings');
  paymentSettings?.allow('save_default_payment_method', 'payment_method_types', 'payment_method_options');
  const saveDefault = paymentSettings?.oneOf('save_default_payment_method', ['off', 'on_subscription']) ?? 'off';

  const subscription: Stripe.Subscription = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: periodEnd === trialEnd ? trialEnd : now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: now },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: first.currency,
    customer: customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: defaultPaymentMethod?.id ?? null,
    default_source: null,
    default_tax_rates: [],
    description: params.string('description') || null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: {
      object: 'list',
      data: prices.map((price, index) => ({
        id: newId('si', 14),
        object: 'subscription_item',
        billing_thresholds: null,
        created: now,
        current_period_end: periodEnd,
        current_period_start: now,
        current_trial: null,
        discounts: [],
        metadata: mergeMetadata({}, itemParams[index].metadata()),
        plan: planOf(price),
        price: copy(price),
        quantity: quantityOf(itemParams[index]),
        subscription: id,
        tax_rates: [],
      })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: mergeMetadata({}, params.metadata()),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: saveDefault,
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: {
      end_behavior: {
        billing_cycle_anchor: null,
        missing_payment_method:
          endBehavior?.oneOf('missing_payment_method', ['cancel', 'create_invoice', 'pause']) ?? 'create_invoice',
      },
    },
    trial_start: trialEnd ? now : null,
  };
  const schedule: SubscriptionSchedule = {
    interval,
    intervalCount,
    anchor: subscription.billing_cycle_anchor,
    periodIndex: 0,
    offSession: params.boolean('off_session') ?? false,
    paymentBehavior,
    trialWillEndSent: false,
    missingPaymentMethod: subscription.trial_settings!.end_behavior
      .missing_payment_method as SubscriptionSchedule['missingPaymentMethod'],
    saveDefaultPaymentMethod: saveDefault === 'on_subscription',
  };
  if (params.boolean('cancel_at_period_end')) {
    subscription.cancel_at_period_end = true;
    subscription.cancel_at = periodEnd;
    subscription.canceled_at = now;
    subscription.cancellation_details!.reason = 'cancellation_requested';
  }
  state.subscriptions.set(id, subscription);
  state.schedules.set(id, schedule);
  const created = state.emit('customer.subscription.created', subscription);

  creating.add(subscription);
  try {
    const invoice = draftInvoice(state, subscription, {
      reason: 'subscription_create',
      linePeriod: { start: now, end: periodEnd },
      invoicePeriod: { start: now, end: now },
      trial: trialEnd !== null,
    });
    subscription.latest_invoice = invoice.id;
    collectInvoice(state, invoice, {
      offSession: schedule.offSession,
      attempt: paymentBehavior !== 'default_incomplete',
    });
    if (subscription.status === 'incomplete' && invoice.status === 'paid') subscription.status = 'active';
    if (subscription.status === 'incomplete' && paymentBehavior === 'error_if_incomplete') {
      const paymentIntent = paymentIntentOfInvoice(state, invoice);
      voidInvoice(state, invoice);
      subscription.status = 'incomplete_expired';
      subscription.ended_at = now;
      state.refreshEvent(created, subscription);
      const error = paymentIntent?.last_payment_error;
      throw new StripeApiError(402, {
        type: 'card_error',
        code: error?.code ?? 'subscription_payment_intent_requires_action',
        decline_code: error?.decline_code,
        message:
          error?.message ??
          'Payment for this subscription requires additional user action before it can be completed successfully.',
      });
    }
  } finally {
    creating.delete(subscription);
  }
  state.refreshEvent(created, subscription);
  return subscription;
}

function quantityOf(item: Params): number {
  const quantity = item.integer('quantity') ?? 1;
  if (quantity < 1) throw badParam('Invalid positive integer', item.name('quantity'));
  return quantity;
}

function priceOfItem(state: FakeStripeState, item: Params): Stripe.Price {
  item.allow('price', 'price_data', 'quantity', 'metadata');
  const priceId = item.string('price');
  if (priceId) {
    return found(state.prices, 'price', priceId, item.name('price'));
  }
  const data = item.object('price_data');
  if (!data) throw missing(item.name('price'));
  data.allow('currency', 'product', 'recurring', 'unit_amount', 'tax_behavior');
  const productId = data.requiredString('product');
  if (!state.products.has(productId)) throw noSuch('product', productId, data.name('product'));
  if (!data.object('recurring')) throw missing(data.name('recurring'));
  const price = newPrice(state, data, productId);
  price.active = false;
  return price;
}

function trialEndOf(params: Params, now: number): number | null {
  const trialEnd = params.timestamp('trial_end', { allowNow: true });
  const trialDays = params.integer('trial_period_days');
  if (trialEnd !== undefined && trialDays !== undefined) {
    throw badParam('You may only specify one of these parameters: trial_end, trial_period_days.', 'trial_end');
  }
  if (trialDays !== undefined) {
    if (trialDays < 0 || trialDays > 730) {
      throw badParam('The maximum number of trial period days is 730 (2 years).', 'trial_period_days');
    }
    return trialDays === 0 ? null : now + trialDays * DAY;
  }
  if (trialEnd === undefined || trialEnd === 'now') return null;
  if (trialEnd <= now) {
    throw badParam('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
  }
  return trialEnd;
}

/** A payment method for the customer's billing: test PaymentMethods get attached, others must already be. */
function ownPaymentMethod(
  state: FakeStripeState,
  id: string,
  param: string,
  customer: Stripe.Customer,
): Stripe.PaymentMethod {
  const paymentMethod = paymentMethodFor(state, id, param, customer);
  if (paymentMethod.customer !== customer.id) {
    throw badParam(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      param,
      'resource_missing',
    );
  }
  return paymentMethod;
}

export function retrieveSubscription({ state, params, path }: Call): Stripe.Subscription {
  params.allow();
  return subscriptionById(state, path[0]);
}

const ENDED = ['canceled', 'incomplete_expired'];

export function updateSubscription({ state, params, path }: Call): Stripe.Subscription {
  params.allow(
    'cancel_at_period_end',
    'cancel_at',
    'cancellation_details',
    'default_payment_method',
    'trial_end',
    'metadata',
    'description',
    'off_session',
    'proration_behavior',
    'payment_behavior',
    'trial_settings',
    'payment_settings',
  );
  const subscription = subscriptionById(state, path[0]);
  const schedule = scheduleOf(state, subscription);
  const customer = customerById(state, subscription.customer as string);
  if (
    ENDED.includes(subscription.status) &&
    params.keys().some((key) => !['metadata', 'cancellation_details', 'expand'].includes(key))
  ) {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  }
  const before = copy(subscription);
  const now = state.now();
  subscription.metadata = mergeMetadata(subscription.metadata, params.metadata());
  if (params.has('description')) subscription.description = params.string('description') || null;
  const details = params.object('cancellation_details');
  if (details) {
    details.allow('comment', 'feedback');
    if (details.has('comment')) subscription.cancellation_details!.comment = details.string('comment') || null;
    if (details.has('feedback')) {
      subscription.cancellation_details!.feedback =
        (details.string('feedback') as Stripe.Subscription.CancellationDetails.Feedback) || null;
    }
  }
  const cancelAtPeriodEnd = params.boolean('cancel_at_period_end');
  if (cancelAtPeriodEnd === true) {
    subscription.cancel_at_period_end = true;
    subscription.cancel_at = periodEndOf(subscription);
    subscription.canceled_at = now;
    subscription.cancellation_details!.reason = 'cancellation_requested';
  } else if (cancelAtPeriodEnd === false) {
    subscription.cancel_at_period_end = false;
    subscription.cancel_at = null;
    subscription.canceled_at = null;
    subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: null };
  }
  if (params.isEmpty('cancel_at')) {
    subscription.cancel_at = null;
    subscription.cancel_at_period_end = false;
    subscription.canceled_at = null;
  } else if (params.has('cancel_at')) {
    const cancelAt = params.timestamp('cancel_at') as number;
    if (cancelAt <= now)
      throw badParam('Invalid timestamp: must be an integer Unix timestamp in the future.', 'cancel_at');
    subscription.cancel_at = cancelAt;
    subscription.cancel_at_period_end = cancelAt === periodEndOf(subscription);
    subscription.canceled_at = now;
    subscription.cancellation_details!.reason = 'cancellation_requested';
  }
  if (params.isEmpty('default_payment_method')) {
    subscription.default_payment_method = null;
  } else if (params.has('default_payment_method')) {
    const id = params.requiredString('default_payment_method');
    subscription.default_payment_method = ownPaymentMethod(state, id, 'default_payment_method', customer).id;
  }
  const offSession = params.boolean('off_session');
  const trialEnd = params.timestamp('trial_end', { allowNow: true });
  if (typeof trialEnd === 'number') {
    if (trialEnd <= now)
      throw badParam('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
    if (!['trialing', 'active'].includes(subscription.status)) {
      throw invalidRequest(`A subscription with status ${subscription.status} cannot have its trial changed.`, {
        param: 'trial_end',
      });
    }
    subscription.trial_end = trialEnd;
    subscription.trial_start ??= now;
    subscription.status = 'trialing';
    subscription.billing_cycle_anchor = trialEnd;
    for (const item of subscription.items.data) item.current_period_end = trialEnd;
    Object.assign(schedule, { anchor: trialEnd, periodIndex: 0, trialWillEndSent: false });
    if (subscription.cancel_at_period_end) subscription.cancel_at = trialEnd;
  }
  state.emit('customer.subscription.updated', subscription, before);
  if (trialEnd === 'now' && subscription.status === 'trialing') {
    startPeriod(state, subscription, now, {
      reason: 'subscription_update',
      newAnchor: true,
      offSession: offSession ?? false,
    });
  }
  return subscription;
}

function periodEndOf(subscription: Stripe.Subscription): number {
  return subscription.items.data[0].current_period_end;
}

export function cancelSubscription({ state, params, path }: Call): Stripe.Subscription {
  params.allow('cancellation_details', 'invoice_now', 'prorate');
  const subscription = subscriptionById(state, path[0]);
  if (ENDED.includes(subscription.status)) {
    throw invalidRequest(
      `This subscription is already ${subscription.status === 'canceled' ? 'canceled' : 'expired'}.`,
      {
        code: 'resource_missing',
      },
    );
  }
  const details = params.object('cancellation_details');
  details?.allow('comment', 'feedback');
  endSubscription(state, subscription, 'canceled', 'cancellation_requested', {
    comment: details?.string('comment') || null,
    feedback: (details?.string('feedback') as Stripe.Subscription.CancellationDetails.Feedback) || null,
  });
  return subscription;
}

function endSubscription(
  state: FakeStripeState,
  subscription: Stripe.Subscription,
  status: 'canceled' | 'incomplete_expired',
  reason: Stripe.Subscription.CancellationDetails.Reason | null,
  details: { comment?: string | null; feedback?: Stripe.Subscription.CancellationDetails.Feedback | null } = {},
): void {
  const wasIncomplete = subscription.status === 'incomplete';
  const now = state.now();
  subscription.status = status;
  subscription.ended_at = now;
  subscription.canceled_at ??= now;
  if (status === 'canceled') {
    subscription.cancellation_details = {
      comment: details.comment ?? subscription.cancellation_details?.comment ?? null,
      feedback: details.feedback ?? subscription.cancellation_details?.feedback ?? null,
      feedback_option: subscription.cancellation_details?.feedback_option ?? null,
      reason,
    };
  }
  if (wasIncomplete) {
    const invoice = subscription.latest_invoice ? state.invoices.get(subscription.latest_invoice as string) : undefined;
    if (invoice?.status === 'open') voidInvoice(state, invoice);
  }
  state.emit('customer.subscription.deleted', subscription);
}

export function listSubscriptions({ state, params }: Call): Stripe.ApiList<Stripe.Subscription> {
  params.allow('customer', 'status', 'price', ...LIST_PARAMS);
  const customer = params.string('customer');
  const price = params.string('price');
  const status = params.oneOf('status', [
    'active',
    'past_due',
    'unpaid',
    'canceled',
    'incomplete',
    'incomplete_expired',
    'trialing',
    'paused',
    'all',
    'ended',
  ]);
  const matches = (subscription: Stripe.Subscription) => {
    if (customer && subscription.customer !== customer) return false;
    if (price && !subscription.items.data.some((item) => item.price.id === price)) return false;
    if (status === 'all') return true;
    if (status === 'ended') return ENDED.includes(subscription.status);
    if (status) return subscription.status === status;
    return subscription.status !== 'canceled';
  };
  const subscriptions = [...state.subscriptions.values()].reverse().filter(matches);
  return paginate(subscriptions, '/v1/subscriptions', listOptions(params));
}

/**
 * A new billing period of a subscription: at a trial's end, a renewal, or `trial_end=now`. Stripe's order:
 * the invoice is created, the subscription updated (period, status, latest_invoice), then the invoice is
 * finalized and charged off-session; a failed charge makes the subscription past_due.
 */
function startPeriod(
  state: FakeStripeState,
  subscription: Stripe.Subscription,
  at: number,
  options: { reason: Stripe.Invoice.BillingReason; newAnchor: boolean; offSession: boolean },
): void {
  const schedule = scheduleOf(state, subscription);
  const before = copy(subscription);
  const previousStart = subscription.items.data[0].current_period_start;
  if (options.newAnchor) {
    schedule.anchor = at;
    schedule.periodIndex = 0;
    subscription.billing_cycle_anchor = at;
  } else {
    schedule.periodIndex += 1;
  }
  const end = addIntervals(schedule.anchor, schedule.interval, schedule.intervalCount, schedule.periodIndex + 1);
  for (const item of subscription.items.data) {
    item.current_period_start = at;
    item.current_period_end = end;
  }
  if (subscription.status === 'trialing') {
    subscription.status = 'active';
    if (subscription.trial_end && subscription.trial_end > at) subscription.trial_end = at;
  }
  const invoice = draftInvoice(state, subscription, {
    reason: options.reason,
    linePeriod: { start: at, end },
    invoicePeriod: { start: previousStart, end: at },
    trial: false,
  });
  subscription.latest_invoice = invoice.id;
  if (subscription.cancel_at_period_end) subscription.cancel_at = end;
  state.emit('customer.subscription.updated', subscription, before);
  collectInvoice(state, invoice, { offSession: options.offSession, attempt: true });
  if (invoice.status !== 'paid' && subscription.status === 'active') {
    const unpaid = copy(subscription);
    subscription.status = 'past_due';
    state.emit('customer.subscription.updated', subscription, unpaid);
  }
}

// ---- invoices

interface Period {
  start: number;
  end: number;
}

function draftInvoice(
  state: FakeStripeState,
  subscription: Stripe.Subscription,
  options: { reason: Stripe.Invoice.BillingReason; linePeriod: Period; invoicePeriod: Period; trial: boolean },
): Stripe.Invoice {
  const customer = state.customers.get(subscription.customer as string)!;
  const id = newId('in');
  const now = state.now();
  const lines: Stripe.InvoiceLineItem[] = subscription.items.data.map((item) => {
    const product = state.products.get(item.price.product as string);
    const quantity = item.quantity ?? 1;
    const amount = options.trial ? 0 : item.price.unit_amount! * quantity;
    const description = options.trial
      ? `Trial period for ${product?.name ?? item.price.product}`
      : `${quantity} × ${product?.name ?? item.price.product} (at ${money(item.price.unit_amount!, item.price.currency)} / ${item.price.recurring!.interval})`;
    return {
      id: newId('il'),
      object: 'line_item',
      amount,
      currency: item.price.currency,
      description,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: copy(item.metadata),
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: item.id,
        },
        type: 'subscription_item_details',
      },
      period: { start: options.linePeriod.start, end: options.linePeriod.end },
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: item.price.id, product: item.price.product as string },
        type: 'price_details',
        unit_amount_decimal: options.trial ? decimal(0) : item.price.unit_amount_decimal,
      },
      quantity,
      quantity_decimal: decimal(quantity),
      subscription: subscription.id,
      subtotal: amount,
      taxes: [],
    };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const invoice: Stripe.Invoice = {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Fake Stripe',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: options.reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: subscription.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address ?? null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: copy(subscription.metadata), subscription: subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: options.invoicePeriod.end,
    period_start: options.invoicePeriod.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
  };
  state.invoices.set(id, invoice);
  state.emit('invoice.created', invoice);
  return invoice;
}

function money(cents: number, currency: string): string {
  const amount = (cents / 100).toFixed(2);
  return currency === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

/**
 * Finalizes an invoice (number, hosted page and PDF) and collects it: a $0 invoice is paid at once; otherwise
 * a PaymentIntent is created for amount_due and, when `attempt` and a payment method is known (the invoice's,
 * else the subscription's default, else the customer's invoice_settings default), charged.
 * Simplification: Stripe leaves renewal invoices in draft for about an hour before finalizing; the fake
 * finalizes and charges at once.
 */
function collectInvoice(
  state: FakeStripeState,
  invoice: Stripe.Invoice,
  options: { offSession: boolean; attempt: boolean },
) {
  const customer = state.customers.get(invoice.customer as string)!;
  const now = state.now();
  const sequence = customer.next_invoice_sequence ?? 1;
  customer.next_invoice_sequence = sequence + 1;
  invoice.number = `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`;
  invoice.status = 'open';
  invoice.status_transitions.finalized_at = now;
  invoice.effective_at = now;
  invoice.hosted_invoice_url = `${state.baseUrl()}/__fake/invoices/${invoice.id}`;
  invoice.invoice_pdf = `${state.baseUrl()}/__fake/invoices/${invoice.id}/pdf`;
  state.emit('invoice.finalized', invoice);
  if (invoice.amount_due === 0) {
    markPaid(state, invoice);
    return;
  }
  const paymentMethodId = defaultPaymentMethodOf(state, invoice);
  const paymentIntent = newPaymentIntent(state, {
    amount: invoice.amount_due,
    currency: invoice.currency,
    customer: customer.id,
    paymentMethod: paymentMethodId,
    description: invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    metadata: {},
    setupFutureUsage: 'off_session',
  });
  state.invoiceOfPaymentIntent.set(paymentIntent.id, invoice.id);
  const invoicePayment: Stripe.InvoicePayment = {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: invoice.amount_due,
    created: now,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: paymentIntent.id, type: 'payment_intent' },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  };
  state.invoicePayments.set(invoicePayment.id, invoicePayment);
  if (options.attempt && paymentMethodId) {
    attemptPayment(state, paymentIntent, state.paymentMethods.get(paymentMethodId)!, {
      offSession: options.offSession,
    });
  }
}

function defaultPaymentMethodOf(state: FakeStripeState, invoice: Stripe.Invoice): string | null {
  if (invoice.default_payment_method) return invoice.default_payment_method as string;
  const subscriptionId = invoice.parent?.subscription_details?.subscription as string | undefined;
  const subscription = subscriptionId ? state.subscriptions.get(subscriptionId) : undefined;
  if (subscription?.default_payment_method) return subscription.default_payment_method as string;
  const customer = state.customers.get(invoice.customer as string);
  return (customer?.invoice_settings.default_payment_method as string | null) ?? null;
}

function markPaid(state: FakeStripeState, invoice: Stripe.Invoice, paymentIntent?: Stripe.PaymentIntent): void {
  const now = state.now();
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status_transitions.paid_at = now;
  invoice.auto_advance = false;
  if (paymentIntent) {
    invoice.attempted = true;
    const invoicePayment = invoicePaymentOf(state, invoice);
    if (invoicePayment) {
      invoicePayment.status = 'paid';
      invoicePayment.amount_paid = paymentIntent.amount_received;
      invoicePayment.status_transitions.paid_at = now;
      state.emit('invoice_payment.paid', invoicePayment);
    }
  }
  state.emit('invoice.paid', invoice);
  state.emit('invoice.payment_succeeded', invoice);
}

function invoicePaymentOf(state: FakeStripeState, invoice: Stripe.Invoice): Stripe.InvoicePayment | undefined {
  return [...state.invoicePayments.values()].find((payment) => payment.invoice === invoice.id && payment.is_default);
}

function paymentIntentOfInvoice(state: FakeStripeState, invoice: Stripe.Invoice): Stripe.PaymentIntent | undefined {
  const id = invoicePaymentOf(state, invoice)?.payment.payment_intent as string | undefined;
  return id ? state.paymentIntents.get(id) : undefined;
}

function subscriptionOfInvoice(state: FakeStripeState, invoice: Stripe.Invoice): Stripe.Subscription | undefined {
  const id = invoice.parent?.subscription_details?.subscription as string | undefined;
  return id ? state.subscriptions.get(id) : undefined;
}

/** Called when a PaymentIntent succeeds: pays its invoice, and activates an incomplete or past_due subscription. */
export function invoicePaymentSucceeded(state: FakeStripeState, paymentIntent: Stripe.PaymentIntent): void {
  const invoice = invoiceOf(state, paymentIntent);
  if (!invoice) return;
  invoice.attempt_count += 1;
  markPaid(state, invoice, paymentIntent);
  const subscription = subscriptionOfInvoice(state, invoice);
  if (!subscription) return;
  const before = copy(subscription);
  if (scheduleOf(state, subscription).saveDefaultPaymentMethod && !subscription.default_payment_method) {
    subscription.default_payment_method = paymentIntent.payment_method as string;
  }
  if (['incomplete', 'past_due'].includes(subscription.status) && subscription.latest_invoice === invoice.id) {
    subscription.status = 'active';
  }
  if (!creating.has(subscription)) state.emit('customer.subscription.updated', subscription, before);
}

/** Called when an invoice's PaymentIntent is declined: `invoice.payment_failed`, the subscription past_due. */
export function invoicePaymentFailed(state: FakeStripeState, paymentIntent: Stripe.PaymentIntent): void {
  const invoice = invoiceOf(state, paymentIntent);
  if (!invoice) return;
  invoice.attempt_count += 1;
  invoice.attempted = true;
  state.emit('invoice.payment_failed', invoice);
  markSubscriptionUnpaid(state, invoice);
}

export function invoicePaymentActionRequired(state: FakeStripeState, paymentIntent: Stripe.PaymentIntent): void {
  const invoice = invoiceOf(state, paymentIntent);
  if (!invoice) return;
  invoice.attempt_count += 1;
  invoice.attempted = true;
  state.emit('invoice.payment_action_required', invoice);
  markSubscriptionUnpaid(state, invoice);
}

function markSubscriptionUnpaid(state: FakeStripeState, invoice: Stripe.Invoice): void {
  const subscription = subscriptionOfInvoice(state, invoice);
  if (!subscription || creating.has(subscription) || subscription.latest_invoice !== invoice.id) return;
  if (subscription.status !== 'active' && subscription.status !== 'trialing') return;
  const before = copy(subscription);
  subscription.status = 'past_due';
  state.emit('customer.subscription.updated', subscription, before);
}

function invoiceOf(state: FakeStripeState, paymentIntent: Stripe.PaymentIntent): Stripe.Invoice | undefined {
  const id = state.invoiceOfPaymentIntent.get(paymentIntent.id);
  return id ? state.invoices.get(id) : undefined;
}

function voidInvoice(state: FakeStripeState, invoice: Stripe.Invoice): void {
  const paymentIntent = paymentIntentOfInvoice(state, invoice);
  if (paymentIntent && paymentIntent.status !== 'canceled' && paymentIntent.status !== 'succeeded') {
    cancelIntent(state, paymentIntent, 'void_invoice');
  }
  const invoicePayment = invoicePaymentOf(state, invoice);
  if (invoicePayment) {
    invoicePayment.status = 'canceled';
    invoicePayment.status_transitions.canceled_at = state.now();
  }
  invoice.status = 'void';
  invoice.status_transitions.voided_at = state.now();
  invoice.auto_advance = false;
  state.emit('invoice.voided', invoice);
}

export function retrieveInvoice({ state, params, path }: Call): Stripe.Invoice {
  params.allow();
  return found(state.invoices, 'invoice', path[0]);
}

export function listInvoices({ state, params }: Call): Stripe.ApiList<Stripe.Invoice> {
  params.allow('customer', 'subscription', 'status', 'collection_method', ...LIST_PARAMS);
  const customer = params.string('customer');
  const subscription = params.string('subscription');
  const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void']);
  const invoices = [...state.invoices.values()]
    .reverse()
    .filter(
      (invoice) =>
        (!customer || invoice.customer === customer) &&
        (!subscription || invoice.parent?.subscription_details?.subscription === subscription) &&
        (!status || invoice.status === status),
    );
  return paginate(invoices, '/v1/invoices', listOptions(params));
}

export function payInvoice({ state, params, path }: Call): Stripe.Invoice {
  params.allow('payment_method', 'off_session', 'paid_out_of_band');
  const invoice = retrieveInvoice({ state, params: new Params({}), path, caller: 'secret' });
  if (invoice.status === 'paid') throw unexpectedState('Invoice is already paid', 'invoice_unexpected_state');
  if (invoice.status !== 'open') {
    throw unexpectedState(`You can only pay an open invoice (this one is ${invoice.status}).`, 'invoice_not_editable');
  }
  const paymentIntent = paymentIntentOfInvoice(state, invoice)!;
  if (params.boolean('paid_out_of_band')) {
    markPaid(state, invoice);
    return invoice;
  }
  const customer = customerById(state, invoice.customer as string);
  const paymentMethodId = params.string('payment_method');
  const paymentMethod = paymentMethodId
    ? ownPaymentMethod(state, paymentMethodId, 'payment_method', customer)
    : state.paymentMethods.get(
        (paymentIntent.payment_method as string) ?? defaultPaymentMethodOf(state, invoice) ?? '',
      );
  if (!paymentMethod) {
    throw invalidRequest(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
    );
  }
  const error = attemptPayment(state, paymentIntent, paymentMethod, {
    offSession: params.boolean('off_session') ?? true,
  });
  if (error) throw new StripeApiError(402, error);
  if (paymentIntent.status === 'requires_action') {
    throw new StripeApiError(402, {
      type: 'card_error',
      code: 'invoice_payment_intent_requires_action',
      message:
        'This payment requires additional user action before it can be completed successfully. Payment can be completed using the PaymentIntent associated with the invoice.',
    });
  }
  return invoice;
}

export function voidInvoiceCall({ state, params, path }: Call): Stripe.Invoice {
  params.allow();
  const invoice = retrieveInvoice({ state, params, path, caller: 'secret' });
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
    throw unexpectedState(
      `You can only void an open or uncollectible invoice (this one is ${invoice.status}).`,
      'invoice_not_editable',
    );
  }
  voidInvoice(state, invoice);
  return invoice;
}

export function listInvoicePayments({ state, params }: Call): Stripe.ApiList<Stripe.InvoicePayment> {
  params.allow('invoice', 'payment', 'status', ...LIST_PARAMS);
  const invoice = params.string('invoice');
  const payment = params.object('payment');
  payment?.allow('type', 'payment_intent');
  const paymentIntent = payment?.string('payment_intent');
  const status = params.string('status');
  const payments = [...state.invoicePayments.values()]
    .reverse()
    .filter(
      (item) =>
        (!invoice || item.invoice === invoice) &&
        (!paymentIntent || item.payment.payment_intent === paymentIntent) &&
        (!status || item.status === status),
    );
  return paginate(payments, '/v1/invoice_payments', listOptions(params));
}

/** Stripe's includable invoice fields, added when expanded: `payments` and `confirmation_secret`. */
export function invoiceIncludable(state: FakeStripeState, invoice: Stripe.Invoice, field: string): unknown {
  if (field === 'payments') {
    const payments = [...state.invoicePayments.values()].filter((payment) => payment.invoice === invoice.id).reverse();
    return { object: 'list', data: payments.map(copy), has_more: false, url: `/v1/invoices/${invoice.id}/payments` };
  }
  if (field === 'confirmation_secret') {
    const paymentIntent = paymentIntentOfInvoice(state, invoice);
    if (!paymentIntent || invoice.status !== 'open') return null;
    return { client_secret: paymentIntent.client_secret, type: 'payment_intent' };
  }
  return undefined;
}

// ---- the clock

interface Due {
  time: number;
  /** Lower runs first among moments at the same time (a cancellation before a renewal). */
  rank: number;
  run: () => void;
}

function dueMoments(state: FakeStripeState, subscription: Stripe.Subscription): Due[] {
  const schedule = scheduleOf(state, subscription);
  const moments: Due[] = [];
  const { status } = subscription;
  if (status === 'incomplete') {
    moments.push({
      time: subscription.created + INCOMPLETE_EXPIRY,
      rank: 0,
      run: () => endSubscription(state, subscription, 'incomplete_expired', null),
    });
    return moments;
  }
  if (!['trialing', 'active', 'past_due'].includes(status)) return moments;
  if (subscription.cancel_at) {
    moments.push({
      time: subscription.cancel_at,
      rank: 0,
      run: () => endSubscription(state, subscription, 'canceled', 'cancellation_requested'),
    });
  }
  if (status === 'trialing' && subscription.trial_end) {
    const notice = subscription.trial_end - TRIAL_WILL_END_NOTICE;
    if (!schedule.trialWillEndSent && subscription.trial_start !== null && notice > subscription.trial_start) {
      moments.push({
        time: notice,
        rank: 1,
        run: () => {
          schedule.trialWillEndSent = true;
          state.emit('customer.subscription.trial_will_end', subscription);
        },
      });
    }
    moments.push({ time: subscription.trial_end, rank: 2, run: () => endTrial(state, subscription) });
    return moments;
  }
  moments.push({
    time: periodEndOf(subscription),
    rank: 2,
    run: () =>
      startPeriod(state, subscription, periodEndOf(subscription), {
        reason: 'subscription_cycle',
        newAnchor: false,
        offSession: true,
      }),
  });
  return moments;
}

function endTrial(state: FakeStripeState, subscription: Stripe.Subscription): void {
  const schedule = scheduleOf(state, subscription);
  const customer = state.customers.get(subscription.customer as string);
  const hasPaymentMethod = subscription.default_payment_method || customer?.invoice_settings.default_payment_method;
  if (!hasPaymentMethod && schedule.missingPaymentMethod === 'cancel') {
    endSubscription(state, subscription, 'canceled', null);
    return;
  }
  if (!hasPaymentMethod && schedule.missingPaymentMethod === 'pause') {
    const before = copy(subscription);
    subscription.status = 'paused';
    state.emit('customer.subscription.updated', subscription, before);
    state.emit('customer.subscription.paused', subscription);
    return;
  }
  const at = subscription.trial_end!;
  startPeriod(state, subscription, at, { reason: 'subscription_cycle', newAnchor: true, offSession: true });
}

/**
 * Processes, in time order, everything due up to `until` (trial notices and ends, renewals, cancellations
 * at period end, expiry of incomplete subscriptions), each at its own moment.
 */
export function processDue(state: FakeStripeState, until: number): void {
  for (let guard = 0; guard < 100_000; guard += 1) {
    let next: Due | undefined;
    for (const subscription of state.subscriptions.values()) {
      for (const moment of dueMoments(state, subscription)) {
        if (moment.time > until) continue;
        if (!next || moment.time < next.time || (moment.time === next.time && moment.rank < next.rank)) next = moment;
      }
    }
    if (!next) return;
    const moment = next;
    state.clock.at(moment.time, () => moment.run());
  }
  throw new Error('The fake Stripe clock did not settle: too many billing periods at once');
}

export function advanceClock(state: FakeStripeState, seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error('advanceClock needs a number of seconds >= 0');
  const target = state.now() + Math.floor(seconds);
  const previous = state.request;
  state.request = null;
  try {
    processDue(state, target);
  } finally {
    state.request = previous;
  }
  state.clock.moveTo(target);
  return state.now();
}
