import { docUrl, StripeErrorBody } from './errors';

/** Stripe's card errors for the declines the test cards produce. */
const DECLINES = {
  card_declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  authentication_required: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
} as const;

export type DeclineReason = keyof typeof DECLINES;

export function declineError(reason: DeclineReason): StripeErrorBody {
  const decline = DECLINES[reason];
  return { type: 'card_error', ...decline, doc_url: docUrl(decline.code) };
}
