/**
 * `npm run admin -- promote <email>` / `demote <email>`: the only way, besides ADMIN_EMAIL
 * at start, to change who is an admin. `reset-two-factor <email>`: turns off the second factor
 * of an account whose owner lost both the authenticator and the recovery codes (after checking
 * who they are, outside the portal), ending their sessions. Uses DATABASE_URL, or in development the embedded
 * PostgreSQL of `npm start` (running or not); a demotion is published to REDIS_URL, or to the
 * redis-server of a running `npm start`. Only a verified account is promoted. Exit codes: 0
 * done or nothing to do, 1 unknown or unverified e-mail or failure, 2 wrong usage.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_VERSION_CACHE_SECONDS, SessionRevocation } from '@portal/auth';
import { AppConfig, ConfigError, loadConfig } from '@portal/config';
import { serviceDataSourceOptions } from '@portal/database';
import { AuditTrail, Outbox, RedisConnections } from '@portal/events';
import { DataSource } from 'typeorm';
import { SecurityNotices } from './account-security/security-notices';
import { resetTwoFactorAudited, SET_PASSWORD_FROM_MAILBOX, setAdminAudited } from './admin/admin-accounts';
import { IDENTITY_DATA } from './identity.data';
// The local launcher's embedded PostgreSQL and redis-server, for development without DATABASE_URL and REDIS_URL.
import { startEmbeddedPostgres } from '../../../infra/local/embedded-postgres';
import { runningLocalRedis } from '../../../infra/local/redis-server';

const USAGE = 'Usage: npm run admin -- promote <email> | demote <email> | reset-two-factor <email>';

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
/** Ends the command with one line on stderr and an exit code (after cleaning up). */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The embedded PostgreSQL that `npm start` keeps under DATA_DIR, if its server is running now. */
function runningEmbeddedPostgres(config: AppConfig): string | undefined {
  const pidFile = join(config.dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return undefined;
  }
  return `postgres://postgres:postgres@127.0.0.1:${port.trim()}/portal`;
}

async function withDatabase<T>(config: AppConfig, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  let url: string | undefined = config.DATABASE_URL ?? runningEmbeddedPostgres(config);
  let stopPostgres: (() => Promise<void>) | undefined;
  if (!url) {
    if (config.isProduction) throw new CliError('DATABASE_URL is not set');
    // Development without `npm start` running: start its embedded PostgreSQL for this command.
    const postgres = await startEmbeddedPostgres(join(config.dataDir, 'postgres'));
    url = postgres.url;
    stopPostgres = postgres.stop;
  }
  const dataSource = new DataSource(serviceDataSourceOptions(IDENTITY_DATA, url!, 1));
  try {
    await dataSource.initialize();
    const migrated = (await dataSource.query(`SELECT to_regclass('identity.users') IS NOT NULL AS ok`)) as Array<{
      ok: boolean;
    }>;
    if (!migrated[0]?.ok) {
      throw new CliError('The identity schema is not migrated yet: run `npm run migrate` (or `npm start`) first');
    }
    return await work(dataSource);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await stopPostgres?.();
  }
}

/**
 * Tells every service to refuse the user's older tokens at once; else says why it could not
 * (the services then see the demotion in Postgres within SESSION_VERSION_CACHE_SECONDS).
 */
async function publishRevocation(config: AppConfig, userId: string, sessionVersion: number): Promise<true | string> {
  const redisUrl = config.REDIS_URL ?? (config.isProduction ? undefined : runningLocalRedis(config.dataDir));
  if (!redisUrl) return 'no REDIS_URL, and no running npm start';
  const connections = new RedisConnections(Object.assign(new AppConfig(), config, { REDIS_URL: redisUrl }));
  try {
    await new SessionRevocation(config, connections).publish(userId, sessionVersion);
    return true;
  } catch (error) {
    return `Redis unreachable: ${(error as Error).message}`;
  } finally {
    await connections.close();
  }
}

/** Ends the user's sessions everywhere, and says how (see publishRevocation). */
async function endSessions(config: AppConfig, userId: string, sessionVersion: number): Promise<string> {
  const published = await publishRevocation(config, userId, sessionVersion);
  return published === true
    ? 'their sessions were ended'
    : `their sessions end in identity now, everywhere within ${SESSION_VERSION_CACHE_SECONDS} seconds (${published})`;
}

async function resetTwoFactor(config: AppConfig, email: string): Promise<void> {
  // The owner's notice goes to identity's outbox with the change; a running worker's relay delivers it.
  const reset = await withDatabase(config, (dataSource) =>
    resetTwoFactorAudited(
      dataSource,
      new AuditTrail(new Outbox(), dataSource, 'identity'),
      new SecurityNotices(new Outbox(), config),
      email,
    ),
  );
  switch (reset.outcome) {
    case 'not-found':
      throw new CliError(`No account with the e-mail ${email}: nothing changed`);
    case 'not-enabled':
      return out(`${reset.email} has no second factor: nothing changed`);
    case 'reset': {
      const note = await endSessions(config, reset.userId, reset.sessionVersion);
      return out(`${reset.email} signs in without a second factor until they set one up again; ${note}`);
    }
  }
}

async function main(): Promise<void> {
  const [command, email, ...rest] = process.argv.slice(2);
  if (!['promote', 'demote', 'reset-two-factor'].includes(command ?? '') || !email || rest.length)
    throw new CliError(USAGE, 2);

  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }

  if (command === 'reset-two-factor') return resetTwoFactor(config, email);
  const admin = command === 'promote';
  // The audit entry goes to identity's outbox with the change; a running worker's relay delivers it.
  const change = await withDatabase(config, (dataSource) =>
    setAdminAudited(dataSource, new AuditTrail(new Outbox(), dataSource, 'identity'), email, admin, 'cli'),
  );
  switch (change.outcome) {
    case 'not-found':
      throw new CliError(`No account with the e-mail ${email}: nothing changed`);
    case 'password-not-from-mailbox':
      throw new CliError(
        `${change.email} still has the password chosen when it was registered, which may be anyone's who ` +
          `typed the address, so it cannot be an admin: nothing changed. Once ${SET_PASSWORD_FROM_MAILBOX}, ` +
          `promote again`,
      );
    case 'unchanged':
      return out(`${change.email} is already ${admin ? 'an admin' : 'not an admin'}: nothing changed`);
    case 'promoted':
      return out(`${change.email} is now an admin (user_type 99); they see it after signing in again`);
    case 'demoted': {
      // Tokens that still say admin stop working everywhere, not only in identity.
      const note = await endSessions(config, change.userId, change.sessionVersion);
      return out(`${change.email} is no longer an admin (user_type 1); ${note}`);
    }
  }
}

// Exit explicitly: a Redis client that never connected would keep the process alive.
main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(error instanceof CliError ? `${error.message}\n` : `admin: ${error.message}\n`);
    process.exit(error instanceof CliError ? error.exitCode : 1);
  },
);
