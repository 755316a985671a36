import { generateToken, hashToken, isTokenShaped } from './tokens';

describe('unsubscribe tokens', () => {
  it('are 43 URL-safe characters, stored as their SHA-256', () => {
    const { token, hash } = generateToken();
    expect(isTokenShaped(token)).toBe(true);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hash);
    expect(generateToken().token).not.toBe(token);
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
      expect(isTokenShaped(value)).toBe(false);
    }
  });
});
