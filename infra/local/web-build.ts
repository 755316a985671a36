import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** The build-time configuration of the web app (Vite's VITE_* variables), as one comparable string. */
function viteEnvironment(env: NodeJS.ProcessEnv): string {
  const entries = Object.entries(env).filter(([key]) => key.startsWith('VITE_'));
  return JSON.stringify(Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b))));
}

/**
 * Builds web/dist when it is missing, older than the web sources, or was built with other
 * VITE_* values (third-party URLs are baked into the bundle at build time).
 */
export function ensureWebBuilt(root: string, log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): void {
  const web = join(root, 'web');
  const built = join(web, 'dist', 'index.html');
  const stamp = join(web, 'dist', '.build-env.json');
  const sources = Math.max(
    ...['src', 'public', 'scripts', 'index.html', 'vite.config.ts', 'package.json', 'prerender-catalog.json'].map((p) =>
      newestMtime(join(web, p)),
    ),
    // The request and response shapes the app bundles from the server side.
    newestMtime(join(root, 'libs', 'contracts', 'src')),
  );
  const wanted = viteEnvironment(env);
  const fresh = existsSync(built) && statSync(built).mtimeMs >= sources;
  if (fresh && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  log('building the web app (web/dist)...');
  // Vite's table of every chunk is for `npm run build:web`; here only warnings and errors are shown.
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', 'web', '--', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) throw new Error('the web build failed (see above)');
  log('web app built');
  writeFileSync(stamp, wanted);
}
