import { guardRedirect, type GuardLocation } from './guard';

const DEEP_LINK: GuardLocation = { pathname: '/profile', search: '?tab=x', hash: '#subscriptions' };
const VERIFIED = { email: 'ann@example.com', is_verified: true };
const UNVERIFIED = { email: 'bo+1@example.com', is_verified: false };

describe('guardRedirect', () => {
  it('sends a visitor without a user to sign in, with the way back', () => {
    expect(guardRedirect(null, DEEP_LINK)).toBe('/signin?redirect=%2Fprofile%3Ftab%3Dx%23subscriptions');
  });

  it('sends an unverified user to verify the e-mail, with the e-mail and the way back', () => {
    expect(guardRedirect(UNVERIFIED, DEEP_LINK)).toBe(
      '/verify-email?email=bo%2B1%40example.com&redirect=%2Fprofile%3Ftab%3Dx%23subscriptions',
    );
  });

  it('lets a verified user through', () => {
    expect(guardRedirect(VERIFIED, DEEP_LINK)).toBeNull();
  });

  it('lets an unverified user through a page that does not require verification', () => {
    expect(guardRedirect(UNVERIFIED, DEEP_LINK, { requireVerified: false })).toBeNull();
    expect(guardRedirect(null, DEEP_LINK, { requireVerified: false })).toBe(
      '/signin?redirect=%2Fprofile%3Ftab%3Dx%23subscriptions',
    );
  });
});
