import {
  ADDRESS_COUNTRIES,
  CHECKOUT_BILLING_MESSAGES,
  CHECKOUT_COUNTRY_MESSAGE,
  DEFAULT_COUNTRY,
  PAYMENTS_NOT_CONFIGURED,
  SUBSCRIPTION_IN_PROGRESS,
  type AddressCountry,
  type CreateSubscriptionReply,
  type PaymentReply,
} from '@portal/contracts';
import { ApiError } from '../../shared/api/client';
import { serverDetail } from '../../shared/api/server-detail';

/** The billing details of a checkout (spec part 2, section 5), as the form holds them. */
export interface BillingDetailsValues {
  name: string;
  email: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: AddressCountry;
}

export type BillingField = keyof BillingDetailsValues;

/** The required fields and their messages, in the order the form shows them (the server's words too). */
export const REQUIRED_FIELD_MESSAGES = CHECKOUT_BILLING_MESSAGES satisfies Partial<Record<BillingField, string>>;

export type RequiredField = keyof typeof REQUIRED_FIELD_MESSAGES;
export const REQUIRED_FIELDS = Object.keys(REQUIRED_FIELD_MESSAGES) as RequiredField[];

export type BillingErrors = Partial<Record<BillingField, string>>;

export function initialBillingDetails(
  user: { email: string; first_name: string; last_name: string } | null,
): BillingDetailsValues {
  return {
    name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
    email: user?.email ?? '',
    phone: '',
    line1: '',
    line2: '',
    city: '',
    state: '',
    postal_code: '',
    country: DEFAULT_COUNTRY,
  };
}

/** One message per missing required field (`fields`: all of them unless a form checks fewer). */
export function validateBillingDetails(
  values: BillingDetailsValues,
  fields: readonly RequiredField[] = REQUIRED_FIELDS,
): BillingErrors {
  const errors: BillingErrors = {};
  for (const field of fields) {
    if (!values[field]?.trim()) errors[field] = REQUIRED_FIELD_MESSAGES[field];
  }
  if (!ADDRESS_COUNTRIES.includes(values.country)) errors.country = CHECKOUT_COUNTRY_MESSAGE;
  return errors;
}

/** Editing a field clears its error (and only its). */
export function clearError(errors: BillingErrors, field: BillingField): BillingErrors {
  if (!(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}

/** What confirmCardSetup sends with the card: name, email, phone and address, blanks left out. */
export function toStripeBillingDetails(values: BillingDetailsValues) {
  const text = (value: string) => value.trim() || undefined;
  return {
    name: values.name.trim(),
    email: text(values.email),
    phone: text(values.phone),
    address: {
      line1: text(values.line1),
      line2: text(values.line2),
      city: text(values.city),
      state: text(values.state),
      postal_code: text(values.postal_code),
      country: values.country,
    },
  };
}

/**
 * One checkout attempt: its Idempotency-Key and, once the card is saved, the card. Every retry of the
 * attempt sends both again, so the server answers the first result and never charges twice.
 */
export interface CheckoutAttempt {
  key: string;
  paymentMethodId: string | null;
}

export function newAttempt(makeKey: () => string = () => crypto.randomUUID()): CheckoutAttempt {
  return { key: makeKey(), paymentMethodId: null };
}

/**
 * Whether the outcome of a failed call is unknown (the connection dropped, the server or the provider
 * failed, too many tries, the session expired while 3-D Secure was under way): the charge may have
 * happened, so the next try is the same attempt and the page says the payment may have gone through.
 * Any other answer is final (a declined card, a refused item, payments not configured): the next try
 * is a new attempt.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 503 && serverDetail(error) === PAYMENTS_NOT_CONFIGURED) return false;
  return error.status >= 500 || [401, 408, 429].includes(error.status);
}

/**
 * Whether Stripe.js's error after 3-D Secure (handleNextAction) is final: the card or its authentication
 * failed (a card error), so nothing was charged. Any other (Stripe out of reach, say) leaves the outcome
 * unknown: the authentication may have completed, and the payment with it.
 */
export function nextActionFailed(error: { type?: string }): boolean {
  return error.type === 'card_error';
}

/**
 * An error that a new card cannot fix replaces the page with the error view (spec: "an error passed up
 * from payment"): the item cannot be bought, or payments are not configured. Declines and failures
 * worth another try stay in the form, with what the user typed: among them every other 503 (the payment
 * provider out of reach, a proxy's error page while a service restarts), which is over in a moment.
 */
export function isPassedUp(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 503) return serverDetail(error) === PAYMENTS_NOT_CONFIGURED;
  // Another attempt of the subscription still being set up: worth another try in a moment, in the form.
  if (error.status === 409) return serverDetail(error) !== SUBSCRIPTION_IN_PROGRESS;
  return [400, 403, 404].includes(error.status);
}

/** The server's detail, else the screen's own message. */
export function errorMessage(error: unknown, fallback: string): string {
  return serverDetail(error) ?? fallback;
}

/** The pause on a success screen before the next page (spec part 2, section 9: 2 s). */
export const SUCCESS_REDIRECT_MS = 2000;

/** What the server answered a payment: done, or the card asks for 3-D Secure first. */
export type PayOutcome<T> = { status: 'done'; result: T } | { status: 'requires_action'; clientSecret: string };

/** A payment's answer as the card form reads it. */
export function paymentOutcome(reply: PaymentReply): PayOutcome<PaymentReply> {
  if (reply.status === 'requires_action' && reply.client_secret) {
    return { status: 'requires_action', clientSecret: reply.client_secret };
  }
  return { status: 'done', result: reply };
}

/** A subscription's answer as the card form reads it. */
export function subscriptionOutcome(reply: CreateSubscriptionReply): PayOutcome<CreateSubscriptionReply> {
  if (reply.requires_action && reply.client_secret)
    return { status: 'requires_action', clientSecret: reply.client_secret };
  return { status: 'done', result: reply };
}
