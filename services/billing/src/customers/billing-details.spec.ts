import type Stripe from 'stripe';
import { missingBillingDetails } from './billing-details';

const complete: Stripe.PaymentMethod.BillingDetails = {
  name: 'Ann Payer',
  email: 'ann@example.com',
  phone: '+1 919 555 0142',
  address: { line1: '1 Main St', line2: null, city: 'Raleigh', state: 'NC', postal_code: '27601', country: 'US' },
  tax_id: null,
};

describe('missingBillingDetails', () => {
  it('takes a checkout card with every detail and a country of the list; line 2 is optional', () => {
    expect(missingBillingDetails(complete, 'checkout')).toEqual([]);
    for (const country of ['CA', 'GB', 'AU']) {
      expect(missingBillingDetails({ ...complete, address: { ...complete.address!, country } }, 'checkout')).toEqual(
        [],
      );
    }
  });

  it('names each missing or blank detail in the checkout form’s words, in its order', () => {
    expect(missingBillingDetails({ ...complete, phone: null, email: ' ' }, 'checkout')).toEqual([
      'Please enter your email address',
      'Please enter your phone number',
    ]);
    expect(missingBillingDetails({ ...complete, address: null }, 'checkout')).toEqual([
      'Please enter your street address',
      'Please enter your city',
      'Please enter your state/province',
      'Please enter your ZIP/postal code',
      'Please choose a country',
    ]);
    expect(
      missingBillingDetails({ ...complete, address: { ...complete.address!, country: 'FR' } }, 'checkout'),
    ).toEqual(['Please choose a country']);
    expect(missingBillingDetails(null, 'checkout')).toHaveLength(8);
  });

  it('asks a subscription’s new card for a name only', () => {
    expect(missingBillingDetails({ ...complete, email: null, address: null }, 'name')).toEqual([]);
    expect(missingBillingDetails({ ...complete, name: '' }, 'name')).toEqual(['Please enter your name']);
    expect(missingBillingDetails(undefined, 'name')).toEqual(['Please enter your name']);
  });
});
