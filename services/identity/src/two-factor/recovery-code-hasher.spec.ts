import { AppConfig } from '@portal/config';
import { createHash, createHmac } from 'node:crypto';
import { RecoveryCodeHasher } from './recovery-code-hasher';

const KEY = '0f'.repeat(32);
const CODE = 'abcdefghjk';
const hasherUnder = (key: string) => new RecoveryCodeHasher({ TOTP_ENCRYPTION_KEY: key } as AppConfig);
const legacy = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

describe('RecoveryCodeHasher (HMAC-SHA-256 under a key derived from TOTP_ENCRYPTION_KEY)', () => {
  const hasher = hasherUnder(KEY);

  it('answers the same 64 hex characters for the same key, account and code', () => {
    expect(hasher.hash('user-1', CODE)).toMatch(/^[0-9a-f]{64}$/);
    expect(hasherUnder(KEY).hash('user-1', CODE)).toBe(hasher.hash('user-1', CODE));
  });

  it('keeps answering what stored codes were hashed as (HKDF label "portal recovery codes v1")', () => {
    // Checked with `openssl kdf … HKDF` and `openssl dgst -mac HMAC`: if this changes, every issued code stops working.
    expect(hasher.hash('user-1', CODE)).toBe('05f2baebf451f09e16a3259f8a6140c25f7cde39d231c9d9e584a48ea8a27293');
  });

  it('differs under another key, for another account and for another code', () => {
    const hash = hasher.hash('user-1', CODE);
    expect(hasherUnder('a0'.repeat(32)).hash('user-1', CODE)).not.toBe(hash);
    expect(hasher.hash('user-2', CODE)).not.toBe(hash);
    expect(hasher.hash('user-1', 'abcdefghjm')).not.toBe(hash);
  });

  it('is neither the old plain SHA-256 nor an HMAC under the AES key itself', () => {
    const hash = hasher.hash('user-1', CODE);
    expect(hash).not.toBe(legacy('user-1', CODE));
    expect(hash).not.toBe(createHmac('sha256', Buffer.from(KEY, 'hex')).update(`user-1:${CODE}`).digest('hex'));
  });

  it('matches a code against its HMAC and its old SHA-256, and nothing of another account', () => {
    expect(hasher.candidates('user-1', CODE)).toEqual([hasher.hash('user-1', CODE), legacy('user-1', CODE)]);
    expect(hasher.candidates('user-2', CODE)).not.toContain(legacy('user-1', CODE));
  });

  it('refuses to start without a key', () => {
    expect(() => new RecoveryCodeHasher({} as AppConfig)).toThrow('TOTP_ENCRYPTION_KEY is not configured');
  });
});
