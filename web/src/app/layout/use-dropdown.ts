import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * A disclosure menu of the header (Services, About, the profile menu, the mobile menu): a button that
 * opens a panel of links, so links stay links. Escape, an outside click and tabbing away close it
 * (Escape returns focus to the button); ArrowDown on the button opens it on its first item; the arrow
 * keys, Home and End move between the items of `list`.
 *
 * Spread `rootProps` on the element holding the button and the panel, `buttonProps` on the button, and
 * give the panel `id={panelId}` and the items' container `ref={listRef}`.
 */
export function useDropdown<List extends HTMLElement = HTMLUListElement>() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<List>(null);
  const focusFirstOnOpen = useRef(false);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    function closeOnOutsidePointer(event: PointerEvent) {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  useEffect(() => {
    if (!open || !focusFirstOnOpen.current) return;
    focusFirstOnOpen.current = false;
    focusItem(list.current, 0);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (!open) {
      if (event.key === 'ArrowDown' && event.target === button.current) {
        event.preventDefault();
        focusFirstOnOpen.current = true;
        setOpen(true);
      }
      return;
    }
    const current = menuItems(list.current).indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(list.current, moves[event.key]);
    }
  }

  // Focus leaving for another element of the page (Tab past the last item) closes the menu.
  function onBlur(event: FocusEvent<HTMLElement>) {
    if (open && event.relatedTarget && !root.current?.contains(event.relatedTarget)) setOpen(false);
  }

  return {
    open,
    close: () => setOpen(false),
    panelId,
    listRef: list,
    rootProps: { ref: root, onKeyDown, onBlur },
    buttonProps: {
      ref: button,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((isOpen) => !isOpen),
    },
  };
}

function menuItems(list: HTMLElement | null): HTMLElement[] {
  return Array.from(list?.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)') ?? []);
}

/** Focuses the item at `index`, wrapping around at both ends (-1 is the last). */
function focusItem(list: HTMLElement | null, index: number): void {
  const items = menuItems(list);
  items[(index + items.length) % items.length]?.focus();
}
