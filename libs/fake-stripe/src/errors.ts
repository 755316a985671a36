import type Stripe from 'stripe';

/** The body of Stripe's error responses: `{ error: { type, code, decline_code, message, param, … } }`. */
export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  message: string;
  code?: string;
  decline_code?: string;
  doc_url?: string;
  param?: string;
  charge?: string;
  payment_intent?: Stripe.PaymentIntent;
  payment_method?: Stripe.PaymentMethod;
  payment_method_type?: string;
  setup_intent?: Stripe.SetupIntent;
  request_log_url?: string;
}

/**
 * An error answered in Stripe's format. `beforeExecution` marks errors found while reading the parameters:
 * Stripe saves no idempotent result for those (a retry with fixed parameters may reuse the key).
 */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    readonly beforeExecution = false,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;
}

interface RequestErrorOptions {
  param?: string;
  code?: string;
  status?: number;
  beforeExecution?: boolean;
}

export function invalidRequest(message: string, options: RequestErrorOptions = {}): StripeApiError {
  const body: StripeErrorBody = { type: 'invalid_request_error', message };
  if (options.code) Object.assign(body, { code: options.code, doc_url: docUrl(options.code) });
  if (options.param) body.param = options.param;
  return new StripeApiError(options.status ?? 400, body, options.beforeExecution ?? false);
}

/** A parameter Stripe would refuse before running the endpoint. */
export function badParam(message: string, param: string, code?: string): StripeApiError {
  return invalidRequest(message, { param, code, beforeExecution: true });
}

/** `No such customer: 'cus_x'`: 404 when the id is the path's, 400 when a parameter names it. */
export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return invalidRequest(`No such ${kind}: '${id}'`, {
    param,
    code: 'resource_missing',
    status: param === 'id' ? 404 : 400,
    beforeExecution: true,
  });
}

/** The object `id` names in `objects`, or Stripe's `No such …` error (noSuch). */
export function found<T>(objects: ReadonlyMap<string, T>, kind: string, id: string, param = 'id'): T {
  const object = objects.get(id);
  if (object === undefined) throw noSuch(kind, id, param);
  return object;
}

export function unexpectedState(message: string, code: string): StripeApiError {
  return invalidRequest(message, { code });
}

export function authenticationError(message: string): StripeApiError {
  return new StripeApiError(401, { type: 'invalid_request_error', message }, true, {
    'WWW-Authenticate': 'Bearer realm="Stripe"',
  });
}
