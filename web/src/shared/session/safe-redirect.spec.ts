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

  // Dot segments, backslashes and escapes are resolved the way a browser resolves them before
  // anything is checked: what is left must still be a path of this site.
  it.each([
    '/..//evil.com',
    '/./\\evil.com',
    '/.//evil.com',
    '/a/../..//evil.com/x',
    '/%2e%2e//evil.com',
    '/.%2e/\\evil.com',
    '/\\/evil.com',
    '/%2F%2Fevil.com',
    '/%2f/evil.com',
    '/%5C%5Cevil.com',
    '/%5c/evil.com',
    'https://portal.example.com/..//evil.com',
    'https://portal.example.com/./%2F%2Fevil.com',
  ])('never returns a protocol-relative or absolute URL for %j', (target) => {
    const result = safeRedirect(target);
    expect(result).toBe('/');
  });

  it('resolves dot segments and backslashes of an in-app path', () => {
    expect(safeRedirect('/forms/../profile')).toBe('/profile');
    expect(safeRedirect('/forms/./annual-report')).toBe('/forms/annual-report');
    expect(safeRedirect('/forms\\annual-report')).toBe('/forms/annual-report');
    expect(safeRedirect('/forms/../signin')).toBe('/');
  });

  it('returns only paths that a browser resolves to this site', () => {
    const targets = ['/..//evil.com', '/./\\evil.com', '/profile', '/x/..//y', '/%2e/', '//a', '/\t//b'];
    for (const target of targets) {
      const result = safeRedirect(target);
      expect(result.startsWith('/')).toBe(true);
      expect(/^[/\\]{2}/.test(result)).toBe(false);
      expect(new URL(result, 'https://portal.example.com').origin).toBe('https://portal.example.com');
    }
  });
});
