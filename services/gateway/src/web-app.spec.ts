import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteFiles } from './web-app';

describe('siteFiles', () => {
  let dist: string;

  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    const write = (path: string, text: string) => {
      mkdirSync(join(dist, path, '..'), { recursive: true });
      writeFileSync(join(dist, path), text);
    };
    write('index.html', '<link rel="canonical" href="__APP_URL__/">');
    write('books/index.html', '<link rel="canonical" href="__APP_URL__/books">');
    write('filings/annual-report/index.html', '<link rel="canonical" href="__APP_URL__/filings/annual-report">');
    write('app.html', '<div id="root"></div>');
    write('assets/index.html', 'not a page');
    write('.ssr/index.html', 'not a page');
    write('sitemap.xml', '<urlset><url><loc>__APP_URL__/</loc></url><url><loc>__APP_URL__/books</loc></url></urlset>');
    write('robots.txt', 'User-agent: *\nSitemap: __APP_URL__/sitemap.xml\n');
  });

  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('serves each prerendered page at its path, and the sitemap and robots.txt, with the app URL', () => {
    const files = siteFiles(dist, 'https://portal.example.com');

    expect([...files.keys()].sort()).toEqual(['/', '/books', '/filings/annual-report', '/robots.txt', '/sitemap.xml']);
    expect(files.get('/books')?.body.toString()).toBe('<link rel="canonical" href="https://portal.example.com/books">');
    expect(files.get('/books')?.type).toBe('text/html; charset=utf-8');
    expect(files.get('/sitemap.xml')?.body.toString()).toBe(
      '<urlset><url><loc>https://portal.example.com/</loc></url><url><loc>https://portal.example.com/books</loc></url></urlset>',
    );
    expect(files.get('/sitemap.xml')?.type).toBe('application/xml; charset=utf-8');
    expect(files.get('/robots.txt')?.body.toString()).toBe(
      'User-agent: *\nSitemap: https://portal.example.com/sitemap.xml\n',
    );
  });

  it('gives each file an ETag of its content', () => {
    const a = siteFiles(dist, 'https://a.example.com');
    const b = siteFiles(dist, 'https://b.example.com');

    expect(a.get('/books')?.etag).toMatch(/^"[\w-]+"$/);
    expect(a.get('/books')?.etag).not.toBe(b.get('/books')?.etag);
    expect(a.get('/books')?.etag).toBe(siteFiles(dist, 'https://a.example.com').get('/books')?.etag);
  });

  it('escapes the app URL for HTML and XML', () => {
    expect(siteFiles(dist, 'https://a.example.com/x?a=1&b=2').get('/')?.body.toString()).toBe(
      '<link rel="canonical" href="https://a.example.com/x?a=1&amp;b=2/">',
    );
  });
});
