import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CursorList } from '../api/cursor-list';
import { BusyButton, type BusyButtonProps } from './BusyButton';
import { LoadMore } from './LoadMore';

const list = (shown: number, total: number, more: boolean, pages: number): CursorList<unknown> => ({
  items: Array.from({ length: shown }, (_, index) => index),
  total,
  more,
  pages,
});

const render = (of: CursorList<unknown>, busy = false) =>
  renderToStaticMarkup(createElement(LoadMore, { list: of, busy, label: 'Inbox pages', onMore: () => undefined }));

const button = (html: string) => html.match(/<button[^>]*>/)?.[0];

describe('LoadMore', () => {
  it('is there only when the list has more than one page', () => {
    expect(render(list(3, 3, false, 1))).toBe('');
    const html = render(list(20, 45, true, 1));
    expect(html).toContain('<nav');
    expect(html).toContain('aria-label="Inbox pages"');
    expect(html).toContain('Showing 20 of 45');
    expect(html).toMatch(/>Load more<\/button>/);
    expect(button(html)).not.toMatch(/aria-disabled/);
  });

  it('keeps the button, focusable and aria-disabled, once the last page is in or while a page loads', () => {
    for (const html of [render(list(45, 45, false, 3)), render(list(20, 45, true, 1), true)]) {
      expect(button(html)).not.toMatch(/ disabled=/);
      expect(button(html)).toMatch(/aria-disabled="true"/);
    }
    expect(render(list(45, 45, false, 3))).toContain('Showing 45 of 45');
  });

  it('asks for the next page only when there is one and none is loading', () => {
    let asked = 0;
    const press = (of: CursorList<unknown>, busy: boolean) => {
      const nav = LoadMore({ list: of, busy, label: 'pages', onMore: () => asked++ });
      const children = (nav as { props: { children: Array<{ props: unknown }> } }).props.children;
      const element = BusyButton(children[1].props as BusyButtonProps);
      (element.props as { onClick(event: unknown): void }).onClick({ preventDefault: () => undefined });
    };
    press(list(20, 45, true, 1), true);
    press(list(45, 45, false, 3), false);
    press(list(20, 45, true, 1), false);
    expect(asked).toBe(1);
  });
});
