import { TWO_FACTOR_MESSAGES } from '@portal/contracts';
import { ApiError } from '../../shared/api/client';
import { serverDetail } from '../../shared/api/server-detail';

/** The texts of /settings. */
export const SETTINGS_MESSAGES = {
  adminMustEnrol: 'Two-factor authentication is required for admins. Set it up to continue.',
  currentRequired: 'Please enter your current password',
  newRequired: 'Please enter a new password',
  passwordRule: 'Password does not meet all requirements',
  passwordsDoNotMatch: 'Passwords do not match',
  codeRequired: 'Please enter the 6-digit code from your authenticator app',
  passwordRequired: 'Please enter your password',
  disableRequired: 'Please enter your password and a code',
  failed: 'Something went wrong. Please try again.',
  eventsFailed: 'Security events could not be loaded.',
  sessionsFailed: 'Sessions could not be loaded.',
  statusFailed: 'Two-factor authentication status could not be loaded.',
  noEvents: 'No security events yet.',
  copyFailed: 'Could not copy. Select the codes and copy them by hand, or download them.',
} as const;

/** The fields of the forms that turn two-factor on and off. */
export type TwoFactorField = 'password' | 'code';

/**
 * The fields a two-factor form's error is about, to mark invalid: the one it asked for or the server
 * refused; none for any other failure (a lost connection is no field's fault). The turn-off form's
 * 'enter your password and a code' marks the fields it found empty itself.
 */
export function twoFactorErrorFields(error: string | null): TwoFactorField[] {
  switch (error) {
    case SETTINGS_MESSAGES.passwordRequired:
    case TWO_FACTOR_MESSAGES.wrongPassword:
      return ['password'];
    case SETTINGS_MESSAGES.codeRequired:
    case TWO_FACTOR_MESSAGES.invalidCode:
    case TWO_FACTOR_MESSAGES.codeRequired:
      return ['code'];
    default:
      return [];
  }
}

/** A short name of the browser and system of a user agent ("Firefox on Windows"), or "Unknown browser". */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser =
    [
      ['Edge', /Edg\//],
      ['Opera', /OPR\//],
      ['Chrome', /Chrome\//],
      ['Firefox', /Firefox\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? 'Browser';
  const system =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X|Macintosh/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? null;
  return system ? `${browser} on ${system}` : `${browser}`;
}

/** The server's words for a refused change, or the generic failure (offline, 5xx without a detail). */
export function settingsErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return serverDetail(error) ?? SETTINGS_MESSAGES.failed;
  return SETTINGS_MESSAGES.failed;
}

/** The recovery codes as a text file's content, one a line. */
export function recoveryCodesText(codes: string[], email: string): string {
  return [
    `Recovery codes for ${email}`,
    'Each works once, instead of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Puts `text` on the clipboard; false when the browser refuses (no clipboard outside HTTPS, permission
 * denied, the page not focused), so that the page can say so instead of seeming to have copied.
 */
export async function copyText(text: string, clipboard: Pick<Clipboard, 'writeText'> | undefined): Promise<boolean> {
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
