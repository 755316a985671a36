import { generateOpaqueToken, hashOpaqueToken, isOpaqueTokenShaped } from './opaque-tokens';

describe('opaque tokens', () => {
  it('are 32 random bytes in base64url, stored only as their SHA-256', () => {
    const { token, hash } = generateOpaqueToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashOpaqueToken(token));
    expect(hash).not.toContain(token);
  });

  it('never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => generateOpaqueToken().token));
    expect(tokens.size).toBe(1000);
  });

  it('hash deterministically, and differently for any other token', () => {
    expect(hashOpaqueToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashOpaqueToken('abd')).not.toBe(hashOpaqueToken('abc'));
  });

  it('are 43 URL-safe characters, stored as their SHA-256', () => {
    const { token, hash } = generateOpaqueToken();
    expect(isOpaqueTokenShaped(token)).toBe(true);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOpaqueToken(token)).toBe(hash);
    expect(generateOpaqueToken().token).not.toBe(token);
  });

  it('refuses what we never issue before touching the database', () => {
    for (const value of [
      undefined,
      '',
      'short',
      `${'a'.repeat(42)}=`,
      `${'a'.repeat(44)}`,
      ['x'],
      'a'.repeat(42) + '/',
    ]) {
      expect(isOpaqueTokenShaped(value)).toBe(false);
    }
  });
});
