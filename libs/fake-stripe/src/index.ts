export { startFakeStripe } from './fake-stripe';
export type { FakeStripe } from './fake-stripe';
export { signatureHeader } from './webhooks';
