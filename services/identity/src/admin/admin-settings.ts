import type { AppConfig } from '@portal/config';
import { PASSWORD_MESSAGES } from '@portal/contracts';
import { passwordProblems } from '../users/password-rules';

export interface AdminSeed {
  email: string;
  password: string;
  /** ADMIN_TOTP_SECRET: the admin's two-factor secret when it has none. */
  totpSecret?: string;
}

/** A wrong ADMIN_PASSWORD; its message is one line, like libs/config's. */
export class AdminSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'AdminSettingsError';
  }
}

/**
 * The first admin from ADMIN_EMAIL and ADMIN_PASSWORD (presence and format are checked
 * by libs/config); the password must follow the same rule as every password.
 */
export function adminSeed(
  config: Pick<AppConfig, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'ADMIN_TOTP_SECRET'>,
): AdminSeed | undefined {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password, ADMIN_TOTP_SECRET: totpSecret } = config;
  if (!email || !password) return undefined;
  const problems = passwordProblems(password);
  if (problems.includes(PASSWORD_MESSAGES.tooCommon)) {
    throw new AdminSettingsError(['Invalid configuration: ADMIN_PASSWORD is too common or too easy to guess']);
  }
  if (problems.length) {
    throw new AdminSettingsError([
      'Invalid configuration: ADMIN_PASSWORD must be at least 8 characters long and contain a digit and a special character',
    ]);
  }
  return { email: email.trim(), password, ...(totpSecret ? { totpSecret } : {}) };
}
