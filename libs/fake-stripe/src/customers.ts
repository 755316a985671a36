import type Stripe from 'stripe';
import { badParam, found, invalidRequest, StripeApiError } from './errors';
import { newId, randomToken } from './ids';
import { LIST_PARAMS, listOptions, mergeMetadata, Params } from './params';
import { Call, copy, FakeStripeState, paginate } from './state';
import { behaviorOf, brandOf, fingerprintOf, passesLuhn, TEST_PAYMENT_METHODS } from './test-cards';
import { declineError } from './declines';

const deletedCustomers = new WeakMap<FakeStripeState, Set<string>>();

function deleted(state: FakeStripeState): Set<string> {
  let set = deletedCustomers.get(state);
  if (!set) deletedCustomers.set(state, (set = new Set()));
  return set;
}

export function customerById(state: FakeStripeState, id: string, param = 'id'): Stripe.Customer {
  return found(state.customers, 'customer', id, param);
}

// ---- customers

const CUSTOMER_FIELDS = ['email', 'name', 'description', 'phone', 'metadata', 'invoice_settings', 'address'];

export function createCustomer({ state, params }: Call): Stripe.Customer {
  params.allow(...CUSTOMER_FIELDS, 'payment_method', 'preferred_locales');
  const customer: Stripe.Customer = {
    id: newId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: state.now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    invoice_prefix: randomToken(8)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, 'X'),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: params.strings('preferred_locales') ?? [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  applyCustomerFields(state, customer, params, true);
  state.customers.set(customer.id, customer);
  const paymentMethodId = params.string('payment_method');
  if (paymentMethodId) {
    attachPaymentMethod(state, paymentMethodFor(state, paymentMethodId, 'payment_method'), customer);
  }
  setDefaultPaymentMethod(state, customer, params);
  state.emit('customer.created', customer);
  return customer;
}

function applyCustomerFields(state: FakeStripeState, customer: Stripe.Customer, params: Params, creating: boolean) {
  for (const key of ['email', 'name', 'description', 'phone'] as const) {
    if (params.has(key)) customer[key] = params.string(key) || null;
  }
  customer.metadata = mergeMetadata(customer.metadata, params.metadata());
  const address = params.object('address');
  if (address) {
    address.allow('line1', 'line2', 'city', 'state', 'postal_code', 'country');
    customer.address = addressOf(address);
  } else if (params.isEmpty('address') && !creating) {
    customer.address = null;
  }
  if (!creating) setDefaultPaymentMethod(state, customer, params);
}

function setDefaultPaymentMethod(state: FakeStripeState, customer: Stripe.Customer, params: Params) {
  const settings = params.object('invoice_settings');
  if (!settings) return;
  settings.allow('default_payment_method', 'custom_fields', 'footer');
  if (!settings.has('default_payment_method')) return;
  const param = settings.name('default_payment_method');
  const id = settings.string('default_payment_method');
  if (!id) {
    customer.invoice_settings.default_payment_method = null;
    return;
  }
  const paymentMethod = paymentMethodFor(state, id, param, customer);
  if (paymentMethod.customer !== customer.id) {
    throw badParam(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      param,
      'resource_missing',
    );
  }
  customer.invoice_settings.default_payment_method = paymentMethod.id;
}

export function retrieveCustomer({ state, path }: Call): Stripe.Customer | Stripe.DeletedCustomer {
  if (deleted(state).has(path[0])) return { id: path[0], object: 'customer', deleted: true };
  return customerById(state, path[0]);
}

export function updateCustomer({ state, params, path }: Call): Stripe.Customer {
  params.allow(...CUSTOMER_FIELDS, 'preferred_locales');
  const customer = customerById(state, path[0]);
  const before = copy(customer);
  applyCustomerFields(state, customer, params, false);
  if (params.has('preferred_locales')) customer.preferred_locales = params.strings('preferred_locales') ?? [];
  state.emit('customer.updated', customer, before);
  return customer;
}

export function deleteCustomer({ state, path }: Call): Stripe.DeletedCustomer {
  const customer = customerById(state, path[0]);
  state.customers.delete(customer.id);
  deleted(state).add(customer.id);
  state.emit('customer.deleted', customer);
  return { id: customer.id, object: 'customer', deleted: true };
}

export function listCustomers({ state, params }: Call): Stripe.ApiList<Stripe.Customer> {
  params.allow('email', ...LIST_PARAMS);
  const email = params.string('email');
  const customers = [...state.customers.values()].reverse().filter((c) => !email || c.email === email);
  return paginate(customers, '/v1/customers', listOptions(params));
}

function addressOf(params: Params): Stripe.Address {
  return {
    city: params.string('city') || null,
    country: params.string('country') || null,
    line1: params.string('line1') || null,
    line2: params.string('line2') || null,
    postal_code: params.string('postal_code') || null,
    state: params.string('state') || null,
  };
}

// ---- payment methods

interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvcGiven: boolean;
}

