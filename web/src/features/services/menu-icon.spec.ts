import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { safeSvgIcon } from './menu-icon';

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor"><path d="M4 4h16v16H4z"/><circle cx="12" cy="12" r="3"/></svg>';

/** The icons the catalog is seeded with, as its migration writes them (the web may not import its code). */
function seededIcons(): string[] {
  const migration = readFileSync(
    join(__dirname, '../../../../services/catalog/src/migrations/1795316700000-SeedMenuAndPages.ts'),
    'utf8',
  );
  const wrapper = /const svg = \(body: string\) =>\s*'([^']*)' \+\s*`([^`]*)\$\{body\}<\/svg>`/.exec(migration);
  if (!wrapper) throw new Error('the seed migration no longer wraps its icons with svg(body)');
  const bodies = [...migration.matchAll(/icon: svg\(\s*'([^']*)',?\s*\)/g)].map((match) => match[1]);
  expect(bodies).toHaveLength([...migration.matchAll(/\bicon:/g)].length);
  return bodies.map((body) => `${wrapper[1]}${wrapper[2]}${body}</svg>`);
}

describe('safeSvgIcon', () => {
  it('passes a plain drawing', () => {
    expect(safeSvgIcon(ICON)).toBe(ICON);
    expect(safeSvgIcon(`  ${ICON}\n`)).toBe(ICON);
  });

  it('passes every seeded catalog icon unchanged', () => {
    const icons = seededIcons();
    expect(icons).toHaveLength(6);
    for (const icon of icons) expect(safeSvgIcon(icon)).toBe(icon);
  });

  it.each([
    [
      '<svg viewBox="0 0 24 24"><g transform="rotate(45 12 12)"><rect x="4" y="4" width="16" height="16" rx="2"/></g></svg>',
    ],
    ['<svg><title>Books</title><desc>A ledger</desc><path d="M0 0"/></svg>'],
    ['<svg viewBox=\'0 0 24 24\'><polyline points=\'1,2 3,4\'/><line x1="0" y1="0" x2="1" y2="1"></line></svg>'],
    ['<SVG><Path d="M0 0"/></SVG>'],
  ])('passes the other basic shapes and forms: %j', (markup) => {
    expect(safeSvgIcon(markup)).toBe(markup);
  });

  it.each([
    [null],
    [''],
    ['📚'],
    ['<img src=x onerror=alert(1)>'],
    ['<svg onload="alert(1)"><path d="M0 0"/></svg>'],
    ['<svg><script>alert(1)</script></svg>'],
    ['<svg><foreignObject><div>x</div></foreignObject></svg>'],
    ['<svg><a href="javascript:alert(1)"><path d="M0 0"/></a></svg>'],
    ['<svg><use xlink:href="https://evil.example/sprite.svg#i"/></svg>'],
    ['<svg><rect style="fill:url(https://evil.example/x)"/></svg>'],
    ['<svg><path d="M0 0"/></svg><script>alert(1)</script>'],
    ['<svg><svg onload=alert(1)></svg></svg>'],
    ['<svg><set attributeName="onmouseover" to="alert(1)"/></svg>'],
    // What a denylist let through: elements and attributes it had not thought of.
    ['<svg><meta http-equiv="refresh" content="0;url=https://evil"></svg>'],
    ['<svg><link rel="stylesheet" href="https://evil.example/x.css"></svg>'],
    ['<svg><style>@import "https://evil.example/x.css"</style></svg>'],
    ['<svg><image href="https://evil.example/track.png"/></svg>'],
    ['<svg><circle cx="1" cy="1" r="1" fill="url(#other-element)"/></svg>'],
    ['<svg><path d="M0 0" class="x"/></svg>'],
    ['<svg><path d="M0 0" data-x="1"/></svg>'],
    ['<svg xmlns="http://evil.example/ns"><path d="M0 0"/></svg>'],
    ['<svg><path d="M0&#x3c;0"/></svg>'],
    ['<svg><path d=M0/></svg>'],
    ['<svg><path hidden d="M0 0"/></svg>'],
    ['<svg>text<path d="M0 0"/></svg>'],
    ['<svg><title>a<b>c</b></title></svg>'],
    ['<svg><!-- x --><path d="M0 0"/></svg>'],
    ['<svg><![CDATA[x]]></svg>'],
    ['<svg><path d="M0 0"></svg>'],
    ['<svg><g></path></g></svg>'],
    ['<svg><path d="M0 0"/></svg><svg></svg>'],
    ['<svg/>'],
    ['<svg><path d="M0 0"/>'],
    ['<svg\u00a0onload="alert(1)"></svg>'],
    ['<svg><path\u00a0d="M0 0"/></svg>'],
    [`<svg>${'<path d="M0 0"/>'.repeat(2000)}</svg>`],
  ])('refuses %j', (markup) => {
    expect(safeSvgIcon(markup)).toBeNull();
  });
});
