import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** Builds web/dist when it is missing or older than the web sources. */
export function ensureWebBuilt(root: string, log: (line: string) => void): void {
  const web = join(root, 'web');
  const built = join(web, 'dist', 'index.html');
  const sources = Math.max(
    ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newestMtime(join(web, p))),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  log('building the web app (web/dist)...');
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web build failed (see above)');
}
