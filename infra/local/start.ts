import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { appConfig, ConfigError, repoRoot } from '@portal/config';
import { RunningPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { assertRedisServerAvailable, RedisNotFoundError, RunningRedis, startRedisServer } from './redis-server';
import { ensureWebBuilt } from './web-build';

/**
 * `npm start`: the whole product on one machine with no configuration. Embedded
 * Postgres (unless DATABASE_URL), a private redis-server (unless REDIS_URL), the web
 * build if stale, then the gateway in all-in-one mode as a child process. Ctrl-C stops
 * all of it; data stays under DATA_DIR for the next start.
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
  const started: Array<{ name: string; stop(): Promise<void> }> = [];
  let gateway: ChildProcess | undefined;
  let stopping = false;

  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    if (gateway && gateway.exitCode === null) {
      const exited = new Promise((resolve) => gateway!.once('exit', resolve));
      gateway.kill('SIGTERM');
      const timer = setTimeout(() => gateway?.kill('SIGKILL'), 8000);
      await exited;
      clearTimeout(timer);
    }
    for (const service of started.reverse()) {
      await service.stop().catch((error: Error) => log(`${service.name} did not stop cleanly: ${error.message}`));
    }
    log('stopped');
    process.exit(code);
  };
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));

  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      log(`starting embedded PostgreSQL (data in ${join(config.dataDir, 'postgres')})`);
      const postgres: RunningPostgres = await startEmbeddedPostgres(join(config.dataDir, 'postgres'));
      started.push({ name: 'PostgreSQL', stop: postgres.stop });
      databaseUrl = postgres.url;
    }
    let redisUrl = config.REDIS_URL;
    if (!redisUrl) {
      const redis: RunningRedis = await startRedisServer();
      started.push({ name: 'Redis', stop: redis.stop });
      redisUrl = redis.url;
      log(`started redis-server on ${redisUrl} (nothing kept on disk)`);
    }
    ensureWebBuilt(root, log);

    gateway = spawn(process.execPath, [join(root, 'dist/services/gateway/src/main.js')], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DATA_DIR: config.dataDir },
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
