import { safeSvgIcon } from './menu-icon';

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor"><path d="M4 4h16v16H4z"/><circle cx="12" cy="12" r="3" fill="url(#g)"/></svg>';

describe('safeSvgIcon', () => {
  it('passes a plain drawing', () => {
    expect(safeSvgIcon(ICON)).toBe(ICON);
    expect(safeSvgIcon(`  ${ICON}\n`)).toBe(ICON);
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
  ])('refuses %j', (markup) => {
    expect(safeSvgIcon(markup)).toBeNull();
  });
});
