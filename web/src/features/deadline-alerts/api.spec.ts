import { deadlineSubscribePayload } from './api';

describe('the deadline sign-up body', () => {
  it('is the trimmed e-mail and ip_address null, as spec part 2 words it (the server records the address)', () => {
    expect(deadlineSubscribePayload('  ann@example.com ')).toStrictEqual({
      email: 'ann@example.com',
      ip_address: null,
    });
  });
});
