import {
  AFTER_PASSWORD_RESET_PATH,
  afterSignInPath,
  afterSignUpPath,
  continuePath,
  carriesToken,
  emailFromQuery,
  verificationTokenFrom,
  withoutToken,
  withRedirect,
} from './redirects';

const VERIFIED = { email: 'ann@example.com', is_verified: true };
const UNVERIFIED = { email: 'ann@example.com', is_verified: false };

describe('continuePath (signed-in visitor of sign-in or sign-up, after verification)', () => {
  it('goes to the redirect target, else to the profile', () => {
    expect(continuePath('/profile?tab=x#subscriptions')).toBe('/profile?tab=x#subscriptions');
    expect(continuePath(null)).toBe('/profile');
    expect(continuePath('')).toBe('/profile');
  });

  it('applies the redirect rule', () => {
    expect(continuePath('/signup')).toBe('/');
    expect(continuePath('https://elsewhere.example/dashboard?x=1#y')).toBe('/dashboard?x=1#y');
    expect(continuePath('//evil.example')).toBe('/');
  });
});

describe('afterSignInPath', () => {
  it('sends a verified user to the redirect target, else to the profile', () => {
    expect(afterSignInPath(VERIFIED, '/subscribe?package=3')).toBe('/subscribe?package=3');
    expect(afterSignInPath(VERIFIED, null)).toBe('/profile');
    expect(afterSignInPath(VERIFIED, '/verify-email?email=x')).toBe('/');
  });

  it('sends an unverified user to verify, carrying the e-mail and the safe redirect', () => {
    expect(afterSignInPath(UNVERIFIED, '/profile?tab=x#subscriptions')).toBe(
      '/verify-email?email=ann%40example.com&redirect=%2Fprofile%3Ftab%3Dx%23subscriptions',
    );
    expect(afterSignInPath(UNVERIFIED, 'https://evil.example/dashboard')).toBe(
      '/verify-email?email=ann%40example.com&redirect=%2Fdashboard',
    );
    expect(afterSignInPath(UNVERIFIED, null)).toBe('/verify-email?email=ann%40example.com');
  });
});

describe('afterSignUpPath', () => {
  it('goes to verify-email with the e-mail and the redirect', () => {
    expect(afterSignUpPath('bo@example.com', '/dashboard')).toBe(
      '/verify-email?email=bo%40example.com&redirect=%2Fdashboard',
    );
    expect(afterSignUpPath('bo@example.com', undefined)).toBe('/verify-email?email=bo%40example.com');
  });
});

it('returns to sign-in with the reset banner after a password reset', () => {
  expect(AFTER_PASSWORD_RESET_PATH).toBe('/signin?password_reset=true');
});

describe('withRedirect', () => {
  it('keeps the way back on links between auth pages', () => {
    expect(withRedirect('/signup', '/profile#subscriptions')).toBe('/signup?redirect=%2Fprofile%23subscriptions');
    expect(withRedirect('/signup', null)).toBe('/signup');
  });
});

describe('verificationTokenFrom', () => {
  it('reads the token of the query', () => {
    expect(verificationTokenFrom('?email=a%40b.co&token=abc123', '')).toBe('abc123');
  });

  it('reads the token of the hash', () => {
    expect(verificationTokenFrom('?email=a%40b.co', '#token=abc%2F123')).toBe('abc/123');
    expect(verificationTokenFrom('', '#redirect=%2Fx&token=t-1')).toBe('t-1');
  });

  it('prefers the query, and ignores empty values', () => {
    expect(verificationTokenFrom('?token=q', '#token=h')).toBe('q');
    expect(verificationTokenFrom('?token=', '#token=h')).toBe('h');
    expect(verificationTokenFrom('?token=%20', '#token=')).toBeNull();
    expect(verificationTokenFrom('', '')).toBeNull();
    expect(verificationTokenFrom('', '#subscriptions')).toBeNull();
  });
});

describe('carriesToken and withoutToken (the address once the page has read its token)', () => {
  it('finds the token in the query or the hash', () => {
    expect(carriesToken('?email=a%40b.co&token=abc', '')).toBe(true);
    expect(carriesToken('', '#token=abc')).toBe(true);
    expect(carriesToken('?token=', '')).toBe(true);
    expect(carriesToken('?email=a%40b.co', '#subscriptions')).toBe(false);
  });

  it('drops the token and keeps everything else', () => {
    expect(withoutToken('?email=a%40b.co&token=abc&redirect=%2Fprofile', '')).toEqual({
      search: '?email=a%40b.co&redirect=%2Fprofile',
      hash: '',
    });
    expect(withoutToken('?token=abc', '')).toEqual({ search: '', hash: '' });
    expect(withoutToken('?email=a%40b.co', '#token=abc')).toEqual({ search: '?email=a%40b.co', hash: '' });
    expect(withoutToken('', '#redirect=%2Fx&token=t-1')).toEqual({ search: '', hash: '#redirect=%2Fx' });
    expect(withoutToken('?token=abc', '#subscriptions')).toEqual({ search: '', hash: '#subscriptions' });
  });
});

describe('emailFromQuery', () => {
  it('restores the plus sign that a decoded, unencoded link turned into a space', () => {
    expect(emailFromQuery('ann tax@example.com')).toBe('ann+tax@example.com');
    expect(emailFromQuery(' ann@example.com ')).toBe('ann@example.com');
    expect(emailFromQuery(null)).toBe('');
  });
});
