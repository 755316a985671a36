import { Injectable } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { createHash, createHmac, hkdfSync } from 'node:crypto';

/** HKDF label of the MAC key: the AES key of TotpCipher is never used as is for a second purpose. */
const KEY_INFO = 'portal recovery codes v1';

/**
 * What is stored of a recovery code: HMAC-SHA-256 of the user id and the normalised code under a
 * key derived from TOTP_ENCRYPTION_KEY. A code has only 49 bits, so a plain hash in a leaked
 * database could be brute-forced in minutes; with the key outside the database it cannot be. The
 * user id keeps equal codes of two accounts apart.
 */
@Injectable()
export class RecoveryCodeHasher {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    if (!config.TOTP_ENCRYPTION_KEY) throw new Error('TOTP_ENCRYPTION_KEY is not configured');
    const secret = Buffer.from(config.TOTP_ENCRYPTION_KEY, 'hex');
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), KEY_INFO, 32));
  }

  /** The hash a new code is stored as. */
  hash(userId: string, code: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${code}`, 'utf8').digest('hex');
  }

  /**
   * Every stored hash the code may have: the HMAC, and the plain SHA-256 that codes issued before
   * were stored as (they stay usable until the account gets new ones). Both are 64 hex characters,
   * so a row does not tell which it is (rows created before this change are the old kind); matching
   * either is safe: a SHA-256 row can only match the code it was made from, and an HMAC equal to
   * another code's SHA-256 would be a 256-bit accident.
   */
  candidates(userId: string, code: string): string[] {
    return [this.hash(userId, code), createHash('sha256').update(`${userId}:${code}`, 'utf8').digest('hex')];
  }
}
