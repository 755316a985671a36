import { HttpException, NotFoundException } from '@nestjs/common';
import Stripe from 'stripe';
import { isMissing, isTransient, toHttpError } from './stripe-errors';

const raw = (fields: Record<string, unknown>) => fields as never;

function answer(error: unknown): { status: number; detail: unknown } {
  const mapped = toHttpError(error) as HttpException;
  return { status: mapped.getStatus(), detail: (mapped.getResponse() as { detail: unknown }).detail };
}

describe('Stripe errors', () => {
  it("answers a card error with 402 and the provider's message", () => {
    const declined = new Stripe.errors.StripeCardError(
      raw({ message: 'Your card was declined.', code: 'card_declined', type: 'card_error' }),
    );
    expect(answer(declined)).toEqual({ status: 402, detail: 'Your card was declined.' });
  });

  it('never shows the customer a request error of ours, and says when Stripe cannot be reached', () => {
    const invalid = new Stripe.errors.StripeInvalidRequestError(
      raw({ message: 'Received unknown parameter: emial', type: 'invalid_request_error' }),
    );
    expect(answer(invalid)).toEqual({
      status: 502,
      detail: 'The payment provider could not process the request. Please try again.',
    });
    const offline = new Stripe.errors.StripeConnectionError(raw({ message: 'ECONNREFUSED' }));
    expect(answer(offline).status).toBe(503);
  });

  it('passes HTTP exceptions and unknown errors through', () => {
    const notFound = new NotFoundException({ detail: 'x' });
    expect(toHttpError(notFound)).toBe(notFound);
    const bug = new TypeError('x');
    expect(toHttpError(bug)).toBe(bug);
  });

  it('tells a missing object and a transient failure apart', () => {
    const missing = new Stripe.errors.StripeInvalidRequestError(
      raw({ message: "No such invoice: 'in_1'", code: 'resource_missing', statusCode: 404 }),
    );
    expect(isMissing(missing)).toBe(true);
    expect(isTransient(missing)).toBe(false);
    expect(isTransient(new Stripe.errors.StripeConnectionError(raw({ message: 'reset' })))).toBe(true);
    expect(isTransient(new Stripe.errors.StripeAPIError(raw({ message: 'boom', statusCode: 500 })))).toBe(true);
    expect(isTransient(new Error('db'))).toBe(false);
  });
});
