import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each(['/profile', '/profile#subscriptions', '/forms/annual-report?state=DE#fees', '/'])(
    'keeps the in-app location %s',
    (target) => {
      expect(safeRedirect(target)).toBe(target);
    },
  );

  it.each([
    '/signin',
    '/signup?redirect=%2Fprofile',
    '/forgot-password',
    '/reset-password?token=abc',
    '/verify-email?email=a%40b.co#token=xyz',
    '/signin/',
    '/SignIn',
    '/%73ignin',
  ])('sends the auth page %s to /', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });

  it('does not mistake a page that merely starts like an auth page for one', () => {
    expect(safeRedirect('/signing-bonus')).toBe('/signing-bonus');
  });

  it('reduces a full URL to its path, query and hash', () => {
    expect(safeRedirect('https://portal.example.com/subscription/42/invoices?page=2#latest')).toBe(
      '/subscription/42/invoices?page=2#latest',
    );
    expect(safeRedirect('http://evil.example/profile')).toBe('/profile');
    expect(safeRedirect('https://portal.example.com/verify-email?token=1')).toBe('/');
    expect(safeRedirect('https://portal.example.com//evil.com/x')).toBe('/');
  });

  it.each([
    '//evil.com',
    '//evil.com/profile',
    '/\\evil.com',
    '/\t/evil.com',
    'https:evil.com',
    'javascript:alert(1)',
    'profile',
    ' /profile',
    '',
    null,
    undefined,
  ])('sends %j, which is not a same-site path, to /', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });
});
