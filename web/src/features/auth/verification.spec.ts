import { resolveVerificationStatus, type StatusSources } from './verification';

const EMAIL = 'ann@example.com';
const down = () => Promise.reject(new Error('503'));

function sources(overrides: Partial<StatusSources>): StatusSources & { calls: string[] } {
  const calls: string[] = [];
  const record =
    <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) =>
    (...args: A) => {
      calls.push(name);
      return fn(...args);
    };
  const all: StatusSources = {
    status: down,
    request: down,
    ...overrides,
  };
  return {
    calls,
    status: record('status', all.status),
    request: all.request && record('request', all.request),
    profile: all.profile && record('profile', all.profile),
  };
}

describe('resolveVerificationStatus', () => {
  it('answers from the status call when it works', async () => {
    const s = sources({
      status: () => Promise.resolve({ email: EMAIL, is_verified: true }),
      profile: () => Promise.resolve({ email: EMAIL, is_verified: false }),
    });

    await expect(resolveVerificationStatus(EMAIL, s)).resolves.toEqual({ email: EMAIL, is_verified: true });
    expect(s.calls).toEqual(['status']);
  });

  it('answers not verified when the status call says so', async () => {
    const s = sources({ status: () => Promise.resolve({ email: EMAIL, is_verified: false }) });

    await expect(resolveVerificationStatus(EMAIL, s)).resolves.toEqual({ email: EMAIL, is_verified: false });
  });

  it('falls back to the profile of the signed-in user, whatever the case of its e-mail', async () => {
    const s = sources({ profile: () => Promise.resolve({ email: 'Ann@Example.com', is_verified: true }) });
    await expect(resolveVerificationStatus(EMAIL, s)).resolves.toEqual({ email: EMAIL, is_verified: true });
    expect(s.calls).toEqual(['status', 'profile']);
  });

  it('does not take the profile of another address as the answer', async () => {
    const s = sources({
      profile: () => Promise.resolve({ email: 'someone-else@example.com', is_verified: true }),
      request: () => Promise.resolve({ message: 'Verification email sent' }),
    });

    await expect(resolveVerificationStatus(EMAIL, s)).resolves.toEqual({
      email: EMAIL,
      is_verified: false,
      mailRequested: true,
    });
    expect(s.calls).toEqual(['status', 'profile', 'request']);
  });

  it('falls back to a verification request, whose already-verified reply means verified', async () => {
    const s = sources({
      profile: down,
      request: () => Promise.resolve({ message: 'This email is already verified.', already_verified: true }),
    });

    await expect(resolveVerificationStatus(EMAIL, s)).resolves.toEqual({ email: EMAIL, is_verified: true });
    expect(s.calls).toEqual(['status', 'profile', 'request']);
  });

  it('skips the profile when signed out', async () => {
    const s = sources({ request: () => Promise.resolve({ message: 'sent' }) });

    await resolveVerificationStatus(EMAIL, s);

    expect(s.calls).toEqual(['status', 'request']);
  });

  it('asks for no mail when the page holds a link token (a new mail would invalidate it)', async () => {
    const s = sources({ profile: down });
    const withoutRequest = { status: s.status, profile: s.profile };

    await expect(resolveVerificationStatus(EMAIL, withoutRequest)).rejects.toThrow(
      'Failed to check verification status',
    );
    expect(s.calls).toEqual(['status', 'profile']);
  });

  it('fails with the spec text when every source fails', async () => {
    const s = sources({ profile: down });

    await expect(resolveVerificationStatus(EMAIL, s)).rejects.toThrow('Failed to check verification status');
  });
});
