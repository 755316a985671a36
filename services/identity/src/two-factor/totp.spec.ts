import { AppConfig } from '@portal/config';
import { generateSync } from 'otplib';
import { newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';
import { matchTotp, newTotpSecret, normalizeTotpCode, otpauthUrl } from './totp';
import { TotpCipher } from './totp-cipher';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const NOW = 1_800_000_000_000;
const STEP = Math.floor(NOW / 30_000);
const codeAt = (step: number) => generateSync({ secret: SECRET, epoch: step * 30 });

describe('TOTP codes', () => {
  it('accepts the code of the current step and of one step before or after, and answers its step', () => {
    expect(matchTotp(SECRET, codeAt(STEP), null, NOW)).toBe(STEP);
    expect(matchTotp(SECRET, codeAt(STEP - 1), null, NOW)).toBe(STEP - 1);
    expect(matchTotp(SECRET, codeAt(STEP + 1), null, NOW)).toBe(STEP + 1);
  });

  it('refuses codes two steps away, wrong codes and what is not six digits', () => {
    expect(matchTotp(SECRET, codeAt(STEP - 2), null, NOW)).toBeUndefined();
    expect(matchTotp(SECRET, codeAt(STEP + 2), null, NOW)).toBeUndefined();
    const wrong = String((Number(codeAt(STEP)) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotp(SECRET, wrong, null, NOW)).toBeUndefined();
    for (const code of ['', '12345', '1234567', 'abcdef']) expect(matchTotp(SECRET, code, null, NOW)).toBeUndefined();
  });

  it('refuses a code of the last used step or before it (no replay within the window)', () => {
    expect(matchTotp(SECRET, codeAt(STEP), STEP, NOW)).toBeUndefined();
    expect(matchTotp(SECRET, codeAt(STEP - 1), STEP, NOW)).toBeUndefined();
    expect(matchTotp(SECRET, codeAt(STEP + 1), STEP, NOW)).toBe(STEP + 1);
    expect(matchTotp(SECRET, codeAt(STEP), STEP - 1, NOW)).toBe(STEP);
  });

  it('ignores spaces and dashes typed in a code', () => {
    const code = codeAt(STEP);
    expect(normalizeTotpCode(`${code.slice(0, 3)} ${code.slice(3)}`)).toBe(code);
    expect(matchTotp(SECRET, `${code.slice(0, 3)}-${code.slice(3)}`, null, NOW)).toBe(STEP);
  });

  it('makes 160-bit base32 secrets and an otpauth URL naming the firm and the account', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl('Harbor Tax & Accounting', 'jane@example.com', secret));
    expect(`${url.protocol}//${url.host}`).toBe('otpauth://totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Harbor Tax & Accounting:jane@example.com');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Harbor Tax & Accounting');
  });
});

describe('TotpCipher (AES-256-GCM under TOTP_ENCRYPTION_KEY)', () => {
  const cipher = new TotpCipher({ TOTP_ENCRYPTION_KEY: '0f'.repeat(32) } as AppConfig);
  const USER = 'user-1';

  it('round-trips, never stores the secret in clear, and differs every time (random IV)', () => {
    const stored = cipher.encrypt(USER, SECRET);
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(SECRET);
    expect(cipher.encrypt(USER, SECRET)).not.toBe(stored);
    expect(cipher.decrypt(USER, stored)).toBe(SECRET);
  });

  it('refuses another key, another account, and an altered value', () => {
    const stored = cipher.encrypt(USER, SECRET);
    const other = new TotpCipher({ TOTP_ENCRYPTION_KEY: 'a0'.repeat(32) } as AppConfig);
    expect(() => other.decrypt(USER, stored)).toThrow();
    expect(() => cipher.decrypt('user-2', stored)).toThrow();
    const [version, iv, tag, data] = stored.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => cipher.decrypt(USER, [version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => cipher.decrypt(USER, SECRET)).toThrow('not an encrypted TOTP secret');
  });
});

describe('recovery codes', () => {
  it('are ten distinct xxxxx-xxxxx codes of unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('are recognised as typed (case, spaces, dashes)', () => {
    const [code] = newRecoveryCodes();
    const plain = code.replace('-', '');
    expect(normalizeRecoveryCode(` ${code.toUpperCase()} `)).toBe(plain);
    expect(normalizeRecoveryCode('123456')).toBeUndefined();
    expect(normalizeRecoveryCode('abcde-fghi0')).toBeUndefined();
  });
});
