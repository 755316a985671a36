import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * PostgreSQL refuses to run as root, so as root the embedded PostgreSQL runs as the
 * `postgres` system user: that user must reach its binaries and its data folder. What
 * stands in the way, and the one line that says so.
 */
export type RootProblem =
  /** No `postgres` user, and creating one failed. */
  | { kind: 'no-user'; reason: string }
  /** `blocked` (a folder on the way to the binaries in `path`) is closed to the `postgres` user. */
  | { kind: 'binaries'; path: string; blocked: string }
  /** `blocked` (a folder on the way to the data folder `path`) is closed to the `postgres` user. */
  | { kind: 'data'; path: string; blocked: string };

export class PostgresAsRootError extends Error {
  constructor(readonly problem: RootProblem) {
    super(rootProblemMessage(problem));
    this.name = 'PostgresAsRootError';
  }
}

/** `/a/b/c` → ['/', '/a', '/a/b', '/a/b/c']: every folder a process enters to reach `path`. */
export function foldersOnTheWay(path: string): string[] {
  const folders: string[] = [];
  for (let folder = resolve(path); ; folder = dirname(folder)) {
    folders.unshift(folder);
    if (dirname(folder) === folder) return folders;
  }
}

/**
 * The first folder on the way to `path` that `canEnter` refuses; undefined when every
 * existing one is open (folders that do not exist yet are created by whoever needs them).
 */
export function blockedFolder(
  path: string,
  canEnter: (folder: string) => boolean,
  exists: (folder: string) => boolean = existsSync,
): string | undefined {
  for (const folder of foldersOnTheWay(path)) {
    if (!exists(folder)) return undefined;
    if (!canEnter(folder)) return folder;
  }
  return undefined;
}

/**
 * One line: what cannot work, why, and what to do. `dataDir` is the launcher's DATA_DIR
 * (the data folder is `<DATA_DIR>/postgres`); without it the line names the folder itself.
 */
export function rootProblemMessage(problem: RootProblem, dataDir?: string): string {
  const asPostgres = 'PostgreSQL refuses to run as root, so it runs as the "postgres" user';
  const nonRoot = dataDir ? 'run npm start as a non-root user' : 'run as a non-root user';
  switch (problem.kind) {
    case 'data':
      return dataDir
        ? `DATA_DIR ${dataDir} cannot hold the embedded PostgreSQL when npm start runs as root: ${asPostgres}, who cannot enter ${problem.blocked}. Choose a DATA_DIR outside private folders, ${nonRoot}, or set DATABASE_URL.`
        : `${problem.path} cannot hold the embedded PostgreSQL when run as root: ${asPostgres}, who cannot enter ${problem.blocked}. Choose a folder outside private folders, ${nonRoot}, or set DATABASE_URL.`;
    case 'binaries':
      return `The embedded PostgreSQL cannot start as root from here: ${asPostgres}, who cannot enter ${problem.blocked} to reach its binaries in ${problem.path}. Put the repository outside private folders, ${nonRoot}, or set DATABASE_URL.`;
    case 'no-user':
      return `The embedded PostgreSQL cannot start as root: PostgreSQL refuses to run as root and there is no "postgres" user to run it as (creating one failed: ${problem.reason}). Create that user, ${nonRoot}, or set DATABASE_URL.`;
  }
}
