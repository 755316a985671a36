// The JavaScript the home page loads before the visitor can interact, from the Vite manifest of the
// built web app: the entry chunk, the home route's chunk and every chunk either imports statically
// (dynamic imports, such as the lazily loaded services tab or other pages, are not counted). Prints
// the gzipped total against the 150 KB budget and the largest chunk of the build.
//
//   npm run bench:web               builds web/ first, then measures
//   npm run bench:web -- --no-build measures the existing web/dist
//
// Exits with 1 when the home page is over budget.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'web', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const HOME_PAGE_SOURCE = 'src/features/home/pages/HomePage.tsx';
const BUDGET_BYTES = 150 * 1024;

if (!process.argv.includes('--no-build')) {
  execFileSync('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
if (!existsSync(manifestPath)) {
  console.error(
    `No Vite manifest at ${manifestPath}: build the web app (npm run build -w web) with build.manifest on.`,
  );
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');
if (!manifest[HOME_PAGE_SOURCE]) throw new Error(`The manifest has no chunk for ${HOME_PAGE_SOURCE}`);

/** The chunk of `key` and every chunk it imports statically, transitively. */
function withStaticImports(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen);
  return seen;
}

const sizes = new Map();
function measure(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes).length });
  }
  return sizes.get(file);
}

const keys = withStaticImports(HOME_PAGE_SOURCE, withStaticImports(entryKey));
const files = [...new Set([...keys].map((key) => manifest[key].file))].filter((file) => file.endsWith('.js'));
const rows = files.map((file) => ({ file, ...measure(file) })).sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });
const css = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
const cssGzip = css.reduce((sum, file) => sum + measure(file).gzip, 0);

const assets = join(dist, 'assets');
const largest = readdirSync(assets)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file: `assets/${file}`, ...measure(`assets/${file}`) }))
  .sort((a, b) => b.gzip - a.gzip)[0];

// KiB (1024 bytes), as browsers and the budget count them.
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log('Home page JavaScript before interaction (entry + home route + their static imports):');
for (const row of rows)
  console.log(`  ${row.file.padEnd(44)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(9)} gzip`);
console.log(`  ${'total'.padEnd(44)} ${kb(total.raw).padStart(10)} raw ${kb(total.gzip).padStart(9)} gzip`);
console.log(`  (CSS alongside: ${css.length} files, ${kb(cssGzip)} gzip)`);
console.log(`Largest chunk: ${largest.file} ${kb(largest.raw)} raw, ${kb(largest.gzip)} gzip`);
const ratio = total.gzip / BUDGET_BYTES;
console.log(
  `Budget: ${kb(total.gzip)} / ${kb(BUDGET_BYTES)} gzip = ${ratio.toFixed(3)} (${(ratio * 100).toFixed(1)}% of budget)`,
);
if (ratio > 1) {
  console.error('Over budget: keep home code small and lazy-load below-the-fold parts.');
  process.exit(1);
}
