import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BusyButton, type BusyButtonProps } from './BusyButton';
import { pageCount, Pager } from './Pager';

const render = (page: number, busy: boolean) =>
  renderToStaticMarkup(
    createElement(Pager, { page, pageSize: 20, total: 60, busy, label: 'Invite code pages', onPage: () => undefined }),
  );

/** The Previous and Next buttons of the markup, as their opening tags. */
const buttons = (html: string) => html.match(/<button[^>]*>/g) ?? [];

describe('Pager', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('says the list’s own words on its buttons when it gives them', () => {
    const html = renderToStaticMarkup(
      createElement(Pager, {
        page: 2,
        pageSize: 20,
        total: 60,
        busy: false,
        label: 'Access log pages',
        previousLabel: 'Newer',
        nextLabel: 'Older',
        onPage: () => undefined,
      }),
    );
    expect(html).toContain('aria-label="Access log pages"');
    expect((html.match(/<button[^>]*>([^<]*)<\/button>/g) ?? []).map((tag) => tag.replace(/<[^>]+>/g, ''))).toEqual([
      'Newer',
      'Older',
    ]);
  });

  it('keeps both buttons focusable while the next page loads (a disabled button drops the focus to the page body)', () => {
    const [previous, next] = buttons(render(2, true));
    for (const button of [previous, next]) {
      expect(button).not.toMatch(/ disabled=/);
      expect(button).toMatch(/aria-disabled="true"/);
    }
  });

  it('keeps the button focusable on the first and the last page, marked aria-disabled there', () => {
    const [previous] = buttons(render(1, false));
    const [, next] = buttons(render(3, false));
    expect(previous).not.toMatch(/ disabled=/);
    expect(previous).toMatch(/aria-disabled="true"/);
    expect(next).not.toMatch(/ disabled=/);
    expect(next).toMatch(/aria-disabled="true"/);
    const [middlePrevious, middleNext] = buttons(render(2, false));
    expect(middlePrevious).not.toMatch(/aria-disabled/);
    expect(middleNext).not.toMatch(/aria-disabled/);
  });

  it('does not page past either end, nor while a page loads', () => {
    const pressed: number[] = [];
    const press = (page: number, busy: boolean, which: 0 | 1) => {
      const nav = Pager({ page, pageSize: 20, total: 60, busy, label: 'pages', onPage: (next) => pressed.push(next) });
      const children = (nav as { props: { children: Array<{ props: { onClick(event: unknown): void } }> } }).props
        .children;
      const element = which === 0 ? children[0] : children[2];
      // The BusyButton's own button, whose press is what the page gets.
      const button = BusyButton(element.props as unknown as BusyButtonProps);
      (button.props as { onClick(event: unknown): void }).onClick({ preventDefault: () => undefined });
    };
    press(1, false, 0);
    press(3, false, 1);
    press(2, true, 1);
    press(2, false, 1);
    press(2, false, 0);
    expect(pressed).toEqual([3, 1]);
  });
});
