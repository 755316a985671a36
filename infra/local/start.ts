import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { appConfig, ConfigError, repoRoot } from '@portal/config';
import { BackingServices, BackingServicesFailed, startBackingServices } from './backing-services';
import { LocalPayments, startLocalPayments } from './payments';
import { assertRedisServerAvailable, RedisNotFoundError } from './redis-server';
import { ensureWebBuilt } from './web-build';

/**
 * `npm start`: the whole product on one machine with no configuration. Embedded
 * Postgres (unless DATABASE_URL), a private redis-server (unless REDIS_URL), the web
 * build if stale, then the gateway in all-in-one mode as a child process. Ctrl-C stops
 * the gateway, then the databases; data stays under DATA_DIR for the next start.
 */
const log = (line: string) => process.stdout.write(`[portal] ${line}\n`);
const fail = (line: string): never => {
  process.stderr.write(`[portal] ${line}\n`);
  process.exit(1);
};

async function main() {
  let config;
  try {
    config = appConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  if (!config.REDIS_URL) {
    try {
      assertRedisServerAvailable();
    } catch (error) {
      if (error instanceof RedisNotFoundError) return fail(error.message);
      throw error;
    }
  }
  const root = repoRoot();
  let backing: BackingServices | undefined;
  let payments: LocalPayments | undefined;
  let gateway: ChildProcess | undefined;
  let stopping = false;

  // The gateway first and waited for: it still uses PostgreSQL and Redis while it stops.
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    if (gateway && gateway.exitCode === null && gateway.signalCode === null) {
      const exited = new Promise((resolve) => gateway!.once('exit', resolve));
      gateway.kill('SIGTERM');
      const timer = setTimeout(() => gateway?.kill('SIGKILL'), 8000);
      await exited;
      clearTimeout(timer);
    }
    await payments?.stop();
    await backing?.stop();
    log('stopped');
    process.exit(code);
  };
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));

  try {
    let databaseUrl = config.DATABASE_URL;
    let redisUrl = config.REDIS_URL;
    if (!databaseUrl || !redisUrl) {
      const postgresDir = databaseUrl ? undefined : join(config.dataDir, 'postgres');
      if (postgresDir) log(`starting embedded PostgreSQL (data in ${postgresDir})`);
      backing = startBackingServices({ dataDir: config.dataDir, postgresDir, redis: !redisUrl });
      const urls = await backing.ready;
      databaseUrl ??= urls.databaseUrl;
      if (!redisUrl) {
        redisUrl = urls.redisUrl;
        log(`started redis-server on ${redisUrl} (nothing kept on disk)`);
      }
    }
    if (stopping) return;
    payments = await startLocalPayments(config, log);
    if (stopping) return;
    ensureWebBuilt(root, log);

    gateway = spawn(process.execPath, [join(root, 'dist/services/gateway/src/main.js')], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        DATA_DIR: config.dataDir,
        ...payments?.env,
      },
    });
    gateway.once('exit', (code) => {
      if (!stopping) log(`the gateway exited (code ${code ?? 'signal'})`);
      void stopAll(code ?? 1);
    });
    await waitForHealth(`http://127.0.0.1:${config.PORT}/api/health`, () => stopping || gateway?.exitCode !== null);
    if (!stopping)
      log(
        `ready: ${config.appUrl.startsWith('http://localhost') ? `http://localhost:${config.PORT}` : config.appUrl}  (Ctrl-C stops everything)`,
      );
  } catch (error) {
    if (stopping) return;
    // Nothing else runs yet, and the backing services have already stopped: one line, exit 1.
    if (error instanceof BackingServicesFailed) return fail(error.message);
    process.stderr.write(`[portal] ${(error as Error).message}\n`);
    await stopAll(1);
  }
}

async function waitForHealth(url: string, givenUp: () => boolean): Promise<void> {
  while (!givenUp()) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

void main();
