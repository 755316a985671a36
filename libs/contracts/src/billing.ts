/*
 * Billing (under /payments, /subscriptions and /profiles/purchase-history): card payments of services
 * and filings, monthly subscriptions with trials, invoices and the purchase history (spec part 2,
 * sections 3 and 7). Units are the pages': invoice amounts in cents, every other amount in dollars.
 */
import type { BillingCycle } from './catalog';

/** What the API answers while no Stripe keys are configured (503), and what the pages then say. */
export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured.';

/**
 * What POST /subscriptions/stripe answers (409) when the user already holds the package: the subscribe
 * page then shows the subscription instead. Any other 409 there is said as it is.
 */
export const ALREADY_SUBSCRIBED = 'You already have an active subscription to this package.';
/** A 409 of POST /subscriptions/stripe: another attempt of the package is still being set up; worth a retry soon. */
export const SUBSCRIPTION_IN_PROGRESS =
  'A subscription to this package is being set up. Please wait a moment and try again.';

/**
 * The header that makes a checkout attempt safe to send again: the page makes one (a UUID) per attempt and
 * sends it with every try of that attempt; the same key never charges twice and answers the first result.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** What a key may look like: 8 to 255 letters, digits and `-_.:` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,255}$/;

/**
 * The billing details a checkout's card must carry (spec part 2, section 5), each with the checkout
 * form's message for it, in the form's order; the server refuses a card without them with the same
 * words. The update-payment form requires only the name. The country is one of ADDRESS_COUNTRIES.
 */
export const CHECKOUT_BILLING_MESSAGES = {
  name: 'Please enter your name',
  email: 'Please enter your email address',
  phone: 'Please enter your phone number',
  line1: 'Please enter your street address',
  city: 'Please enter your city',
  state: 'Please enter your state/province',
  postal_code: 'Please enter your ZIP/postal code',
} as const;
export type CheckoutBillingField = keyof typeof CHECKOUT_BILLING_MESSAGES;
export const CHECKOUT_COUNTRY_MESSAGE = 'Please choose a country';

/** The longest cancellation reason kept. */
export const CANCEL_REASON_MAX_LENGTH = 1000;

/**
 * A money amount in dollars, as the pages show it: cents / 100, so at most two decimals (29.9 is $29.90).
 * Invoice amounts are the exception: they stay in cents, as Stripe gives them.
 */
export type Dollars = number;

/** GET /payments/config: read by the web app when it starts, so changing keys needs no rebuild. */
export interface PaymentsConfigReply {
  /** False while the server has no Stripe keys: the pages say payments are not configured. */
  configured: boolean;
  /** Stripe's publishable key (pk_...), null when not configured. */
  publishable_key: string | null;
  /** The Stripe.js script the pages load, null when not configured. */
  stripe_js_url: string | null;
  /** Test keys: no real charges (the pages show a notice). */
  test_mode: boolean;
}

/** POST /payments/create-setup-intent (no body): confirmed in the browser with the card and billing details. */
export interface SetupIntentReply {
  client_secret: string;
}

/** A card as the pages show it. */
export interface CardSummary {
  /** 'visa', 'mastercard', ... */
  brand: string;
  last4: string;
}

export interface CardDetails extends CardSummary {
  exp_month: number;
  exp_year: number;
}

/** POST /payments/service-payment, with the Idempotency-Key header. The price is the catalog's. */
export interface ServicePaymentRequest {
  service_id: string;
  /** A card saved with the setup intent (pm_...). */
  payment_method_id: string;
}

/** POST /payments/form-payment, with the Idempotency-Key header. The price is the form's estimated fee. */
export interface FormPaymentRequest {
  form_id: string;
  payment_method_id: string;
}

export const PAYMENT_STATUSES = ['succeeded', 'requires_action', 'processing'] as const;
/**
 * succeeded: charged. requires_action: the card asks for authentication (3-D Secure): the page finishes
 * it with Stripe.js and `client_secret`, then sends the same request (same key) again for the result.
 * processing: the card network has not answered yet; the purchase history shows it once it has.
 */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type PurchaseKind = 'service' | 'form';

/** The answer of both payment calls (spec: Payment result), used as the confirmation page's data. */
export interface PaymentReply {
  /** The order's id (also `order_id`, which the confirmation page shows). */
  id: string;
  order_id: string;
  kind: PurchaseKind;
  status: PaymentStatus;
  /** What was charged, in dollars (filing fees of the state are not included). */
  amount: Dollars;
  currency: string;
  /** ISO 8601. */
  created_at: string;
  paid_at: string | null;
  /** The service bought (service payments), else null. */
  service: { id: string; title: string } | null;
  /** The filing bought (form payments), else null. */
  form: { id: string; form_name: string } | null;
  payment_method: { details: CardSummary } | null;
  /** Only while status is requires_action: what Stripe.js needs to finish the payment. */
  client_secret: string | null;
}

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
/** Stripe's subscription statuses, as they are. */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** POST /subscriptions/stripe, with the Idempotency-Key header. */
export interface CreateSubscriptionRequest {
  package_id: string;
  payment_method_id: string;
  /**
   * The trial asked for, by the subscribe page's query rule (1 means 30 days, n means n days); the server
   * caps it to the package's Trial (months x 30 days) and grants it once per user and package.
   */
  trial_period_days?: number;
}

