import { RECOVERY_CODE_COUNT } from '@portal/contracts';
import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/**
 * Ten new recovery codes, `xxxxx-xxxxx` (10 characters of 31: 49 bits each; guessing is held back
 * by the sign-in throttle like a password). Shown once; only keyed hashes are stored (RecoveryCodeHasher).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** The code as typed, lower case without spaces or dashes; undefined when it cannot be a recovery code. */
export function normalizeRecoveryCode(code: string): string | undefined {
  const plain = code.replace(/[\s-]/g, '').toLowerCase();
  return plain.length === LENGTH && [...plain].every((character) => ALPHABET.includes(character)) ? plain : undefined;
}
