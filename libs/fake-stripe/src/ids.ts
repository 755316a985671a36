import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let token = '';
  for (const byte of bytes) token += ALPHABET[byte % ALPHABET.length];
  return token;
}

/** Ids shaped like Stripe's: a type prefix and a random tail (`cus_` + 14, most others + 24). */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${randomToken(length)}`;
}

export function clientSecretFor(id: string): string {
  return `${id}_secret_${randomToken(25)}`;
}
