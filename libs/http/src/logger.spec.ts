import { loggedUrl } from './logger';

describe('loggedUrl', () => {
  it('keeps a URL without a query as it is', () => {
    expect(loggedUrl('/api/services/')).toBe('/api/services/');
    expect(loggedUrl('/')).toBe('/');
  });

  it("writes the query's parameter names without their values", () => {
    expect(loggedUrl('/signin?email=ann%40example.com&password=Secret-pass1')).toBe('/signin?email=*&password=*');
    expect(loggedUrl('/reset-password?token=3f9a1c')).toBe('/reset-password?token=*');
    expect(loggedUrl('/api/audit-log?page=2&flag')).toBe('/api/audit-log?page=*&flag=*');
  });

  it('keeps nothing of a value, whatever it holds', () => {
    const logged = loggedUrl('/x?a=1=2&&b=%26c%3Dd&=orphan');

    expect(logged).toBe('/x?a=*&b=*&=*');
    expect(logged).not.toMatch(/[12d]|orphan/);
  });

  it("writes an invite code in the path as * (a credential), an admin route's uuid as it is", () => {
    expect(loggedUrl('/api/invite-codes/K7M2-QX9D-4TRB-HF3W')).toBe('/api/invite-codes/*');
    expect(loggedUrl('/api/invite-codes/k7m2qx9d4trbhf3w/submit-onboarding')).toBe(
      '/api/invite-codes/*/submit-onboarding',
    );
    expect(loggedUrl('/api/invite-codes/K7M2-QX9D/submit-nonprofit-onboarding?x=1')).toBe(
      '/api/invite-codes/*/submit-nonprofit-onboarding?x=*',
    );
    const id = '3f2b8c1e-9d4a-4e6b-8f0c-2a1b3c4d5e6f';
    expect(loggedUrl(`/api/invite-codes/${id}/send-email`)).toBe(`/api/invite-codes/${id}/send-email`);
    expect(loggedUrl(`/api/invite-codes/${id}`)).toBe(`/api/invite-codes/${id}`);
    expect(loggedUrl('/api/invite-codes/?page=2')).toBe('/api/invite-codes/?page=*');
  });
});
