import { randomBytes } from 'node:crypto';

/** Crockford's base32: digits and capitals without I, L, O and U (no 1/I/L or 0/O mix-ups). */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 10 CSPRNG bytes = 80 bits = 16 symbols of 5 bits. */
export const CODE_BYTES = 10;
const GROUP = 4;

const CANONICAL = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;
const SYMBOLS = /^[0-9A-HJKMNP-TV-Z]{16}$/;
/** Separators people type or paste: spaces, hyphens and the Unicode dashes word processors put in. */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]+/g;
/** Longer input is not a code, whatever it holds (and is not worth a regular expression). */
const MAX_INPUT_LENGTH = 64;

/** 16 symbols in groups of four: `K7M2-QX9D-4TRB-HF3W`. */
export function encodeInviteCode(bytes: Uint8Array): string {
  if (bytes.length !== CODE_BYTES) throw new Error(`an invite code is made of ${CODE_BYTES} bytes`);
  let symbols = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      symbols += CODE_ALPHABET[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return group(symbols);
}

/** A new code: 80 bits from the CSPRNG, in the canonical (stored) form. */
export function generateInviteCode(): string {
  return encodeInviteCode(randomBytes(CODE_BYTES));
}

/**
 * The canonical form of what a person typed, or undefined when it cannot be a code: case
 * and separators do not matter, and O, I and L are read as 0, 1 and 1 (Crockford's rule).
 */
export function normalizeInviteCode(input: string): string | undefined {
  if (typeof input !== 'string' || input.length > MAX_INPUT_LENGTH) return undefined;
  const symbols = input.toUpperCase().replace(SEPARATORS, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return SYMBOLS.test(symbols) ? group(symbols) : undefined;
}

export function isCanonicalInviteCode(code: string): boolean {
  return CANONICAL.test(code);
}

function group(symbols: string): string {
  const groups: string[] = [];
  for (let index = 0; index < symbols.length; index += GROUP) groups.push(symbols.slice(index, index + GROUP));
  return groups.join('-');
}
