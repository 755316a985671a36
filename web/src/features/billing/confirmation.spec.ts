import {
  filingStatusOf,
  orderIdOf,
  purchaseDateOf,
  readFilingConfirmation,
  readServiceConfirmation,
} from './confirmation';

describe('confirmation data', () => {
  it('reads the router state only when a payment was passed', () => {
    expect(readServiceConfirmation(null)).toBeNull();
    expect(readServiceConfirmation({ payment: {} })).toBeNull();
    const state = { payment: { id: 'o1' }, service: { id: 's1', title: 'LLC Formation', price: '$399' } };
    expect(readServiceConfirmation(state)).toBe(state);
    expect(readFilingConfirmation({ payment: { id: 'o1' }, form: { form_name: 'Annual Report' } })).not.toBeNull();
    expect(readFilingConfirmation(state)).toBeNull();
  });

  it('shows the order id or N/A, the purchase date, and the payment status (Pending by default)', () => {
    expect(orderIdOf({ order_id: 'o1', id: 'x' })).toBe('o1');
    expect(orderIdOf({ id: 'x' })).toBe('x');
    expect(orderIdOf({})).toBe('N/A');
    expect(purchaseDateOf({ created_at: '2026-05-01T12:00:00Z' })).toBe('2026-05-01T12:00:00Z');
    expect(purchaseDateOf({ created: 1_800_000_000 })).toBe('2027-01-15T08:00:00.000Z');
    expect(purchaseDateOf({})).toBeNull();
    expect(filingStatusOf({})).toBe('Pending');
    expect(filingStatusOf({ status: 'succeeded' })).toBe('SUCCEEDED');
    expect(filingStatusOf({ status: 'processing' })).toBe('PROCESSING');
  });
});
