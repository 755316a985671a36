import { generateSecret, generateURI, verifySync } from 'otplib';

/** RFC 6238 as every authenticator app does it: SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;

/** A code is six digits (spaces and dashes typed between them are ignored). */
export function normalizeTotpCode(code: string): string | undefined {
  const digits = code.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URL of the QR code: the firm as issuer, the account's e-mail as label. */
export function otpauthUrl(issuer: string, email: string, secret: string): string {
  return generateURI({ issuer, label: email, secret, period: PERIOD_SECONDS });
}

/**
 * The time step of `code` for `secret` if it is the code of the current step or of the one before
 * or after (a one-step window for clock drift) and of a step after `lastUsedStep` (a code once
 * accepted, and any older one, never works again); otherwise undefined. Compared in constant time by otplib.
 */
export function matchTotp(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now = Date.now(),
): number | undefined {
  const token = normalizeTotpCode(code);
  if (!token) return undefined;
  const epoch = Math.floor(now / 1000);
  const result = verifySync({
    secret,
    token,
    period: PERIOD_SECONDS,
    epoch,
    epochTolerance: PERIOD_SECONDS,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
  });
  // delta: the matched step's offset from the current one (-1, 0 or 1).
  return result.valid ? Math.floor(epoch / PERIOD_SECONDS) + result.delta : undefined;
}
