import { blockedFolder, foldersOnTheWay, PostgresAsRootError, rootProblemMessage } from './postgres-as-root';

describe('foldersOnTheWay', () => {
  it('lists every folder from the root down to the path itself', () => {
    expect(foldersOnTheWay('/tmp/abc/data/')).toEqual(['/', '/tmp', '/tmp/abc', '/tmp/abc/data']);
    expect(foldersOnTheWay('/')).toEqual(['/']);
  });
});

describe('blockedFolder', () => {
  const existing = new Set(['/', '/tmp', '/tmp/private', '/tmp/private/data', '/srv', '/root']);
  const exists = (folder: string) => existing.has(folder);
  const closed = new Set(['/tmp/private', '/root']);
  const canEnter = (folder: string) => !closed.has(folder);

  it('names the first folder the user cannot enter', () => {
    expect(blockedFolder('/tmp/private/data/postgres', canEnter, exists)).toBe('/tmp/private');
    expect(blockedFolder('/root/portal/.data/postgres', canEnter, exists)).toBe('/root');
  });

  it('passes a path whose existing folders are all open; missing ones get created later', () => {
    expect(blockedFolder('/srv/portal/data/postgres', canEnter, exists)).toBeUndefined();
    expect(blockedFolder('/tmp', canEnter, exists)).toBeUndefined();
  });
});

describe('rootProblemMessage', () => {
  it('names DATA_DIR, the folder in the way and the three ways out, on one line', () => {
    const line = rootProblemMessage(
      { kind: 'data', path: '/tmp/tmp.x/data/postgres', blocked: '/tmp/tmp.x' },
      '/tmp/tmp.x/data',
    );
    expect(line).toBe(
      'DATA_DIR /tmp/tmp.x/data cannot hold the embedded PostgreSQL when npm start runs as root: ' +
        'PostgreSQL refuses to run as root, so it runs as the "postgres" user, who cannot enter /tmp/tmp.x. ' +
        'Choose a DATA_DIR outside private folders, run npm start as a non-root user, or set DATABASE_URL.',
    );
  });

  it('names the data folder itself outside the launcher (tests, admin CLI)', () => {
    const error = new PostgresAsRootError({ kind: 'data', path: '/root/x/.data/test-postgres', blocked: '/root' });
    expect(error.message).toMatch(/^\/root\/x\/\.data\/test-postgres cannot hold .* who cannot enter \/root\. /);
    expect(error.message).not.toContain('DATA_DIR');
  });

  it('says when the binaries are out of reach (a clone under /root) and when there is no postgres user', () => {
    expect(
      rootProblemMessage({ kind: 'binaries', path: '/root/portal/node_modules/pg/bin', blocked: '/root' }, '/d'),
    ).toMatch(
      /who cannot enter \/root to reach its binaries in \/root\/portal\/node_modules\/pg\/bin\. Put the repository outside private folders, run npm start as a non-root user, or set DATABASE_URL\.$/,
    );
    expect(rootProblemMessage({ kind: 'no-user', reason: 'useradd: not found' })).toContain(
      'no "postgres" user to run it as (creating one failed: useradd: not found)',
    );
  });

  it.each([
    { kind: 'data', path: '/a/b', blocked: '/a' },
    { kind: 'binaries', path: '/a/b', blocked: '/a' },
    { kind: 'no-user', reason: 'x' },
  ] as const)('is a single line ($kind)', (problem) => {
    expect(rootProblemMessage(problem, '/d')).not.toMatch(/\n/);
  });
});
