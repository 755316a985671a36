import { expiresAt, isUsable, lifetimeMs, TOKEN_LIFETIMES } from './token-codec';

describe('e-mailed tokens', () => {
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
