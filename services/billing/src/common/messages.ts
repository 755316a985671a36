import { CANCEL_REASON_MAX_LENGTH, PAYMENTS_NOT_CONFIGURED } from '@portal/contracts';

/** Texts of the billing API; the web shows `detail` as it is. */
export const MESSAGES = {
  notConfigured: PAYMENTS_NOT_CONFIGURED,
  idempotencyKeyRequired:
    'An Idempotency-Key header is required: one value (a UUID) per checkout attempt, sent again with every retry of it.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 8 to 255 letters, digits or the characters - _ . :',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for another payment. Start a new checkout to pay for something else.',
  serviceNotFound: 'Service not found.',
  formNotFound: 'Filing not found.',
  packageNotFound: 'Package not found.',
  subscriptionNotFound: 'Subscription not found.',
  serviceIsPackage: 'This is a monthly package: subscribe to it instead.',
  quoted: 'This is priced by quote and cannot be bought online. Please book a call with us.',
  belowMinimum: 'This item cannot be paid by card online. Please contact us.',
  serviceIdRequired: 'service_id is required',
  formIdRequired: 'form_id is required',
  packageIdRequired: 'package_id is required',
  idInvalid: (field: string) => `${field} must be an id from the catalog`,
  paymentMethodRequired: 'payment_method_id is required',
  paymentMethodInvalid: 'payment_method_id must be a Stripe payment method id (pm_...)',
  paymentMethodNotFound: 'Payment method not found. Please enter your card again.',
  paymentMethodNotCard: 'Only cards can be used.',
  trialInvalid: 'trial_period_days must be a whole number of days (0 for no trial)',
  reasonTooLong: `The reason must be at most ${CANCEL_REASON_MAX_LENGTH} characters long`,
  reasonNotText: 'The reason must be text',
  alreadySubscribed: 'You already have an active subscription to this package.',
  subscriptionInProgress: 'A subscription to this package is being set up. Please wait a moment and try again.',
  subscriptionNotStarted: 'This subscription has not started: its first payment was not completed.',
  subscriptionEnded: 'This subscription has ended. Please subscribe again to restart it.',
  paymentFailed: 'Your payment could not be completed. Please try another card.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  providerRefused: 'The payment provider could not process the request. Please try again.',
  invalidSignature: 'Invalid Stripe signature.',
  missingSignature: 'Missing Stripe-Signature header.',
  notAnEvent: 'The webhook body is not a Stripe event.',
} as const;
