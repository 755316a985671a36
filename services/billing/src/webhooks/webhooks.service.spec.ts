import { isStripeEvent } from './webhooks.service';

describe('isStripeEvent (a signed body worth storing)', () => {
  const event = { id: 'evt_1A2b', object: 'event', type: 'invoice.paid', livemode: false, created: 1_700_000_000 };

  it('takes an event as Stripe sends it', () => {
    expect(isStripeEvent(event)).toBe(true);
    expect(isStripeEvent({ ...event, api_version: '2025-01-27' })).toBe(true);
  });

  it.each([
    ['null', null],
    ['a list', [event]],
    ['a string', 'evt_1'],
    ['an empty object', {}],
    ['an id that is a number', { ...event, id: 123 }],
    ['an id of another kind', { ...event, id: 'pi_123' }],
    ['a type that is a list', { ...event, type: [] }],
    ['no livemode', { ...event, livemode: undefined }],
    ['a creation time as text', { ...event, created: '1700000000' }],
    ['a creation time past year 9999', { ...event, created: 1e15 }],
    ['an api_version that is an object', { ...event, api_version: {} }],
  ])('refuses %s', (_case, value) => {
    expect(isStripeEvent(value)).toBe(false);
  });
});