/** POST /v1/payment_methods: a card from its details, as Stripe.js sends them with the publishable key. */
export function createPaymentMethod({ state, params, caller }: Call): Stripe.PaymentMethod {
  params.allow('type', 'card', 'billing_details', 'metadata', 'allow_redisplay');
  const type = params.requiredString('type');
  if (type !== 'card') throw badParam(`The fake Stripe only supports type=card (got ${type}).`, 'type');
  const card = params.object('card');
  if (!card) throw badParam('Missing required param: card.', 'card', 'parameter_missing');
  if (caller === 'secret' && card.has('number')) {
    // Stripe refuses raw card numbers sent with a secret key unless the account is enabled for it.
    throw invalidRequest(
      'Sending credit card numbers directly to the Stripe API is generally unsafe. We suggest you use test tokens that map to the test card you are using, see https://stripe.com/docs/testing.',
      { param: 'card[number]' },
    );
  }
  const details = readCard(card, state.now());
  const paymentMethod = newCardPaymentMethod(state, details, params.object('billing_details'));
  paymentMethod.metadata = mergeMetadata({}, params.metadata());
  return paymentMethod;
}

function readCard(card: Params, now: number): CardDetails {
  card.allow('number', 'exp_month', 'exp_year', 'cvc');
  const number = card.requiredString('number').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    throw cardError('incorrect_number', 'Your card number is incorrect.', 'card[number]');
  }
  const expMonth = card.requiredInteger('exp_month');
  if (expMonth < 1 || expMonth > 12) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]');
  }
  let expYear = card.requiredInteger('exp_year');
  if (expYear < 100) expYear += 2000;
  const today = new Date(now * 1000);
  const thisYear = today.getUTCFullYear();
  if (expYear < thisYear || expYear > thisYear + 50) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'card[exp_year]');
  }
  if (expYear === thisYear && expMonth < today.getUTCMonth() + 1) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]');
  }
  const cvc = card.string('cvc');
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
    throw cardError('invalid_cvc', "Your card's security code is invalid.", 'card[cvc]');
  }
  return { number, expMonth, expYear, cvcGiven: cvc !== undefined };
}

