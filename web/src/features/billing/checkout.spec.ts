import { ALREADY_SUBSCRIBED, PAYMENTS_NOT_CONFIGURED, SUBSCRIPTION_IN_PROGRESS } from '@portal/contracts';
import { ApiError } from '../../shared/api/client';
import {
  clearError,
  errorMessage,
  initialBillingDetails,
  isPassedUp,
  nextActionFailed,
  paymentOutcome,
  newAttempt,
  outcomeUnknown,
  toStripeBillingDetails,
  validateBillingDetails,
} from './checkout';

const filled = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 919 555 0100',
  line1: '1 Main St',
  line2: '',
  city: 'Raleigh',
  state: 'NC',
  postal_code: '27601',
  country: 'US' as const,
};

describe('checkout billing details', () => {
  it('starts from the signed-in user, the e-mail theirs, the country US', () => {
    expect(initialBillingDetails({ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' })).toMatchObject(
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        country: 'US',
        line2: '',
      },
    );
  });

  it('asks for every required field with its own message; line 2 is optional', () => {
    expect(validateBillingDetails(filled)).toEqual({});
    const empty = { ...initialBillingDetails(null), name: '  ' };
    expect(validateBillingDetails(empty)).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email address',
      phone: 'Please enter your phone number',
      line1: 'Please enter your street address',
      city: 'Please enter your city',
      state: 'Please enter your state/province',
      postal_code: 'Please enter your ZIP/postal code',
    });
    expect(validateBillingDetails(empty, ['name'])).toEqual({ name: 'Please enter your name' });
  });

  it('clears only the error of the field being edited', () => {
    const errors = { name: 'Please enter your name', city: 'Please enter your city' };
    expect(clearError(errors, 'city')).toEqual({ name: 'Please enter your name' });
    expect(clearError(errors, 'phone')).toBe(errors);
  });

  it('sends the billing details to the provider without blanks', () => {
    expect(toStripeBillingDetails(filled)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 919 555 0100',
      address: {
        line1: '1 Main St',
        line2: undefined,
        city: 'Raleigh',
        state: 'NC',
        postal_code: '27601',
        country: 'US',
      },
    });
  });
});

describe('checkout attempts', () => {
  it('makes one key per attempt', () => {
    let n = 0;
    expect(newAttempt(() => `key-${++n}`)).toEqual({ key: 'key-1', paymentMethodId: null });
  });

  it('keeps the attempt when the outcome is unknown, and starts a new one after a final answer', () => {
    expect(outcomeUnknown(new TypeError('Failed to fetch'))).toBe(true);
    expect(outcomeUnknown(new ApiError(502, 'x', {}))).toBe(true);
    expect(outcomeUnknown(new ApiError(429, 'x', {}))).toBe(true);
    expect(outcomeUnknown(new ApiError(402, 'Your card was declined.', { detail: 'Your card was declined.' }))).toBe(
      false,
    );
    expect(outcomeUnknown(new ApiError(400, 'x', {}))).toBe(false);
  });

  it('keeps the attempt through a session that expired during 3-D Secure, not when payments are off', () => {
    expect(outcomeUnknown(new ApiError(401, 'x', { detail: 'Token expired' }))).toBe(true);
    expect(outcomeUnknown(new ApiError(503, 'x', { detail: PAYMENTS_NOT_CONFIGURED }))).toBe(false);
    expect(outcomeUnknown(new ApiError(503, 'x', { detail: 'The payment provider could not be reached.' }))).toBe(true);
  });

  it('starts a new attempt after 3-D Secure only when the card or its authentication failed', () => {
    expect(nextActionFailed({ type: 'card_error' })).toBe(true);
    expect(nextActionFailed({ type: 'api_connection_error' })).toBe(false);
    expect(nextActionFailed({ type: 'api_error' })).toBe(false);
    expect(nextActionFailed({})).toBe(false);
  });

  it('keeps a subscription still being set up in the form, and passes up every other 409', () => {
    expect(isPassedUp(new ApiError(409, 'x', { detail: SUBSCRIPTION_IN_PROGRESS }))).toBe(false);
    expect(isPassedUp(new ApiError(409, 'x', { detail: ALREADY_SUBSCRIBED }))).toBe(true);
    expect(isPassedUp(new ApiError(409, 'x', { detail: 'This Idempotency-Key was already used.' }))).toBe(true);
  });

  it('keeps a passing 503 in the form: the provider out of reach, a proxy error page', () => {
    const provider = 'The payment provider could not be reached. Please try again in a moment.';
    expect(isPassedUp(new ApiError(503, provider, { detail: provider }))).toBe(false);
    expect(isPassedUp(new ApiError(503, 'Request failed: 503 Service Unavailable', '<html>503</html>'))).toBe(false);
    expect(isPassedUp(new ApiError(503, 'Request failed with status 503', undefined))).toBe(false);
  });

  it('passes up what another card cannot fix, and words errors as the server did', () => {
    expect(isPassedUp(new ApiError(400, 'quoted', { detail: 'quoted' }))).toBe(true);
    expect(isPassedUp(new ApiError(503, 'x', { detail: 'Payments are not configured.' }))).toBe(true);
    expect(isPassedUp(new ApiError(402, 'declined', {}))).toBe(false);
    expect(isPassedUp(new TypeError('offline'))).toBe(false);
    expect(errorMessage(new ApiError(402, 'x', { detail: 'Your card was declined.' }), 'fallback')).toBe(
      'Your card was declined.',
    );
    expect(errorMessage(new TypeError('offline'), 'Failed to process payment. Please try again.')).toBe(
      'Failed to process payment. Please try again.',
    );
  });
});

describe('payment outcomes', () => {
  const reply = {
    id: 'o1',
    order_id: 'o1',
    kind: 'service' as const,
    amount: 399,
    currency: 'usd',
    created_at: '2026-05-01T12:00:00Z',
    paid_at: null,
    service: { id: 's1', title: 'LLC Formation' },
    form: null,
    payment_method: null,
  };

  it('asks Stripe.js to finish 3-D Secure with the client secret, else is done', () => {
    expect(paymentOutcome({ ...reply, status: 'requires_action', client_secret: 'pi_1_secret_2' })).toEqual({
      status: 'requires_action',
      clientSecret: 'pi_1_secret_2',
    });
    const paid = { ...reply, status: 'succeeded' as const, client_secret: null };
    expect(paymentOutcome(paid)).toEqual({ status: 'done', result: paid });
  });
});
