import { cursorList } from './cursor-list';

const page = (items: string[], total: number, next_cursor: string | null) => ({ items, total, next_cursor });

describe('cursorList', () => {
  it('shows the pages read as one list, and whether there is more', () => {
    expect(cursorList([page(['a', 'b'], 5, 'c1'), page(['c', 'd'], 5, 'c2')])).toEqual({
      items: ['a', 'b', 'c', 'd'],
      total: 5,
      more: true,
      pages: 2,
    });
    expect(cursorList([page(['a'], 1, null)])).toEqual({ items: ['a'], total: 1, more: false, pages: 1 });
    expect(cursorList([])).toEqual({ items: [], total: 0, more: false, pages: 0 });
  });

  it('counts by the latest page, never fewer than are shown (items handled away since the first page)', () => {
    expect(cursorList([page(['a', 'b'], 4, 'c1'), page(['c', 'd'], 6, null)]).total).toBe(6);
    expect(cursorList([page(['a', 'b'], 4, 'c1'), page(['c'], 2, null)]).total).toBe(3);
  });
});
