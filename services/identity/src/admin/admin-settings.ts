import { isEmail } from 'class-validator';
import { passwordProblems } from '../users/password-rules';

export interface AdminSeed {
  email: string;
  password: string;
}

/** A wrong ADMIN_* variable; its message is one line per problem, like libs/config's. */
export class AdminSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'AdminSettingsError';
  }
}

/**
 * ADMIN_EMAIL and ADMIN_PASSWORD: the first admin, ensured at every start. Both or
 * neither; the password follows the same rule as every password.
 */
export function adminSeedFromEnv(env: NodeJS.ProcessEnv = process.env): AdminSeed | undefined {
  const email = env.ADMIN_EMAIL?.trim() ?? '';
  const password = env.ADMIN_PASSWORD ?? '';
  if (!email && !password) return undefined;

  const problems: string[] = [];
  if (!email || !password) {
    problems.push('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (email && !isEmail(email)) {
    problems.push(`Invalid configuration: ADMIN_EMAIL must be an e-mail address (got ${JSON.stringify(email)})`);
  }
  if (password && passwordProblems(password).length) {
    problems.push(
      'Invalid configuration: ADMIN_PASSWORD must be at least 8 characters long and contain a digit and a special character',
    );
  }
  if (problems.length) throw new AdminSettingsError(problems);
  return { email, password };
}
