export { startFakeStripe, stripeClientOptions } from './fake-stripe';
export type { FakeStripe, FakeStripeOptions } from './fake-stripe';
export { signatureHeader } from './webhooks';
export type { WebhookDelivery } from './webhooks';
export { TEST_PAYMENT_METHODS } from './test-cards';
