import { invoiceIncludable } from './billing';
import { badParam } from './errors';
import { chargeRefunds } from './refunds';
import { copy, FakeStripeState } from './state';

/**
 * The fields each object lets `expand[]` replace with the object they name (dotted when the id sits in a
 * nested hash). `payments` and `confirmation_secret` are invoice fields, `refunds` a charge field, that
 * Stripe only includes when expanded.
 */
const EXPANDABLE: Record<string, string[]> = {
  customer: ['invoice_settings.default_payment_method', 'default_source', 'test_clock'],
  subscription: [
    'customer',
    'default_payment_method',
    'latest_invoice',
    'pending_setup_intent',
    'schedule',
    'default_source',
    'test_clock',
  ],
  invoice: [
    'customer',
    'default_payment_method',
    'payments',
    'confirmation_secret',
    'parent.subscription_details.subscription',
    'test_clock',
  ],
  invoice_payment: ['invoice', 'payment.payment_intent', 'payment.charge'],
  line_item: ['subscription', 'pricing.price_details.price'],
  payment_intent: ['customer', 'payment_method', 'latest_charge', 'review', 'source'],
  setup_intent: ['customer', 'payment_method', 'latest_attempt', 'mandate', 'single_use_mandate'],
  payment_method: ['customer'],
  charge: ['customer', 'payment_intent', 'balance_transaction', 'review', 'refunds'],
  refund: ['charge', 'payment_intent', 'balance_transaction', 'customer', 'payment_method'],
  dispute: ['charge', 'payment_intent'],
  price: ['product'],
  product: ['default_price'],
};

/** The fields left out unless expanded: what each is, read from the state for the object that owns it. */
const INCLUDABLE: Record<string, (state: FakeStripeState, id: string, field: string) => unknown> = {
  invoice: (state, id, field) => {
    const invoice = state.invoices.get(id);
    return invoice && invoiceIncludable(state, invoice, field);
  },
  charge: (state, id, field) => {
    const charge = state.charges.get(id);
    return charge && field === 'refunds' ? chargeRefunds(state, charge) : undefined;
  },
};

const MAX_DEPTH = 4;

type Json = Record<string, unknown>;

/** Applies `expand[]` paths to a response (already a copy of the stored object). */
export function expandResponse(state: FakeStripeState, response: unknown, paths: string[]): unknown {
  for (const path of paths) {
    const segments = path.split('.');
    // Every level counts, a list's `data` included (data.items.data.price.product is refused).
    if (segments.length > MAX_DEPTH) {
      throw badParam(
        `You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`,
        'expand',
        'property_expansion_max_depth',
      );
    }
    response = expandAt(state, response, segments, path);
  }
  return response;
}

function expandAt(state: FakeStripeState, value: unknown, segments: string[], path: string): unknown {
  if (segments.length === 0 || value === null || typeof value !== 'object') return value;
  const object = value as Json;
  if (object.object === 'list' && segments[0] === 'data') {
    object.data = (object.data as unknown[]).map((item) => expandAt(state, item, segments.slice(1), path));
    return object;
  }
  const type = object.object as string;
  const field = (EXPANDABLE[type] ?? []).find((candidate) => startsWith(segments, candidate.split('.')));
  if (field) {
    const fieldPath = field.split('.');
    const container = walk(object, fieldPath.slice(0, -1));
    const key = fieldPath[fieldPath.length - 1];
    if (container) {
      container[key] = resolve(state, object, container[key], type, key);
      container[key] = expandAt(state, container[key], segments.slice(fieldPath.length), path);
    }
    return object;
  }
  const nested = object[segments[0]];
  if (nested && typeof nested === 'object' && 'object' in nested) {
    object[segments[0]] = expandAt(state, nested, segments.slice(1), path);
    return object;
  }
  throw badParam(`This property cannot be expanded (${path}).`, 'expand');
}

function resolve(state: FakeStripeState, owner: Json, current: unknown, type: string, key: string): unknown {
  const included = INCLUDABLE[type]?.(state, owner.id as string, key);
  if (included !== undefined) return included;
  if (typeof current !== 'string') return current;
  const found = state.find(current);
  return found ? copy(found) : current;
}

function walk(object: Json, keys: string[]): Json | undefined {
  let current: unknown = object;
  for (const key of keys) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Json)[key];
  }
  return current && typeof current === 'object' ? (current as Json) : undefined;
}

function startsWith(segments: string[], prefix: string[]): boolean {
  return prefix.every((segment, index) => segments[index] === segment);
}
