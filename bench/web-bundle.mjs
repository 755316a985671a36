// What the home page costs a browser, and how Lighthouse rates the public pages.
//
// 1. The JavaScript the browser fetches for `/` before any interaction: the module script and every
//    modulepreload of the built (prerendered) web/dist/index.html, gzipped, against a 100 KB budget.
// 2. Lighthouse (mobile profile, simulated throttling) with Debian's Chromium on /, /books, /company,
//    /filings and /signin of the built app served by the gateway (all-in-one, scratch database as the
//    other benchmarks start it, bench/bench-env.ts): the four category scores and CLS, LCP and TBT.
//
//   npm run bench:web                       builds everything first, then measures
//   npm run bench:web -- --no-build         measures the existing build
//   npm run bench:web -- --no-lighthouse    only the bytes
//   CHROME_PATH=/path/to/chromium           another Chromium than /usr/bin/chromium
//   LIGHTHOUSE_RUNS=3                       runs per page (the median by performance score is printed; max 5)
//   LIGHTHOUSE_PAGES=/,/about               other pages than the five above
//   LIGHTHOUSE_REPORTS=dir                  also writes each page's full report (JSON) there
//
// Exits with 1 when the home page is over budget. Lighthouse figures are printed, never asserted.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'web', 'dist');
const BUDGET_BYTES = 100 * 1024;
const LIGHTHOUSE_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/books', '/company', '/filings', '/signin'];
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

const args = process.argv.slice(2);
if (!args.includes('--no-build')) {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`No ${indexPath}: build the app first (npm run build).`);
  process.exit(2);
}

// KiB (1024 bytes), as browsers and the budget count them.
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

function homePageBytes() {
  const html = readFileSync(indexPath, 'utf8');
  const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const scripts = tags
    .filter((tag) => tag.startsWith('<script') && attribute(tag, 'type') === 'module' && attribute(tag, 'src'))
    .map((tag) => attribute(tag, 'src'));
  const preloads = tags
    .filter((tag) => tag.startsWith('<link') && attribute(tag, 'rel') === 'modulepreload')
    .map((tag) => attribute(tag, 'href'));
  const styles = tags
    .filter((tag) => tag.startsWith('<link') && attribute(tag, 'rel') === 'stylesheet')
    .map((tag) => attribute(tag, 'href'));
  const measure = (url) => {
    const bytes = readFileSync(join(dist, url.replace(/^\//, '')));
    return { file: url, raw: bytes.length, gzip: gzipSync(bytes).length };
  };
  const rows = [...new Set([...scripts, ...preloads])].map(measure).sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });
  const css = styles.map(measure);
  const document = { raw: Buffer.byteLength(html), gzip: gzipSync(html).length };

  console.log(
    `Home page (/) JavaScript before interaction: ${scripts.length} module script + ${preloads.length} modulepreloads of web/dist/index.html`,
  );
  for (const row of rows)
    console.log(`  ${row.file.padEnd(48)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(9)} gzip`);
  console.log(`  ${'total'.padEnd(48)} ${kb(total.raw).padStart(10)} raw ${kb(total.gzip).padStart(9)} gzip`);
  console.log(
    `  (alongside: the HTML ${kb(document.gzip)} gzip, ${css.length} stylesheets ${kb(css.reduce((sum, row) => sum + row.gzip, 0))} gzip)`,
  );
  const ratio = total.gzip / BUDGET_BYTES;
  console.log(
    `Budget: ${kb(total.gzip)} / ${kb(BUDGET_BYTES)} gzip = ${ratio.toFixed(3)} (${(ratio * 100).toFixed(1)}% of budget)`,
  );
  return ratio <= 1;
}

function lighthouseVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version;
}

async function lighthouseReport() {
  if (!existsSync(CHROME_PATH))
    throw new Error(`Chromium not found at ${CHROME_PATH}: apt-get install -y chromium, or set CHROME_PATH`);
  const runs = Math.min(Math.max(Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1, 1), 5);
  // The benchmark helpers are TypeScript, compiled with the other benchmarks.
  execFileSync('npx', ['tsc', '-p', 'bench/tsconfig.json'], { cwd: root, stdio: 'inherit' });
  const require = createRequire(import.meta.url);
  const { startBackingServices, machineLoad, median } = require(join(root, 'dist', 'bench', 'bench-env.js'));
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');

  const services = await startBackingServices();
  let chrome;
  try {
    const app = await services.startApp();
    chrome = await launch({
      chromePath: CHROME_PATH,
      // Headless, and nothing fetched but the app: no updates, no field trials, no sign-in, no safe browsing.
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-domain-reliability',
        '--disable-sync',
        '--no-first-run',
        '--disable-features=OptimizationHints,MediaRouter,Translate',
      ],
    });
    // The gateway's own origin as APP_URL (localhost:port), so canonical links point at the page measured.
    const origin = new URL(app.baseUrl);
    const base = `http://localhost:${origin.port}`;
    console.log(`\nLighthouse ${lighthouseVersion()}, mobile, ${runs} run(s) per page, ${machineLoad()}`);
    const width = Math.max(10, ...LIGHTHOUSE_PAGES.map((page) => page.length));
    console.log(`  ${'page'.padEnd(width)} perf  a11y  best   seo    CLS     LCP     TBT`);
    for (const path of LIGHTHOUSE_PAGES) {
      const results = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        results.push(result.lhr);
      }
      const score = (lhr, id) => Math.round((lhr.categories[id].score ?? 0) * 100);
      const performance = median(results.map((lhr) => score(lhr, 'performance')));
      const lhr = results.find((candidate) => score(candidate, 'performance') === performance) ?? results[0];
      const metric = (id) => lhr.audits[id].numericValue;
      if (process.env.LIGHTHOUSE_REPORTS) {
        mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        const name = path === '/' ? 'home' : path.slice(1).replace(/\//g, '-');
        writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), JSON.stringify(lhr));
      }
      console.log(
        `  ${path.padEnd(width)} ${String(score(lhr, 'performance')).padStart(4)} ${String(score(lhr, 'accessibility')).padStart(5)} ${String(score(lhr, 'best-practices')).padStart(5)} ${String(score(lhr, 'seo')).padStart(5)}` +
          `  ${metric('cumulative-layout-shift').toFixed(3).padStart(6)} ${`${(metric('largest-contentful-paint') / 1000).toFixed(2)} s`.padStart(7)} ${`${Math.round(metric('total-blocking-time'))} ms`.padStart(7)}`,
      );
      const failing = Object.values(lhr.categories)
        .filter((category) => category.id !== 'performance')
        .flatMap((category) =>
          category.auditRefs.filter(
            (ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1,
          ),
        )
        .map((ref) => ref.id);
      if (failing.length) console.log(`    failing audits: ${[...new Set(failing)].join(', ')}`);
    }
  } finally {
    await chrome?.kill();
    await services.stop();
  }
}

const withinBudget = homePageBytes();
if (!args.includes('--no-lighthouse')) await lighthouseReport();
if (!withinBudget) {
  console.error('Over budget: keep what the home page preloads small; load the rest with the pages that need it.');
  process.exit(1);
}
