// Prerenders the public marketing pages into web/dist after `vite build` (client) and
// `vite build --ssr src/entry-server.tsx --outDir dist/.ssr` (`npm run build -w web` runs all three):
//
//   dist/index.html, dist/books/index.html, dist/filings/<slug>/index.html, ...   each page's HTML, with its
//       title, description, canonical link, page CSS and code, and the catalog data it was rendered with
//   dist/app.html      the app shell (Vite's index.html) for every other page (the gateway's history fallback)
//   dist/sitemap.xml, dist/robots.txt
//
// The data is the catalog as its migrations seed it (prerender-catalog.json, kept equal to what a freshly
// migrated catalog serves by services/gateway/test/prerender-catalog.int-spec.ts): no database, Redis or
// network at build time. Absolute URLs (canonical, sitemap) are written as __APP_URL__, which the gateway
// replaces with its APP_URL when it loads the files (services/gateway/src/web-app.ts).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const ssrDir = join(dist, '.ssr');
const APP_URL = '__APP_URL__';
const catalog = JSON.parse(readFileSync(join(web, 'prerender-catalog.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const SERVICE_PAGES = 'src/features/services/pages/ServicePages.tsx';
const service = (description) => ({ source: SERVICE_PAGES, description });

/** Every prerendered page but the filings': its route's module (for its CSS and code) and its description. */
const PAGES = {
  '/': {
    source: 'src/features/home/pages/HomePage.tsx',
    // The one page that is not in src/app/site-routes.tsx: it loads without that table and react-query.
    siteRoutes: false,
    description:
      'Bookkeeping, tax, compliance, company formation, payroll and equity management for founders, startups and small businesses.',
  },
  '/books': service(
    'Monthly bookkeeping and financial statements by accountants who know startups and small businesses.',
  ),
  '/company': service(
    'Company formation, registered agent and the state filings that keep your business in good standing.',
  ),
  '/compliance': service(
    'Annual reports, licences and state and federal compliance filings, tracked and filed on time.',
  ),
  '/people': service('Payroll, contractor payments and HR compliance for growing teams.'),
  '/tax': service('Business and founder tax returns, estimated taxes and tax planning by experienced preparers.'),
  '/equity': service('Cap tables, 409A valuations and equity management for startups.'),
  '/pricing': {
    source: 'src/features/services/pages/PricingPage.tsx',
    description: 'Plans and prices of our bookkeeping, tax, compliance, payroll and equity services.',
  },
  '/filings': {
    source: 'src/features/filings/pages/FilingsPage.tsx',
    description: 'State and federal business filings we prepare and file for you, with their fees and deadlines.',
  },
  '/about': {
    source: 'src/features/about/pages/AboutPage.tsx',
    description: 'Who we are: the accountants and advisers behind Harbor Tax & Accounting.',
  },
  '/contact': {
    source: 'src/features/contact/pages/ContactPage.tsx',
    description: 'Talk to us about bookkeeping, tax or compliance for your business: send a message or book a call.',
  },
  '/careers': {
    source: 'src/features/careers/pages/CareersPage.tsx',
    description: 'Open positions at Harbor Tax & Accounting, and how to apply.',
  },
  '/perks': {
    source: 'src/features/perks/pages/PerksPage.tsx',
    description: 'Discounts and offers from our partners for the businesses we work with.',
  },
  '/blog': {
    source: 'src/features/blog/pages/BlogPage.tsx',
    description: 'Articles on bookkeeping, taxes and compliance for founders and small businesses.',
  },
  '/product-sheets': {
    source: 'src/features/product-sheets/pages/ProductSheetsPage.tsx',
    description: 'One-page summaries of each of our services, to read or share.',
  },
  '/privacy-policy': {
    source: 'src/features/legal/pages/PrivacyPolicyPage.tsx',
    description: 'How Harbor Tax & Accounting collects, uses and protects your personal information.',
  },
  // The sign-in form as a visitor first sees it (the query's notices show once the page is hydrated); a
  // page to reach, not to find, so it stays out of the sitemap.
  '/signin': {
    source: 'src/features/auth/pages/SignInPage.tsx',
    description: 'Sign in to your Harbor Tax & Accounting client portal.',
    sitemap: false,
  },
  '/terms-of-service': {
    source: 'src/features/legal/pages/TermsOfServicePage.tsx',
    description: 'The terms that apply when you use this website and our client portal.',
  },
};
const FILING_PAGE = 'src/features/filings/pages/FilingDetailPage.tsx';
/** The routes of every page but the home page (src/app/routes.tsx), with react-query. */
const SITE_ROUTES = 'src/app/site-routes.tsx';

/** The pages to prerender: the table above and one per filing form of the catalog. */
function pages() {
  const forms = catalog['/api/forms/'];
  if (!Array.isArray(forms) || forms.length === 0) throw new Error('prerender-catalog.json has no filing forms');
  return [
    ...Object.entries(PAGES).map(([path, page]) => ({ path, ...page })),
    ...forms.map((form) => ({
      path: `/filings/${form.slug}`,
      source: FILING_PAGE,
      description: form.short_description,
    })),
  ];
}

/** Answers the app's API reads from the catalog; any other call fails the build (it would fail at run time too). */
function catalogFetch(input) {
  const path = new URL(String(input), 'http://prerender.invalid').pathname;
  if (!(path in catalog)) return Promise.reject(new Error(`prerender: no catalog answer for GET ${path}`));
  return Promise.resolve(
    new Response(JSON.stringify(catalog[path]), { headers: { 'content-type': 'application/json' } }),
  );
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script type="application/json">: `<` escaped so that no `</script>` can end it early. */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The JS and CSS files of a module and its static imports, from the Vite manifest. */
function assetsOf(key, found = { js: new Set(), css: new Set() }, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`prerender: ${key} is not in the Vite manifest`);
  if (seen.has(key)) return found;
  seen.add(key);
  found.js.add(chunk.file);
  // Imported styles before the chunk's own, in the order Vite links them (the cascade depends on it).
  for (const imported of chunk.imports ?? []) assetsOf(imported, found, seen);
  for (const css of chunk.css ?? []) found.css.add(css);
  return found;
}

/**
 * The page's styles, inline: nothing blocks the first paint but the HTML itself. Each file also gets a
 * disabled <link> (never fetched, never applied), by which Vite's loader knows that the styles are on the
 * page and does not add them a second time when a chunk that imports them loads.
 */
function inlineStyles(files) {
  return [...files].flatMap((file) => {
    const css = readFileSync(join(dist, file), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`prerender: ${file} contains </style>`);
    return [`<style>${css}</style>`, `<link rel="stylesheet" crossorigin href="/${file}" disabled>`];
  });
}

function pageHtml(template, page, rendered) {
  const entry = assetsOf(Object.keys(manifest).find((key) => manifest[key].isEntry));
  const own = assetsOf(page.source);
  if (page.siteRoutes !== false) assetsOf(SITE_ROUTES, own);
  const replace = (html, pattern, value) => {
    if (!pattern.test(html)) throw new Error(`prerender: the template has no ${pattern}`);
    return html.replace(pattern, () => value);
  };
  let html = template;
  html = replace(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`);
  html = replace(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
  );
  // Styles first (the app's, then the page's), inline; then the app's script and preloads as Vite wrote
  // them, then the page's own code, so that hydration need not wait for it to be discovered.
  html = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, '');
  const styles = inlineStyles(new Set([...entry.css, ...own.css]));
  html = replace(html, /<\/title>/, `</title>\n    ${styles.join('\n    ')}`);
  const head = [
    ...[...own.js]
      .filter((file) => !entry.js.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    `<link rel="canonical" href="${APP_URL}${page.path}">`,
  ];
  html = replace(html, /<\/head>/, `  ${head.join('\n    ')}\n  </head>`);
  html = replace(
    html,
    /<div id="root"><\/div>/,
    `<div id="root">${rendered.html}</div>\n    <script type="application/json" id="prerender-state">${scriptJson(rendered.state)}</script>`,
  );
  // The page is in the HTML: its code only hydrates it, so it is fetched at low priority, never ahead of what
  // the first paint needs (the app shell, which renders nothing without its code, keeps Vite's priorities).
  html = html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
  // Without JavaScript the prerendered page is readable: the notice is for the app shell only, and so is the
  // template's note on its title.
  return html
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/\s*<!-- Shown until the app sets[\s\S]*?-->/, '');
}

function sitemap(paths) {
  const urls = paths.map((path) => `  <url><loc>${APP_URL}${path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function robots(routes) {
  const privatePaths = ['/api/', '/queues', '/dev/', routes.admin, routes.profile, routes.dashboard, '/subscription/'];
  return [
    'User-agent: *',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${APP_URL}/sitemap.xml`,
    '',
  ].join('\n');
}

async function main() {
  const shell = join(dist, 'app.html');
  if (!existsSync(join(ssrDir, 'entry-server.js')))
    throw new Error(`prerender: build the SSR entry into ${ssrDir} first`);
  // Vite's index.html is the shell; index.html becomes the prerendered home page.
  if (!existsSync(shell)) renameSync(join(dist, 'index.html'), shell);
  const template = readFileSync(shell, 'utf8');
  globalThis.fetch = catalogFetch;
  const { render, ROUTES } = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);
  const list = pages();
  for (const page of list) {
    const rendered = await render(page.path);
    const file = join(dist, page.path, 'index.html');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, pageHtml(template, page, rendered));
  }
  writeFileSync(
    join(dist, 'sitemap.xml'),
    sitemap(list.filter((page) => page.sitemap !== false).map((page) => page.path)),
  );
  writeFileSync(join(dist, 'robots.txt'), robots(ROUTES));
  rmSync(ssrDir, { recursive: true, force: true });
  console.log(`prerendered ${list.length} pages, sitemap.xml and robots.txt into ${dist}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
