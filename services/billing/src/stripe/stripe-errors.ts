import { BadGatewayException, HttpException, HttpStatus, ServiceUnavailableException } from '@nestjs/common';
import Stripe from 'stripe';
import { MESSAGES } from '../common/messages';

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** A card declined, or refused for its details: the provider's message is for the customer. */
export function isCardError(error: unknown): error is Stripe.errors.StripeCardError {
  return error instanceof Stripe.errors.StripeCardError;
}

/** The object named does not exist (at Stripe, for this account). */
export function isMissing(error: unknown): boolean {
  return isStripeError(error) && error.code === 'resource_missing';
}

/** Worth trying again later: the network, Stripe's own errors, its rate limit, a lock held by another request. */
export function isTransient(error: unknown): boolean {
  if (!isStripeError(error)) return false;
  if (error instanceof Stripe.errors.StripeConnectionError) return true;
  if (error instanceof Stripe.errors.StripeRateLimitError) return true;
  if (error instanceof Stripe.errors.StripeAPIError) return true;
  return (error.statusCode ?? 0) >= 500 || error.statusCode === 409 || error.code === 'lock_timeout';
}

/** 402 with the provider's message: what a page shows under the card. */
export class PaymentDeclinedException extends HttpException {
  constructor(message: string | null | undefined) {
    super({ detail: message?.trim() || MESSAGES.paymentFailed }, HttpStatus.PAYMENT_REQUIRED);
  }
}

/**
 * What a request answers when a Stripe call it needed failed: a card error is the customer's (402, the
 * provider's message); anything else is ours or Stripe's, never the customer's (502, or 503 when Stripe
 * cannot be reached), and is logged with the request by the exception filter.
 */
export function toHttpError(error: unknown): unknown {
  if (error instanceof HttpException || !isStripeError(error)) return error;
  if (isCardError(error)) return new PaymentDeclinedException(error.message);
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeRateLimitError) {
    return new ServiceUnavailableException({ detail: MESSAGES.providerUnavailable }, { cause: error });
  }
  return new BadGatewayException({ detail: MESSAGES.providerRefused }, { cause: error });
}
