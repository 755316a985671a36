import type Stripe from 'stripe';
import { Clock } from './clock';
import { newId } from './ids';
import type { Params } from './params';
import type { CardBehavior } from './test-cards';

/** The API version of the `stripe` SDK this fake speaks (the SDK pins it; events carry it). */
export const API_VERSION = '2026-10-28.endive';

export type Caller = 'secret' | 'publishable';

/** What the current API request tells the events it causes (`event.request`). */
export interface RequestInfo {
  id: string;
  idempotencyKey: string | null;
}

/** What the fake knows about a card that Stripe keeps to itself. */
export interface CardSecrets {
  number: string;
  behavior: CardBehavior;
  /** Set up for future off-session use (a succeeded SetupIntent, or a payment with setup_future_usage). */
  setUpForOffSession: boolean;
  /** Used once without a customer, or detached: Stripe refuses to use it again. */
  spent: boolean;
}

/** Billing state of a subscription beyond its public fields. */
export interface SubscriptionSchedule {
  interval: string;
  intervalCount: number;
  /** The current period runs from anchor + periodIndex intervals to anchor + periodIndex + 1 intervals. */
  anchor: number;
  periodIndex: number;
  offSession: boolean;
  paymentBehavior: string;
  trialWillEndSent: boolean;
  missingPaymentMethod: 'cancel' | 'create_invoice' | 'pause';
  saveDefaultPaymentMethod: boolean;
}

export type StripeEvent = Stripe.Event;

/** One API call as a handler sees it: the state, the parameters, who calls, the ids in the path. */
export interface Call {
  state: FakeStripeState;
  params: Params;
  caller: Caller;
  path: string[];
}
type AnyObject = { id: string; object: string };

/**
 * Everything the fake holds, in memory, keyed by id. Objects are stored in Stripe's public shape and
 * changed in place; responses and events get deep copies.
 */
export class FakeStripeState {
  readonly clock = new Clock();
  readonly customers = new Map<string, Stripe.Customer>();
  readonly paymentMethods = new Map<string, Stripe.PaymentMethod>();
  readonly cards = new Map<string, CardSecrets>();
  readonly setupIntents = new Map<string, Stripe.SetupIntent>();
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly charges = new Map<string, Stripe.Charge>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly disputes = new Map<string, Stripe.Dispute>();
  readonly products = new Map<string, Stripe.Product>();
  readonly prices = new Map<string, Stripe.Price>();
  readonly subscriptions = new Map<string, Stripe.Subscription>();
  readonly schedules = new Map<string, SubscriptionSchedule>();
  readonly invoices = new Map<string, Stripe.Invoice>();
  readonly invoicePayments = new Map<string, Stripe.InvoicePayment>();
  /** PaymentIntent id → the invoice it pays. */
  readonly invoiceOfPaymentIntent = new Map<string, string>();
  readonly events: StripeEvent[] = [];
  private readonly eventsById = new Map<string, StripeEvent>();
  private readonly eventListeners: Array<(event: StripeEvent) => void> = [];
  /** Set while an API request runs; null for what the clock does on its own. */
  request: RequestInfo | null = null;

  constructor(readonly baseUrl: () => string) {}

  now(): number {
    return this.clock.now();
  }

  onEvent(listener: (event: StripeEvent) => void): void {
    this.eventListeners.push(listener);
  }

  /**
   * Records an event with a copy of the object as it is now. `previous` is the object before the
   * change, for `data.previous_attributes`; an update that changed nothing records no event.
   */
  emit(type: string, object: AnyObject, previous?: AnyObject): StripeEvent | undefined {
    const data: { object: unknown; previous_attributes?: unknown } = { object: copy(object) };
    if (previous) {
      const changed = previousAttributes(previous, object);
      if (!changed) return undefined;
      data.previous_attributes = changed;
    }
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      data,
      livemode: false,
      pending_webhooks: 0,
      request: this.request
        ? { id: this.request.id, idempotency_key: this.request.idempotencyKey }
        : { id: null, idempotency_key: null },
      type,
    } as unknown as StripeEvent;
    this.events.push(event);
    this.eventsById.set(event.id, event);
    for (const listener of this.eventListeners) listener(event);
    return event;
  }

  /** Replaces an event's object with the object's final state (used while a request is still running). */
  refreshEvent(event: StripeEvent | undefined, object: AnyObject): void {
    if (event) (event.data as { object: unknown }).object = copy(object);
  }

  event(id: string): StripeEvent | undefined {
    return this.eventsById.get(id);
  }

  /** Any stored object by its id, for expansion. */
  find(id: string): AnyObject | undefined {
    const prefix = id.slice(0, id.indexOf('_'));
    const table: Record<string, Map<string, AnyObject>> = {
      cus: this.customers,
      pm: this.paymentMethods,
      seti: this.setupIntents,
      pi: this.paymentIntents,
      ch: this.charges,
      re: this.refunds,
      dp: this.disputes,
      prod: this.products,
      price: this.prices,
      sub: this.subscriptions,
      in: this.invoices,
      inpay: this.invoicePayments,
      evt: this.eventsById as unknown as Map<string, AnyObject>,
    };
    return table[prefix]?.get(id);
  }
}

export function copy<T>(value: T): T {
  return structuredClone(value);
}

/**
 * Stripe's `previous_attributes`: the old values of the fields that changed; nested objects list only
 * their changed keys, lists and arrays are given whole.
 */
export function previousAttributes(before: object, after: object): Record<string, unknown> | undefined {
  const result: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    const a = old[key];
    const b = now[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (isPlainObject(a) && isPlainObject(b) && !('object' in a)) {
      result[key] = previousAttributes(a, b) ?? {};
    } else {
      result[key] = a === undefined ? null : copy(a);
    }
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A Stripe list object over `items` (newest first), paginated with limit / starting_after / ending_before. */
export function paginate<T extends { id: string }>(
  items: T[],
  url: string,
  options: { limit?: number; startingAfter?: string; endingBefore?: string },
): Stripe.ApiList<T> {
  const limit = options.limit ?? 10;
  let start = 0;
  let end = items.length;
  if (options.startingAfter) start = items.findIndex((item) => item.id === options.startingAfter) + 1;
  if (options.endingBefore)
    end = Math.max(
      0,
      items.findIndex((item) => item.id === options.endingBefore),
    );
  let page = items.slice(start, end);
  let hasMore = page.length > limit;
  if (options.endingBefore && !options.startingAfter) {
    hasMore = page.length > limit;
    page = page.slice(Math.max(0, page.length - limit));
  } else {
    page = page.slice(0, limit);
  }
  return { object: 'list', data: page, has_more: hasMore, url };
}