function cardError(code: string, message: string, param: string): StripeApiError {
  return new StripeApiError(
    402,
    {
      type: 'card_error',
      code,
      message,
      param,
      doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`,
    },
    true,
  );
}

function newCardPaymentMethod(state: FakeStripeState, card: CardDetails, billing?: Params): Stripe.PaymentMethod {
  const brand = brandOf(card.number);
  billing?.allow('name', 'email', 'phone', 'address');
  const address = billing?.object('address');
  address?.allow('line1', 'line2', 'city', 'state', 'postal_code', 'country');
  const paymentMethod: Stripe.PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: address
        ? addressOf(address)
        : { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: billing?.string('email') || null,
      name: billing?.string('name') || null,
      phone: billing?.string('phone') || null,
      tax_id: null,
    },
    card: {
      brand,
      checks: {
        address_line1_check: address?.string('line1') ? 'pass' : null,
        address_postal_code_check: address?.string('postal_code') ? 'pass' : null,
        cvc_check: card.cvcGiven ? 'pass' : null,
      },
      country: 'US',
      display_brand: brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: fingerprintOf(card.number),
      funding: 'credit',
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: state.now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  state.paymentMethods.set(paymentMethod.id, paymentMethod);
  state.cards.set(paymentMethod.id, {
    number: card.number,
    behavior: behaviorOf(card.number),
    setUpForOffSession: false,
    spent: false,
  });
  return paymentMethod;
}

/**
 * The PaymentMethod a parameter names. Stripe's test PaymentMethods (pm_card_visa, …) are accepted
 * wherever an id goes, as in test mode: each use makes a new pm_ from that card, attached to `attachTo`
 * when given (Stripe attaches them when a customer is the point of the call).
 */
export function paymentMethodFor(
  state: FakeStripeState,
  id: string,
  param: string,
  attachTo?: Stripe.Customer,
): Stripe.PaymentMethod {
  const testCard = TEST_PAYMENT_METHODS[id];
  if (testCard) {
    const year = new Date(state.now() * 1000).getUTCFullYear() + 5;
    const paymentMethod = newCardPaymentMethod(state, {
      number: testCard,
      expMonth: 12,
      expYear: year,
      cvcGiven: true,
    });
    if (attachTo) attachPaymentMethod(state, paymentMethod, attachTo);
    return paymentMethod;
  }
  return found(state.paymentMethods, 'PaymentMethod', id, param);
}

export function attachPaymentMethod(
  state: FakeStripeState,
  paymentMethod: Stripe.PaymentMethod,
  customer: Stripe.Customer,
): void {
  if (paymentMethod.customer === customer.id) return;
  const card = state.cards.get(paymentMethod.id)!;
  if (paymentMethod.customer) {
    throw invalidRequest('The payment method you provided has already been attached to a customer.', {
      code: 'payment_method_unexpected_state',
    });
  }
  if (card.spent) {
    throw invalidRequest(
      'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
      { code: 'payment_method_unexpected_state' },
    );
  }
  if (card.behavior === 'decline') {
    throw new StripeApiError(402, declineError('card_declined'));
  }
  paymentMethod.customer = customer.id;
  state.emit('payment_method.attached', paymentMethod);
}

export function retrievePaymentMethod({ state, path }: Call): Stripe.PaymentMethod {
  return found(state.paymentMethods, 'PaymentMethod', path[0]);
}

export function attachPaymentMethodCall({ state, params, path }: Call): Stripe.PaymentMethod {
  params.allow('customer');
  const customer = customerById(state, params.requiredString('customer'), 'customer');
  if (TEST_PAYMENT_METHODS[path[0]]) return paymentMethodFor(state, path[0], 'id', customer);
  const paymentMethod = retrievePaymentMethod({ state, params, path, caller: 'secret' });
  attachPaymentMethod(state, paymentMethod, customer);
  return paymentMethod;
}

export function detachPaymentMethod({ state, params, path }: Call): Stripe.PaymentMethod {
  params.allow();
  const paymentMethod = retrievePaymentMethod({ state, params, path, caller: 'secret' });
  const customerId = paymentMethod.customer as string | null;
  if (!customerId) {
    throw invalidRequest(
      `The payment method ${paymentMethod.id} is not attached to a customer so detachment is impossible.`,
      { code: 'payment_method_unexpected_state' },
    );
  }
  const before = copy(paymentMethod);
  paymentMethod.customer = null;
  state.cards.get(paymentMethod.id)!.spent = true;
  state.emit('payment_method.detached', paymentMethod, before);
  // Stripe forgets a detached method wherever it was the default.
  const customer = state.customers.get(customerId);
  if (customer && customer.invoice_settings.default_payment_method === paymentMethod.id) {
    const previous = copy(customer);
    customer.invoice_settings.default_payment_method = null;
    state.emit('customer.updated', customer, previous);
  }
  for (const subscription of state.subscriptions.values()) {
    if (subscription.default_payment_method === paymentMethod.id) {
      const previous = copy(subscription);
      subscription.default_payment_method = null;
      state.emit('customer.subscription.updated', subscription, previous);
    }
  }
  return paymentMethod;
}

export function listPaymentMethods({ state, params, path }: Call): Stripe.ApiList<Stripe.PaymentMethod> {
  params.allow('customer', 'type', ...LIST_PARAMS);
  const customerId = path[0] ?? params.requiredString('customer');
  customerById(state, customerId, path[0] ? 'id' : 'customer');
  const type = params.string('type');
  const methods = [...state.paymentMethods.values()]
    .reverse()
    .filter((pm) => pm.customer === customerId && (!type || pm.type === type));
  const url = path[0] ? `/v1/customers/${customerId}/payment_methods` : '/v1/payment_methods';
  return paginate(methods, url, listOptions(params));
}

export function customerOfParam(state: FakeStripeState, params: Params, key = 'customer'): Stripe.Customer | null {
  const id = params.string(key);
  return id ? customerById(state, id, params.name(key)) : null;
}
