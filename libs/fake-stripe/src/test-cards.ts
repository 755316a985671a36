import { createHash } from 'node:crypto';
import type { DisputeOptions } from './disputes';

/**
 * How a card behaves in Stripe's test mode (https://docs.stripe.com/testing):
 * - `succeed`: 4242 4242 4242 4242 and any other valid number.
 * - `decline`: 4000 0000 0000 0002, declined (card_declined / generic_decline) on attach, setup and charge.
 * - `authenticate_unless_setup`: 4000 0025 0000 3155, 3-D Secure on setup and on-session payments; off-session
 *   payments with a card set up for future use succeed without authentication.
 * - `authenticate_always`: 4000 0027 6000 3184, 3-D Secure on every transaction, off-session ones included
 *   (they fail with authentication_required).
 * - `attach_then_fail`: 4000 0000 0000 0341, attaching to a customer (and setting up) succeeds, every charge
 *   is declined.
 */
export type CardBehavior =
  'succeed' | 'decline' | 'authenticate_unless_setup' | 'authenticate_always' | 'attach_then_fail';

const BEHAVIORS: Record<string, CardBehavior> = {
  '4000000000000002': 'decline',
  '4000002500003155': 'authenticate_unless_setup',
  '4000002760003184': 'authenticate_always',
  '4000000000000341': 'attach_then_fail',
};

/** Stripe's ready-made test PaymentMethods and the card each one stands for. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_createDispute: '4000000000000259',
  pm_card_createDisputeProductNotReceived: '4000000000002685',
  pm_card_createDisputeInquiry: '4000000000001976',
};

/**
 * Stripe's dispute test cards (https://docs.stripe.com/testing#disputes): the charge succeeds, then the
 * bank disputes it: 4000 0000 0000 0259 as fraudulent, 4000 0000 0000 2685 as product not received,
 * 4000 0000 0000 1976 as an inquiry (fraudulent).
 */
const DISPUTES: Record<string, DisputeOptions> = {
  '4000000000000259': { reason: 'fraudulent' },
  '4000000000002685': { reason: 'product_not_received' },
  '4000000000001976': { reason: 'fraudulent', inquiry: true },
};

export function disputeOf(number: string): DisputeOptions | undefined {
  return DISPUTES[number];
}

export function behaviorOf(number: string): CardBehavior {
  return BEHAVIORS[number] ?? 'succeed';
}

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^(36|30[0-5]|3095|38|39)/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export function fingerprintOf(number: string): string {
  return createHash('sha256').update(number).digest('base64url').slice(0, 16);
}
