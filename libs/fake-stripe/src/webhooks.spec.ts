import Stripe from 'stripe';
import { signatureHeader } from './webhooks';

describe('signatureHeader', () => {
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created' });
  const secret = 'whsec_test_secret';

  it('is what the official SDK verifies', () => {
    const header = signatureHeader(payload, secret);
    expect(new Stripe('sk_test_x').webhooks.constructEvent(payload, header, secret).id).toBe('evt_1');
  });

  it('equals the SDK’s own test header for the same timestamp', () => {
    const stripe = new Stripe('sk_test_x');
    const timestamp = 1_800_000_000;
    expect(signatureHeader(payload, secret, timestamp)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    );
  });
});
