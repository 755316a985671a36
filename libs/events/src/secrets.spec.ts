import { REDACTED, redactSecrets } from './secrets';

describe('redactSecrets', () => {
  it('hides e-mailed links and codes at any depth, keeping everything else', () => {
    const job = {
      template: 'reset-password',
      to: 'jane@example.com',
      data: { firstName: 'Jane', link: 'https://portal.test/reset-password?token=abc', expiresInMinutes: 60 },
    };
    expect(redactSecrets(job)).toEqual({
      template: 'reset-password',
      to: 'jane@example.com',
      data: { firstName: 'Jane', link: REDACTED, expiresInMinutes: 60 },
    });
    expect(redactSecrets({ data: { code: 'X1', unsubscribeLink: 'u', items: [{ token: 't', n: 1 }] } })).toEqual({
      data: { code: REDACTED, unsubscribeLink: REDACTED, items: [{ token: REDACTED, n: 1 }] },
    });
  });

  it('leaves plain values and payloads without secrets untouched', () => {
    expect(redactSecrets({ eventId: 'evt_1' })).toEqual({ eventId: 'evt_1' });
    expect(redactSecrets(null)).toBeNull();
    expect(redactSecrets('text')).toBe('text');
    const clean = { template: 'payment-receipt', data: { amount: 100 } };
    expect(redactSecrets(clean)).toBe(clean);
  });
});
