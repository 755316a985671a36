// `npm run build -w web`: the app (vite build), the prerender's SSR entry (into dist/.ssr), then the
// prerendered pages (prerender.mjs). Arguments go to both Vite builds (`-- --logLevel warn`).
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const run = (command, commandArgs) => execFileSync(command, commandArgs, { cwd: web, stdio: 'inherit' });

run('npx', ['vite', 'build', ...args]);
run('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist/.ssr', '--emptyOutDir', ...args]);
run(process.execPath, [join(web, 'scripts', 'prerender.mjs')]);
