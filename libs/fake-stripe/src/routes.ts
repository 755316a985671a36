import type Stripe from 'stripe';
import {
  cancelSubscription,
  createPrice,
  createProduct,
  createSubscription,
  listInvoicePayments,
  listInvoices,
  listSubscriptions,
  payInvoice,
  retrieveInvoice,
  retrievePrice,
  retrieveProduct,
  retrieveSubscription,
  updateSubscription,
  voidInvoiceCall,
} from './billing';
import {
  attachPaymentMethodCall,
  createCustomer,
  createPaymentMethod,
  deleteCustomer,
  detachPaymentMethod,
  listCustomers,
  listPaymentMethods,
  retrieveCustomer,
  retrievePaymentMethod,
  updateCustomer,
} from './customers';
import { noSuch } from './errors';
import {
  authenticateCall,
  cancelPaymentIntent,
  cancelSetupIntent,
  confirmPaymentIntent,
  confirmSetupIntent,
  createPaymentIntent,
  createSetupIntent,
  listPaymentIntents,
  retrieveCharge,
  retrievePaymentIntent,
  retrieveSetupIntent,
  updatePaymentIntent,
} from './intents';
import { LIST_PARAMS, listOptions } from './params';
import { closeDispute, listDisputes, openDisputeCall, retrieveDispute, updateDispute } from './disputes';
import { createRefund, retrieveRefund } from './refunds';
import { Call, paginate } from './state';

/**
 * Who may call a route: `secret` needs the secret key; `publishable` also takes the publishable key, as
 * Stripe does for what Stripe.js calls (creating payment methods, confirming and reading intents with their
 * client secret).
 */
export type Access = 'secret' | 'publishable';

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  access: Access;
  handler: (call: Call) => unknown;
}

const ID = '([^/]+)';

function route(method: Route['method'], path: string, handler: Route['handler'], access: Access = 'secret'): Route {
  return { method, pattern: new RegExp(`^${path.replace(/:id/g, ID)}$`), access, handler };
}

function listEvents({ state, params }: Call): Stripe.ApiList<Stripe.Event> {
  params.allow('type', 'types', 'created', 'delivery_success', ...LIST_PARAMS);
  const type = params.string('type');
  const types = params.strings('types');
  const matches = (eventType: string) => {
    if (types) return types.includes(eventType);
    if (!type) return true;
    // Stripe allows one `*` wildcard: `invoice.*`.
    const pattern = new RegExp(`^${type.replace(/[.]/g, '\\.').replace('*', '.*')}$`);
    return pattern.test(eventType);
  };
  const events = [...state.events].reverse().filter((event) => matches(event.type));
  return paginate(events, '/v1/events', listOptions(params));
}

function retrieveEvent({ state, params, path }: Call): Stripe.Event {
  params.allow();
  const event = state.event(path[0]);
  if (!event) throw noSuch('event', path[0]);
  return event;
}

export const ROUTES: Route[] = [
  route('POST', '/v1/customers', createCustomer),
  route('GET', '/v1/customers', listCustomers),
  route('GET', '/v1/customers/:id', retrieveCustomer),
  route('POST', '/v1/customers/:id', updateCustomer),
  route('DELETE', '/v1/customers/:id', deleteCustomer),
  route('GET', '/v1/customers/:id/payment_methods', listPaymentMethods),

  route('POST', '/v1/payment_methods', createPaymentMethod, 'publishable'),
  route('GET', '/v1/payment_methods', listPaymentMethods),
  route('GET', '/v1/payment_methods/:id', retrievePaymentMethod),
  route('POST', '/v1/payment_methods/:id/attach', attachPaymentMethodCall),
  route('POST', '/v1/payment_methods/:id/detach', detachPaymentMethod),

  route('POST', '/v1/setup_intents', createSetupIntent),
  route('GET', '/v1/setup_intents/:id', retrieveSetupIntent, 'publishable'),
  route('POST', '/v1/setup_intents/:id/confirm', confirmSetupIntent, 'publishable'),
  route('POST', '/v1/setup_intents/:id/cancel', cancelSetupIntent),

  route('POST', '/v1/payment_intents', createPaymentIntent),
  route('GET', '/v1/payment_intents', listPaymentIntents),
  route('GET', '/v1/payment_intents/:id', retrievePaymentIntent, 'publishable'),
  route('POST', '/v1/payment_intents/:id', updatePaymentIntent),
  route('POST', '/v1/payment_intents/:id/confirm', confirmPaymentIntent, 'publishable'),
  route('POST', '/v1/payment_intents/:id/cancel', cancelPaymentIntent),
  route('GET', '/v1/charges/:id', retrieveCharge),
  route('POST', '/v1/refunds', createRefund),
  route('GET', '/v1/refunds/:id', retrieveRefund),
  route('GET', '/v1/disputes', listDisputes),
  route('GET', '/v1/disputes/:id', retrieveDispute),
  route('POST', '/v1/disputes/:id', updateDispute),
  route('POST', '/v1/disputes/:id/close', closeDispute),

  route('POST', '/v1/products', createProduct),
  route('GET', '/v1/products/:id', retrieveProduct),
  route('POST', '/v1/prices', createPrice),
  route('GET', '/v1/prices/:id', retrievePrice),

  route('POST', '/v1/subscriptions', createSubscription),
  route('GET', '/v1/subscriptions', listSubscriptions),
  route('GET', '/v1/subscriptions/:id', retrieveSubscription),
  route('POST', '/v1/subscriptions/:id', updateSubscription),
  route('DELETE', '/v1/subscriptions/:id', cancelSubscription),

  route('GET', '/v1/invoices', listInvoices),
  route('GET', '/v1/invoices/:id', retrieveInvoice),
  route('POST', '/v1/invoices/:id/pay', payInvoice),
  route('POST', '/v1/invoices/:id/void', voidInvoiceCall),
  route('GET', '/v1/invoice_payments', listInvoicePayments),

  route('GET', '/v1/events', listEvents),
  route('GET', '/v1/events/:id', retrieveEvent),

  // Not Stripe's: the outcome of the fake 3-D Secure step (see intents.ts).
  route('POST', '/__fake/3ds/:id/complete', authenticateCall('complete'), 'publishable'),
  route('POST', '/__fake/3ds/:id/fail', authenticateCall('fail'), 'publishable'),
  // Not Stripe's: the cardholder's bank disputes a charge (what the dispute test cards do on their own).
  route('POST', '/__fake/charges/:id/dispute', openDisputeCall),
];
