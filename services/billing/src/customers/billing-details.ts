import {
  ADDRESS_COUNTRIES,
  CHECKOUT_BILLING_MESSAGES,
  CHECKOUT_COUNTRY_MESSAGE,
  type CheckoutBillingField,
} from '@portal/contracts';
import type Stripe from 'stripe';

/** What a card must carry: a checkout's full billing details, or (a subscription's new card) a name. */
export type BillingDetailsRule = 'checkout' | 'name';

const VALUE_OF: Record<CheckoutBillingField, (details: Stripe.PaymentMethod.BillingDetails) => string | null> = {
  name: (details) => details.name,
  email: (details) => details.email,
  phone: (details) => details.phone,
  line1: (details) => details.address?.line1 ?? null,
  city: (details) => details.address?.city ?? null,
  state: (details) => details.address?.state ?? null,
  postal_code: (details) => details.address?.postal_code ?? null,
};

/**
 * The checkout form's message for each billing detail a card lacks (spec part 2, section 5), as the
 * card's billing_details hold them at Stripe; none when the card has what `rule` asks. The page checks
 * the same before it saves the card: this refuses a card saved around it.
 */
export function missingBillingDetails(
  details: Stripe.PaymentMethod.BillingDetails | null | undefined,
  rule: BillingDetailsRule,
): string[] {
  const fields = rule === 'checkout' ? (Object.keys(VALUE_OF) as CheckoutBillingField[]) : (['name'] as const);
  const problems: string[] = fields
    .filter((field) => !details || !VALUE_OF[field](details)?.trim())
    .map((field) => CHECKOUT_BILLING_MESSAGES[field]);
  const country = details?.address?.country ?? '';
  if (rule === 'checkout' && !(ADDRESS_COUNTRIES as readonly string[]).includes(country)) {
    problems.push(CHECKOUT_COUNTRY_MESSAGE);
  }
  return problems;
}
