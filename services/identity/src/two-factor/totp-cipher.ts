import { Injectable } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * TOTP secrets at rest: AES-256-GCM under TOTP_ENCRYPTION_KEY, bound to their account (the user id
 * is the additional authenticated data, so a secret copied to another row does not decrypt).
 * Stored as `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
@Injectable()
export class TotpCipher {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    if (!config.TOTP_ENCRYPTION_KEY) throw new Error('TOTP_ENCRYPTION_KEY is not configured');
    this.key = Buffer.from(config.TOTP_ENCRYPTION_KEY, 'hex');
  }

  encrypt(userId: string, secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(userId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
  }

  /** Throws when the value was not encrypted with this key for this user (or was altered). */
  decrypt(userId: string, stored: string): string {
    const [version, iv, tag, ciphertext] = stored.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
      throw new Error('not an encrypted TOTP secret');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
