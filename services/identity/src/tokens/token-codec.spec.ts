import { expiresAt, generateToken, hashToken, isUsable, lifetimeMs, TOKEN_LIFETIMES } from './token-codec';

describe('e-mailed tokens', () => {
  it('are 32 random bytes in base64url, stored only as their SHA-256', () => {
    const { token, hash } = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashToken(token));
    expect(hash).not.toContain(token);
  });

  it('never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => generateToken().token));
    expect(tokens.size).toBe(1000);
  });

  it('hash deterministically, and differently for any other token', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('abd')).not.toBe(hashToken('abc'));
  });

  it('last 24 hours for verification and 60 minutes for a password reset', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(lifetimeMs(TOKEN_LIFETIMES['verify-email'])).toBe(24 * 3_600_000);
    expect(expiresAt(now, TOKEN_LIFETIMES['verify-email']).toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(expiresAt(now, TOKEN_LIFETIMES['reset-password']).toISOString()).toBe('2026-01-01T01:00:00.000Z');
  });

  it('are usable until expired, used or invalidated', () => {
    const now = new Date('2026-01-01T00:30:00Z');
    const fresh = { expiresAt: new Date('2026-01-01T01:00:00Z'), usedAt: null, invalidatedAt: null };
    expect(isUsable(fresh, now)).toBe(true);
    expect(isUsable({ ...fresh, expiresAt: now }, now)).toBe(false);
    expect(isUsable({ ...fresh, expiresAt: new Date('2026-01-01T00:29:59Z') }, now)).toBe(false);
    expect(isUsable({ ...fresh, usedAt: now }, now)).toBe(false);
    expect(isUsable({ ...fresh, invalidatedAt: now }, now)).toBe(false);
  });
});