/** POST /subscriptions/{id}/cancel: ends the subscription at the end of the period (or of the trial). */
export interface CancelSubscriptionRequest {
  /** Why the customer leaves (kept with the subscription); blank or null for none. */
  reason?: string | null;
}

/** PUT /subscriptions/{id}/payment-method/: the card future invoices (and an unpaid one) are charged to. */
export interface UpdatePaymentMethodRequest {
  payment_method_id: string;
}

export interface SubscriptionPackage {
  id: string;
  name: string;
  /** Monthly price in dollars. */
  price: Dollars;
  billing_cycle: BillingCycle;
}

/** The card of a subscription: flat (the payment page) and under `details` (the profile). */
export interface SubscriptionPaymentMethod extends CardDetails {
  details: CardSummary;
}

/** GET /subscriptions/user (a list of these), GET /subscriptions/{id}, and the answer of every change. */
export interface SubscriptionReply {
  id: string;
  package_id: string;
  package_name: string;
  status: SubscriptionStatus;
  has_trial: boolean;
  /** Days of trial granted (0 without a trial). */
  trial_period: number;
  /** ISO 8601; the trial is on while this is in the future. */
  trial_start_date: string | null;
  trial_end_date: string | null;
  /** Monthly price in dollars. */
  price: Dollars;
  currency: string;
  cancel_at_period_end: boolean;
  cancel_reason: string | null;
  /** When cancellation was asked for. */
  canceled_at: string | null;
  /** When it ended (canceled or expired), else null. */
  ended_at: string | null;
  start_date: string;
  current_period_start: string | null;
  current_period_end: string | null;
  /** The next charge: the end of the current period, null when the subscription will not renew. */
  renewal_date: string | null;
  package: SubscriptionPackage;
  payment_method: SubscriptionPaymentMethod | null;
  customer_name: string | null;
  customer_email: string;
}

/** POST /subscriptions/stripe: the subscription, and what the page needs when the first payment needs 3-D Secure. */
export interface CreateSubscriptionReply extends SubscriptionReply {
  /** True while the first payment waits for the customer's authentication. */
  requires_action: boolean;
  /** Only while requires_action: Stripe.js finishes the payment with it; the page then sends the request again. */
  client_secret: string | null;
}

/** Stripe's invoice statuses, as they are (the page labels paid, open, void, draft and uncollectible). */
export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export interface InvoiceReply {
  id: string;
  number: string | null;
  /** ISO 8601. */
  created: string;
  /** In cents. */
  amount_paid: number;
  /** In cents. */
  amount_due: number;
  currency: string;
  status: InvoiceStatus;
  invoice_pdf: string | null;
  hosted_invoice_url: string | null;
  period_start: string | null;
  period_end: string | null;
}

/** GET /subscriptions/{id}/invoices/: newest first. */
export interface InvoicesReply {
  invoices: InvoiceReply[];
  subscription: SubscriptionReply;
}

export type PurchaseHistoryKind = 'subscription' | PurchaseKind;

/** One entry of GET /profiles/purchase-history: a one-time purchase or a subscription payment. */
export interface PurchaseReply {
  id: string;
  kind: PurchaseHistoryKind;
  /** 'succeeded' (one-time purchases) or 'paid' (subscription invoices). */
  status: string;
  /** Dollars. */
  amount: Dollars;
  currency: string;
  /** When it was paid (ISO 8601). */
  created_at: string;
  /** Subscription payments: the period paid for. */
  billing_period_start: string | null;
  billing_period_end: string | null;
  /** Subscription payments: the package. */
  package: { name: string } | null;
  /** Service purchases: the service. */
  service: { name: string } | null;
  /** Filing purchases: the filing. */
  form: { form_name: string } | null;
  /** Subscription payments: the invoice number. */
  invoice_number: string | null;
  payment_method: { details: CardSummary } | null;
  /**
   * Dollars refunded so far (staff refund from Stripe), 0 when none, `amount` when fully refunded; `status`
   * stays as it was ('succeeded', or 'paid' for a subscription payment): it was paid. One-time purchases and
   * subscription payments alike; null only from a server from before subscription refunds were tracked.
   */
  amount_refunded: Dollars | null;
  /** When the latest refund was made (ISO 8601); null when nothing was refunded. */
  refunded_at: string | null;
}
