import { newIp, registration, uniqueEmail, useTestApp } from '@portal/testing';

/**
 * Behind one load balancer (TRUST_PROXY=1) the client address is the rightmost
 * X-Forwarded-For entry, the one the balancer appended: entries a client writes on the
 * left change nothing, so per-address limits hold.
 */
describe('TRUST_PROXY=1: per-address rate limits key on the address the proxy saw', () => {
  const app = useTestApp({ TRUST_PROXY: '1' });
  const register = (forwardedFor: string) =>
    app.call('POST', '/auth/register', { json: registration(uniqueEmail('proxy')), ip: forwardedFor });

  it('limits `X-Forwarded-For: <random>, <real>` by <real> (registrations: 5 an hour per address)', async () => {
    const real = newIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await register(`${newIp()}, ${real}`)).status).toBe(201);
    }
    const limited = await register(`${newIp()}, ${real}`);
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);

    // Another real address is not limited, even with the first one written on the left.
    expect((await register(`${real}, ${newIp()}`)).status).toBe(201);
  });
});
