import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BusyButton, type BusyButtonProps } from './BusyButton';

const render = (props: BusyButtonProps) => renderToStaticMarkup(createElement(BusyButton, props, 'Delete'));

describe('BusyButton', () => {
  it('stays focusable while busy: aria-disabled and aria-busy, never disabled, with its busy label', () => {
    const html = render({ busy: true, busyLabel: 'Deleting…', disabled: true });
    expect(html).toBe('<button type="button" aria-disabled="true" aria-busy="true">Deleting…</button>');
  });

  it('is a plain button when idle, disabled only when asked', () => {
    expect(render({ busy: false, busyLabel: 'Deleting…' })).toBe('<button type="button">Delete</button>');
    expect(render({ busy: false, disabled: true })).toBe('<button type="button" disabled="">Delete</button>');
  });

  it('keeps its children while busy without a busy label', () => {
    expect(render({ busy: true })).toBe('<button type="button" aria-disabled="true" aria-busy="true">Delete</button>');
  });

  it('ignores presses while busy and passes them on when idle', () => {
    const pressed: string[] = [];
    const press = (busy: boolean) => {
      const element = BusyButton({ busy, children: 'Delete', onClick: () => pressed.push(busy ? 'busy' : 'idle') });
      let prevented = false;
      const event = { preventDefault: () => (prevented = true) };
      (element.props as { onClick(event: unknown): void }).onClick(event);
      return prevented;
    };
    expect(press(true)).toBe(true);
    expect(press(false)).toBe(false);
    expect(pressed).toEqual(['idle']);
  });
});
