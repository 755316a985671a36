import { signInPath, verifyEmailPath } from './routes';

describe('signInPath', () => {
  it('carries the whole location as one encoded redirect value', () => {
    expect(signInPath('/profile?tab=x#subscriptions')).toBe('/signin?redirect=%2Fprofile%3Ftab%3Dx%23subscriptions');
  });

  it('puts session_expired first when the session ended', () => {
    expect(signInPath('/profile', { sessionExpired: true })).toBe('/signin?session_expired=true&redirect=%2Fprofile');
  });
});

describe('verifyEmailPath', () => {
  it('encodes the e-mail and the redirect', () => {
    expect(verifyEmailPath('ann+tax@example.com', '/profile?tab=x#subscriptions')).toBe(
      '/verify-email?email=ann%2Btax%40example.com&redirect=%2Fprofile%3Ftab%3Dx%23subscriptions',
    );
  });

  it.each([undefined, null, ''])('leaves the redirect out when there is none (%j)', (redirect) => {
    expect(verifyEmailPath('ann@example.com', redirect)).toBe('/verify-email?email=ann%40example.com');
  });
});
